// Shapes shared by the channel adapters and the hub that runs their messages through the bots.
import type { MESSAGING_CHANNELS } from '../ingress/index.ts';

/** A messaging channel: each derives its sessions' ids in a namespace of its own (src/ingress/session-ids.ts). */
export type ChannelName = (typeof MESSAGING_CHANNELS)[number];

/** Where a session's replies go: enough to send without the webhook that started the conversation. */
export type Address =
  /** `lid`: the customer's linked id when WhatsApp sent one, so a later message with only that id finds this conversation. */
  | { channel: 'evolution'; instance: string; number: string; lid?: string }
  /**
   * `to` is a phone number (wa_id), a business-scoped user id (`kind: 'user'`, for customers who show a
   * username and no number) or a group id (`kind: 'group'`, bots that answer in groups). `userId`: the customer's
   * business-scoped user id when Meta sent it, so a later message without the number finds this conversation.
   */
  | { channel: 'whatsapp'; phoneNumberId: string; to: string; kind?: 'phone' | 'user' | 'group'; userId?: string }
  /** `inbox`: the Chatwoot channel type of the conversation's inbox (e.g. `Channel::Whatsapp`), when the webhook named it. */
  | { channel: 'chatwoot'; accountId: number; conversationId: number; inbox?: string };

/**
 * What a customer sent. Text-like kinds (text, a button or list reply, a media caption, a catalogue order) run a
 * turn; `handlingOf` says what every kind gets.
 */
export type MessageKind =
  | 'text'
  | 'button'
  | 'image'
  | 'audio'
  | 'video'
  | 'document'
  | 'sticker'
  | 'location'
  | 'contact'
  | 'reaction'
  | 'order'
  | 'poll'
  | 'poll_vote'
  | 'unsupported';

/** A catalogue cart (WhatsApp `order`): what the bot reads is written from it in the bot's language. */
export interface OrderCart {
  catalogId?: string;
  items: { product: string; quantity: number; price?: number; currency?: string }[];
  note?: string;
}

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
  /** What was sent; absent means text. */
  kind?: MessageKind;
  /** The text the bot reads (a caption, a button's title included), or null when there is none. */
  text: string | null;
  /** Shown in the transcript after the kind's label, never read: a reaction's emoji, a poll's question, a file name. */
  detail?: string;
  order?: OrderCart;
  /** The provider's chat id when replies address a number but receipts need the chat (Evolution's remoteJid). */
  chatId?: string;
  /** When the webhook reached us (ISO): bursts of media are measured with it. */
  receivedAt?: string;
  address: Address;
  /** Chatwoot: the conversation's status in the webhook. */
  conversationStatus?: string;
  /** The text's original length when it was over the runtime's limit (`text` is then its cut start): answered "too long". */
  tooLong?: number;
  /** Not a customer question: an event the transcript keeps and the bot never answers. */
  note?: ChannelNote;
}

/**
 * Events of a conversation that only go in its transcript: the customer changed number, a message was deleted,
 * or the business owner answered from the WhatsApp app (`text` is then their reply).
 */
export type ChannelNote =
  | { kind: 'number_changed'; newNumber?: string }
  | { kind: 'deleted'; by: 'customer' | 'business' }
  | { kind: 'owner_reply' };
/** What the hub does with a message of a kind: run a turn, answer one line, or only keep it. */
export type Handling = 'turn' | 'line' | 'record';

/** A message with text is read; stickers, reactions and poll votes are not questions; other media get one line. */
export function handlingOf(msg: Pick<InboundMessage, 'kind' | 'text'>): Handling {
  if (msg.text !== null) return 'turn';
  return msg.kind === 'sticker' || msg.kind === 'reaction' || msg.kind === 'poll_vote' ? 'record' : 'line';
}

/** A provider's later word on a message we sent: WhatsApp reports a failed delivery after accepting the send. */
export interface DeliveryStatusReport {
  kind: 'delivery-status';
  channel: ChannelName;
  /** The provider's id of our message (the wamid the send returned). */
  providerMessageId: string;
  status: 'failed';
  /** The provider's error code (e.g. 131047: outside the 24-hour window) and what it says. */
  code?: string;
  error: string;
}

/** What a webhook parser returns for each event it saw. */
export type Parsed = { kind: 'message'; message: InboundMessage } | { kind: 'ignored'; reason: string } | DeliveryStatusReport;

/** An address as operators read it in logs. */
export function describeAddress(a: Address): string {
  if (a.channel === 'chatwoot') return `Chatwoot conversation ${a.accountId}/${a.conversationId}`;
  return a.channel === 'evolution' ? `${a.number} (Evolution ${a.instance})` : `${a.to} (Cloud API ${a.phoneNumberId})`;
}
