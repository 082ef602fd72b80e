// Evolution API (v2): `messages.upsert` and `messages.delete` webhooks in, `POST /message/sendText/{instance}` out,
// read receipts (`/chat/markMessageAsRead`) and "typing…" (`/chat/sendPresence`).
import type { EvolutionConfig } from './config.ts';
import { callJson } from './http.ts';
import type { Sql } from '../store/index.ts';
import { evolutionLinkOfLid } from './store.ts';
import { ignored, nonBlank, type Json } from './payload.ts';
import type { Address, InboundMessage, MessageKind, Parsed } from './types.ts';

/** Message keys of what the bot cannot read as text, and the kind each is. */
const MEDIA_KEYS: [string, MessageKind][] = [
  ['imageMessage', 'image'],
  ['audioMessage', 'audio'],
  ['pttMessage', 'audio'],
  ['videoMessage', 'video'],
  ['ptvMessage', 'video'],
  ['documentMessage', 'document'],
  ['stickerMessage', 'sticker'],
  ['lottieStickerMessage', 'sticker'],
  ['locationMessage', 'location'],
  ['liveLocationMessage', 'location'],
  ['contactMessage', 'contact'],
  ['contactsArrayMessage', 'contact'],
  ['reactionMessage', 'reaction'],
  ['pollCreationMessage', 'poll'],
  ['pollCreationMessageV2', 'poll'],
  ['pollCreationMessageV3', 'poll'],
  ['pollUpdateMessage', 'poll_vote'],
];

/** Wrappers WhatsApp puts around a message (disappearing, view-once, edited). */
const WRAPPERS = ['ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension', 'documentWithCaptionMessage'];

/**
 * Normalise an Evolution webhook. `instance` is the bot's configured instance (messages from another
 * instance are not this bot's). The webhook route refuses a bot without one, and a payload naming another.
 */
export function parseEvolutionWebhook(body: unknown, bot: string, instance?: string): Parsed[] {
  if (!body || typeof body !== 'object') return [ignored('not a JSON object')];
  const b = body as Json;
  const event = String(b.event ?? '').toLowerCase().replace(/_/g, '.');
  if (event !== 'messages.upsert' && event !== 'messages.delete') return [ignored(`event '${b.event ?? ''}' is not messages.upsert or messages.delete`)];
  const from = instanceNamed(b.instance);
  if (instance && from && from !== instance) return [ignored(`instance '${from}' is not this bot's instance`)];
  const via = instance ?? from;
  if (!via) return [ignored('no instance: set EVOLUTION_INSTANCE or settings.channels.evolution.instance')];
  const items = itemsOf(b.data);
  if (!items.length) return [ignored('no data')];
  const parse = event === 'messages.delete' ? parseDelete : parseOne;
  return items.map((d) => parse(d, bot, via));
}

/** The instance a webhook names: a string, or an object with `instanceName`. */
function instanceNamed(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  const name = (v as Json | undefined)?.instanceName;
  return typeof name === 'string' ? name : undefined;
}

/** The webhook's messages: `data` as a list, `data.messages`, or `data` as the one message. */
function itemsOf(data: any): Json[] {
  if (Array.isArray(data)) return data;
  if (Array.isArray(data?.messages)) return data.messages;
  return data ? [data] : [];
}

/** `messages.delete`: the key of the deleted message (as `data.key`, or as `data` itself). */
function parseDelete(d: Json, bot: string, instance: string): Parsed {
  const key = (d?.key ?? d) as Json;
  return deletion(key, key, bot, instance);
}

/** A deleted message, `key` naming the chat and who deleted it, `deleted` the message that is gone. */
function deletion(key: Json, deleted: Json, bot: string, instance: string): Parsed {
  if (typeof key?.remoteJid !== 'string' || !deleted?.id) return ignored('deletion without a message key');
  const sender = senderOf(key);
  if (typeof sender === 'string') return ignored(sender);
  const message = {
    channel: 'evolution' as const,
    bot,
    providerId: `${deleted.id}:deleted`,
    contactKey: sender.key,
    phoneNumber: sender.phone,
    text: null,
    address: addressOf(instance, sender),
    note: { kind: 'deleted', by: key.fromMe === true ? 'business' : 'customer' } as const,
  };
  return { kind: 'message', message };
}

