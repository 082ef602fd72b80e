// Evolution API (v2): `messages.upsert` webhooks in, `POST /message/sendText/{instance}` out, read receipts
// (`/chat/markMessageAsRead`) and "typing…" (`/chat/sendPresence`).
import type { EvolutionConfig } from './config.ts';
import { callJson } from './http.ts';
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
  if (event !== 'messages.upsert') return [{ kind: 'ignored', reason: `event '${b.event ?? ''}' is not messages.upsert` }];
  const from = typeof b.instance === 'string' ? b.instance : typeof b.instance?.instanceName === 'string' ? b.instance.instanceName : undefined;
  if (instance && from && from !== instance) return [{ kind: 'ignored', reason: `instance '${from}' is not this bot's instance` }];
  const via = instance ?? from;
  if (!via) return [{ kind: 'ignored', reason: 'no instance: set EVOLUTION_INSTANCE or settings.channels.evolution.instance' }];
  const items: Json[] = Array.isArray(b.data) ? b.data : Array.isArray(b.data?.messages) ? b.data.messages : b.data ? [b.data] : [];
  if (!items.length) return [{ kind: 'ignored', reason: 'no data' }];
  return items.map((d) => parseOne(d, bot, via));
}

function parseOne(d: Json, bot: string, instance: string): Parsed {
  const key = d?.key as Json | undefined;
  if (!key || typeof key.remoteJid !== 'string' || !key.id) return { kind: 'ignored', reason: 'no message key' };
  if (key.fromMe === true) return { kind: 'ignored', reason: 'sent by us (fromMe)' };
  const number = phoneOfJid(key);
  if (!number) return { kind: 'ignored', reason: `not a one-to-one chat (${key.remoteJid})` };
  let message = (d.message ?? {}) as Json;
  for (let i = 0; i < 3; i++) {
    const wrapper = WRAPPERS.find((w) => message[w]?.message);
    if (!wrapper) break;
    message = message[wrapper].message;
  }
  const base = { channel: 'evolution' as const, bot, providerId: String(key.id), contactKey: number, phoneNumber: number, name: typeof d.pushName === 'string' ? d.pushName : undefined };
  const address: Address = { channel: 'evolution', instance, number };
  const chatId = String(key.remoteJid);
  const reply = replyTextOf(message);
  if (reply !== undefined) {
    if (!reply.trim()) return { kind: 'ignored', reason: 'empty button reply' };
    return { kind: 'message', message: { ...base, kind: 'button', text: reply.trim(), chatId, address } };
  }
  const text = typeof message.conversation === 'string' ? message.conversation : message.extendedTextMessage?.text;
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

/** What the transcript shows of a message beside its kind: a reaction's emoji, a poll's question, a file's name. */
function detailOf(key: string, body: Json): Pick<InboundMessage, 'detail'> {
  const detail = key === 'reactionMessage' ? body?.text : key.startsWith('pollCreation') ? body?.name : key === 'documentMessage' ? body?.fileName : undefined;
  return typeof detail === 'string' && detail.trim() ? { detail: detail.trim() } : {};
}

/** The customer's number: digits of an `@s.whatsapp.net` JID (or of the phone JID behind an `@lid`). */
function phoneOfJid(key: Json): string | null {
  const jids = [key.remoteJid, key.remoteJidAlt, key.senderPn].filter((j): j is string => typeof j === 'string');
  const jid = jids.find((j) => j.endsWith('@s.whatsapp.net'));
  if (!jid) return null;
  const digits = jid.split('@')[0].split(':')[0];
  return /^\d{6,20}$/.test(digits) ? digits : null;
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
