// Shapes shared by the channel adapters and the hub that runs their messages through the bots.

export type ChannelName = 'evolution' | 'whatsapp' | 'chatwoot';

/** Where a session's replies go: enough to send without the webhook that started the conversation. */
export type Address =
  | { channel: 'evolution'; instance: string; number: string }
  | { channel: 'whatsapp'; phoneNumberId: string; to: string }
  | { channel: 'chatwoot'; accountId: number; conversationId: number };

/** Media kinds the bots cannot read (they get the `media_unsupported` reply). */
export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'contact' | 'other';

/** One customer message, normalised from a provider's webhook. Stored as JSON in channel_inbound. */
export interface InboundMessage {
  channel: ChannelName;
  bot: string;
  /** The provider's message id: dedupes retried webhooks and is the turn's clientMessageId. */
  providerId: string;
  /** What identifies the conversation within the bot: a phone number, or Chatwoot's account:conversation. */
  contactKey: string;
  phoneNumber: string | null;
  name?: string;
  /** The text, or null for media the bot cannot read. */
  text: string | null;
  media?: MediaKind;
  /** A caption that came with the media (kept for the operator). */
  caption?: string;
  address: Address;
  /** Chatwoot: the conversation's status in the webhook. */
  conversationStatus?: string;
}

/** What a webhook parser returns for each event it saw. */
export type Parsed = { kind: 'message'; message: InboundMessage } | { kind: 'ignored'; reason: string };
