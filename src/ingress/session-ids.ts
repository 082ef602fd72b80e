// Session ids live in two namespaces that never meet: a messaging channel derives its conversations' ids
// (`<channel>-<bot>-<contact>`), and ids a client chooses (the HTTP routes, the AI SDK's chat ids) may not
// begin with a channel's prefix. So no client can create, in advance, the session a channel will look for.

/** The messaging channels, each the prefix of the session ids it derives. */
export const MESSAGING_CHANNELS = ['evolution', 'whatsapp', 'chatwoot'] as const;

const CHANNEL_PREFIX = new RegExp(`^(?:${MESSAGING_CHANNELS.join('|')})-`, 'i');

/** True for an id in a messaging channel's namespace (compared without case: ids differ only by case elsewhere). */
export const inChannelNamespace = (id: string): boolean => CHANNEL_PREFIX.test(id);

/** Why a client may not choose such an id (the HTTP routes' 400). */
export const CHANNEL_NAMESPACE_MESSAGE = `session ids beginning with ${MESSAGING_CHANNELS.map((c) => `${c}-`).join(', ')} belong to messaging channels: choose another id`;