function parseOne(d: Json, bot: string, instance: string): Parsed {
  const key = d?.key as Json | undefined;
  if (!key || typeof key.remoteJid !== 'string' || !key.id) return ignored('no message key');
  const sender = senderOf(key);
  if (typeof sender === 'string') return ignored(sender);
  const message = unwrapped((d.message ?? {}) as Json);
  const revoked = message.protocolMessage;
  if (isRevoke(revoked)) return deletion(key, revoked.key ?? key, bot, instance);
  const fromMe = key.fromMe === true;
  const content = fromMe ? ownerReplyOf(message) : customerContentOf(message, d.messageType);
  if (typeof content === 'string') return ignored(content);
  // A message the business sent: pushName is then the business's own name, not the customer's.
  const name = !fromMe && typeof d.pushName === 'string' ? d.pushName : undefined;
  const base = { channel: 'evolution' as const, bot, providerId: String(key.id), contactKey: sender.key, phoneNumber: sender.phone, name };
  return { kind: 'message', message: { ...base, ...content, chatId: String(key.remoteJid), address: addressOf(instance, sender) } };
}

/** A protocol message that deletes a message for everyone (the deleted one's key inside). */
function isRevoke(p: Json | undefined): boolean {
  return p?.type === 'REVOKE' || p?.type === 0;
}

/** The message inside the wrappers WhatsApp put around it (at most three deep). */
function unwrapped(outer: Json): Json {
  let message = outer;
  for (let i = 0; i < 3; i++) {
    const wrapper = WRAPPERS.find((w) => message[w]?.message);
    if (!wrapper) break;
    message = message[wrapper].message;
  }
  return message;
}

type Content = Pick<InboundMessage, 'kind' | 'text' | 'detail' | 'note'>;

/** The text of a plain message: `conversation`, or an `extendedTextMessage` (a link preview, a quote). */
const plainTextOf = (m: Json): unknown => (typeof m.conversation === 'string' ? m.conversation : m.extendedTextMessage?.text);

/** Sent from the number itself: the owner answering in the WhatsApp app (the hub drops Switchboard's own sends). */
function ownerReplyOf(message: Json): Content | string {
  const text = plainTextOf(message);
  const said = typeof text === 'string' ? text : replyTextOf(message);
  if (said === undefined || !said.trim()) return 'sent from the business number, nothing to keep (fromMe)';
  return { text: said.trim(), note: { kind: 'owner_reply' } };
}

/** What a customer's message carries (a reply to buttons, a text, media), or why it is ignored. */
function customerContentOf(message: Json, messageType: unknown): Content | string {
  const reply = replyTextOf(message);
  if (reply !== undefined) return reply.trim() ? { kind: 'button', text: reply.trim() } : 'empty button reply';
  const text = plainTextOf(message);
  if (typeof text === 'string') return text.trim() ? { text: text.trim() } : 'empty text';
  return mediaContentOf(message) ?? `message type '${messageType ?? Object.keys(message)[0] ?? 'unknown'}' carries nothing to answer`;
}

/** Media the bot cannot read: its kind, its caption as the text, and what the transcript shows beside it. */
function mediaContentOf(message: Json): Content | undefined {
  const media = MEDIA_KEYS.find(([k]) => message[k]);
  if (!media) return undefined;
  const [mediaKey, kind] = media;
  const body = message[mediaKey] as Json;
  return { kind, text: nonBlank(body?.caption), ...detailOf(mediaKey, body) };
}

type Sender = { key: string; phone: string | null; to: string; lid?: string };

/** Where replies go: the number (or the `@lid`), with the `@lid` kept beside a number. */
function addressOf(instance: string, sender: Sender): Address {
  return { channel: 'evolution', instance, number: sender.to, ...(sender.lid ? { lid: sender.lid } : {}) };
}

/** The option a customer picked: a button, a list row, a template button, or a native-flow (interactive) reply. */
function replyTextOf(m: Json): string | undefined {
  const candidates = [
    m.buttonsResponseMessage?.selectedDisplayText,
    m.listResponseMessage?.title,
    m.listResponseMessage?.singleSelectReply?.selectedRowId,
    m.templateButtonReplyMessage?.selectedDisplayText,
    m.interactiveResponseMessage?.body?.text,
  ];
  return candidates.find((c): c is string => typeof c === 'string');
}

/** Chats that are not one customer: groups, broadcast lists and status updates, channels (newsletters). */
const NOT_ONE_TO_ONE = /@(g\.us|broadcast|newsletter)$/;

