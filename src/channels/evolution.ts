// Evolution API (v2): `messages.upsert` and `messages.delete` webhooks in, `POST /message/sendText/{instance}` out,
// read receipts (`/chat/markMessageAsRead`) and "typing…" (`/chat/sendPresence`).
import type { EvolutionConfig } from './config.ts';
import { callJson } from './http.ts';
import type { Sql } from '../store/index.ts';
import { evolutionLinkOfLid } from './store.ts';
import type { Address, InboundMessage, MessageKind, Parsed } from './types.ts';

type Json = Record<string, any>;

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
  if (!body || typeof body !== 'object') return [{ kind: 'ignored', reason: 'not a JSON object' }];
  const b = body as Json;
  const event = String(b.event ?? '').toLowerCase().replace(/_/g, '.');
  if (event !== 'messages.upsert' && event !== 'messages.delete') return [{ kind: 'ignored', reason: `event '${b.event ?? ''}' is not messages.upsert or messages.delete` }];
  const from = typeof b.instance === 'string' ? b.instance : typeof b.instance?.instanceName === 'string' ? b.instance.instanceName : undefined;
  if (instance && from && from !== instance) return [{ kind: 'ignored', reason: `instance '${from}' is not this bot's instance` }];
  const via = instance ?? from;
  if (!via) return [{ kind: 'ignored', reason: 'no instance: set EVOLUTION_INSTANCE or settings.channels.evolution.instance' }];
  const items: Json[] = Array.isArray(b.data) ? b.data : Array.isArray(b.data?.messages) ? b.data.messages : b.data ? [b.data] : [];
  if (!items.length) return [{ kind: 'ignored', reason: 'no data' }];
  return items.map((d) => (event === 'messages.delete' ? parseDelete(d, bot, via) : parseOne(d, bot, via)));
}

/** `messages.delete`: the key of the deleted message (as `data.key`, or as `data` itself). */
function parseDelete(d: Json, bot: string, instance: string): Parsed {
  const key = (d?.key ?? d) as Json;
  return deletion(key, key, bot, instance);
}

/** A deleted message, `key` naming the chat and who deleted it, `deleted` the message that is gone. */
function deletion(key: Json, deleted: Json, bot: string, instance: string): Parsed {
  if (typeof key?.remoteJid !== 'string' || !deleted?.id) return { kind: 'ignored', reason: 'deletion without a message key' };
  const sender = senderOf(key);
  if (typeof sender === 'string') return { kind: 'ignored', reason: sender };
  const message = {
    channel: 'evolution' as const,
    bot,
    providerId: `${deleted.id}:deleted`,
    contactKey: sender.key,
    phoneNumber: sender.phone,
    text: null,
    address: { channel: 'evolution', instance, number: sender.to, ...(sender.lid ? { lid: sender.lid } : {}) } as Address,
    note: { kind: 'deleted', by: key.fromMe === true ? 'business' : 'customer' } as const,
  };
  return { kind: 'message', message };
}

function parseOne(d: Json, bot: string, instance: string): Parsed {
  const key = d?.key as Json | undefined;
  if (!key || typeof key.remoteJid !== 'string' || !key.id) return { kind: 'ignored', reason: 'no message key' };
  const sender = senderOf(key);
  if (typeof sender === 'string') return { kind: 'ignored', reason: sender };
  let message = (d.message ?? {}) as Json;
  for (let i = 0; i < 3; i++) {
    const wrapper = WRAPPERS.find((w) => message[w]?.message);
    if (!wrapper) break;
    message = message[wrapper].message;
  }
  const fromMe = key.fromMe === true;
  // A message the business sent: pushName is then the business's own name, not the customer's.
  const base = { channel: 'evolution' as const, bot, providerId: String(key.id), contactKey: sender.key, phoneNumber: sender.phone, name: !fromMe && typeof d.pushName === 'string' ? d.pushName : undefined };
  const address: Address = { channel: 'evolution', instance, number: sender.to, ...(sender.lid ? { lid: sender.lid } : {}) };
  const chatId = String(key.remoteJid);
  const revoked = message.protocolMessage;
  if (revoked && (revoked.type === 'REVOKE' || revoked.type === 0)) return deletion(key, revoked.key ?? key, bot, instance);
  const reply = replyTextOf(message);
  const text = typeof message.conversation === 'string' ? message.conversation : message.extendedTextMessage?.text;
  // Sent from the number itself: the owner answering in the WhatsApp app (the hub drops Switchboard's own sends).
  if (fromMe) {
    const said = typeof text === 'string' ? text : reply;
    if (said === undefined || !said.trim()) return { kind: 'ignored', reason: 'sent from the business number, nothing to keep (fromMe)' };
    return { kind: 'message', message: { ...base, text: said.trim(), chatId, address, note: { kind: 'owner_reply' } } };
  }
  if (reply !== undefined) {
    if (!reply.trim()) return { kind: 'ignored', reason: 'empty button reply' };
    return { kind: 'message', message: { ...base, kind: 'button', text: reply.trim(), chatId, address } };
  }
  if (typeof text === 'string') {
    if (!text.trim()) return { kind: 'ignored', reason: 'empty text' };
    return { kind: 'message', message: { ...base, text: text.trim(), chatId, address } };
  }
  const media = MEDIA_KEYS.find(([k]) => message[k]);
  if (media) {
    const [mediaKey, kind] = media;
    const body = message[mediaKey] as Json;
    const caption = typeof body?.caption === 'string' && body.caption.trim() ? body.caption.trim() : null;
    return { kind: 'message', message: { ...base, kind, text: caption, ...detailOf(mediaKey, body), chatId, address } };
  }
  return { kind: 'ignored', reason: `message type '${d.messageType ?? Object.keys(message)[0] ?? 'unknown'}' carries nothing to answer` };
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
function senderOf(key: Json): { key: string; phone: string | null; to: string; lid?: string } | string {
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
