// One ingress for every message: the text rule (length, control characters), the per-conversation rate
// limit and the session-id namespaces that HTTP chat and every channel apply before the runtime reads a message.
export { MAX_MESSAGE_CHARS, admitText, cleanText, cleanStrings, type AdmittedText } from './text.ts';
export { ConversationRateLimit, DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE } from './rate.ts';
export { MESSAGING_CHANNELS, inChannelNamespace, CHANNEL_NAMESPACE_MESSAGE } from './session-ids.ts';