/**
 * Who wrote, or why the message is not a customer's: their phone number when any of the key's JIDs carries it
 * (`@s.whatsapp.net`, also behind an `@lid`), else their `@lid` id alone — WhatsApp hides some numbers, and
 * Evolution sends to `<id>@lid` as it sends to a number.
 */
function senderOf(key: Json): Sender | string {
  if (NOT_ONE_TO_ONE.test(key.remoteJid)) return `not a one-to-one chat (${key.remoteJid})`;
  const jids = [key.remoteJid, key.remoteJidAlt, key.senderPn, key.senderLid].filter((j): j is string => typeof j === 'string');
  const phone = jids.map((j) => (j.endsWith('@s.whatsapp.net') ? j.split('@')[0].split(':')[0] : '')).find((d) => /^\d{6,20}$/.test(d));
  const lidDigits = jids.map((j) => (j.endsWith('@lid') ? j.split('@')[0].split(':')[0] : '')).find((d) => /^\d{6,24}$/.test(d));
  const lid = lidDigits ? `${lidDigits}@lid` : undefined;
  if (phone) return { key: phone, phone, to: phone, ...(lid ? { lid } : {}) };
  if (lid) return { key: lid, phone: null, to: lid, lid };
  return `no phone number or @lid sender (${key.remoteJid})`;
}

/**
 * A customer known only by their `@lid` now, who wrote before with their number too: continue that conversation,
 * answering the number as before.
 */
export async function continueKnownLid(sql: Sql, msg: InboundMessage): Promise<InboundMessage> {
  if (msg.address.channel !== 'evolution' || msg.phoneNumber !== null || !msg.address.lid) return msg;
  const link = await evolutionLinkOfLid(sql, msg.bot, msg.address.lid);
  if (!link || link.address.channel !== 'evolution') return msg;
  const phone = link.address.number;
  return { ...msg, contactKey: phone, phoneNumber: phone, name: msg.name ?? link.contactName ?? undefined, address: { ...msg.address, number: phone } };
}

/** What the transcript shows of a message beside its kind: a reaction's emoji, a poll's question, a file's name. */
function detailOf(key: string, body: Json): Pick<InboundMessage, 'detail'> {
  const detail = key === 'reactionMessage' ? body?.text : key.startsWith('pollCreation') ? body?.name : key === 'documentMessage' ? body?.fileName : undefined;
  return typeof detail === 'string' && detail.trim() ? { detail: detail.trim() } : {};
}

/** Send a text through the instance. Resolves with Evolution's message id. */
export async function sendEvolutionText(cfg: EvolutionConfig, address: Extract<Address, { channel: 'evolution' }>, text: string, timeoutMs: number): Promise<string | undefined> {
  const res = await callJson<Json>(`${cfg.baseUrl}/message/sendText/${encodeURIComponent(address.instance)}`, {
    headers: { apikey: cfg.apiKey },
    body: { number: address.number, text },
    timeoutMs,
  });
  return typeof res?.key?.id === 'string' ? res.key.id : undefined;
}

/** Mark the customer's message read and show "composing" while the bot works (Evolution stops it when it sends). */
export async function sendEvolutionPresence(cfg: EvolutionConfig, msg: InboundMessage, show: { read: boolean; typing: boolean }, timeoutMs: number): Promise<void> {
  const a = msg.address as Extract<Address, { channel: 'evolution' }>;
  const instance = encodeURIComponent(a.instance);
  const headers = { apikey: cfg.apiKey };
  const calls: Promise<unknown>[] = [];
  if (show.read) {
    const remoteJid = msg.chatId ?? `${a.number}@s.whatsapp.net`;
    calls.push(callJson(`${cfg.baseUrl}/chat/markMessageAsRead/${instance}`, { headers, body: { readMessages: [{ remoteJid, fromMe: false, id: msg.providerId }] }, timeoutMs }));
  }
  if (show.typing) calls.push(callJson(`${cfg.baseUrl}/chat/sendPresence/${instance}`, { headers, body: { number: a.number, presence: 'composing', delay: TYPING_MS }, timeoutMs: timeoutMs + TYPING_MS }));
  const failed = (await Promise.allSettled(calls)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** How long Evolution shows "typing…" (it answers the call once that time is over). */
const TYPING_MS = 3000;
