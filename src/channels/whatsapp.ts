// WhatsApp Cloud API (Meta): signed webhooks in (X-Hub-Signature-256), Graph API `/{phone_number_id}/messages` out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReopenTemplate } from '../bot/index.ts';
import type { WhatsAppCloudConfig } from './config.ts';
import { callJson, ProviderError } from './http.ts';
import type { Sql } from '../store/index.ts';
import { whatsappLinkOfUser } from './store.ts';
import { ignored, listOf, nonBlank, type Json } from './payload.ts';
import type { Address, InboundMessage, MessageKind, OrderCart, Parsed } from './types.ts';

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. Timing-safe. */
export function verifyMetaSignature(raw: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7).trim(), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Message types the bot cannot read as text (a caption, when there is one, is read), and the kind each is. */
const MEDIA_TYPES: Record<string, MessageKind> = {
  image: 'image',
  audio: 'audio',
  voice: 'audio',
  video: 'video',
  document: 'document',
  sticker: 'sticker',
  location: 'location',
  contacts: 'contact',
  reaction: 'reaction',
  // View-once media, polls and other messages Meta does not pass on to businesses.
  unsupported: 'unsupported',
};

export interface CloudParseOptions {
  /** The bot of the URL (`/webhooks/whatsapp/<bot>`), if any. */
  pathBot?: string;
  /** The bot of a phone_number_id (WHATSAPP_PHONE_NUMBER_IDS or the bot's settings). */
  botOfNumber(phoneNumberId: string): string | undefined;
  /** Whether a bot answers in WhatsApp groups (`settings.channels.whatsapp.groups: true`). Default: no. */
  answersGroups?(bot: string): boolean;
}

/**
 * Normalise a Cloud API webhook: customer messages, and failed-delivery statuses of messages we sent. A message
 * for a number that belongs to another bot is not this bot's.
 */
export function parseCloudWebhook(body: unknown, opts: CloudParseOptions): Parsed[] {
  const b = body as Json;
  if (!b || typeof b !== 'object' || b.object !== 'whatsapp_business_account') return [ignored("object is not 'whatsapp_business_account'")];
  const out = listOf(b.entry).flatMap((entry) => listOf(entry?.changes).flatMap((change) => parseChange(change, opts)));
  return out.length ? out : [ignored('no messages')];
}

/** One change of an entry: its delivery statuses, then its messages (customers', or the owner's echoes). */
function parseChange(change: Json, opts: CloudParseOptions): Parsed[] {
  const echoes = change?.field === 'smb_message_echoes';
  if (change?.field !== 'messages' && !echoes) return [ignored(`field '${change?.field}'`)];
  const value = (change.value ?? {}) as Json;
  const statuses = listOf(value.statuses).map(parseStatus);
  // Messages the owner sent from the WhatsApp Business app on a number that also uses the Cloud API.
  const messages = listOf(echoes ? value.message_echoes : value.messages);
  if (!messages.length) return statuses;
  return [...statuses, ...parseMessages(value, messages, echoes, opts)];
}

/** A change's messages, for the bot of the business number they were sent to. */
function parseMessages(value: Json, messages: Json[], echoes: boolean, opts: CloudParseOptions): Parsed[] {
  const phoneNumberId = value.metadata?.phone_number_id != null ? String(value.metadata.phone_number_id) : '';
  if (!phoneNumberId) return [ignored('no metadata.phone_number_id')];
  const target = botOfNumber(phoneNumberId, opts);
  if ('reason' in target) return [ignored(target.reason)];
  const { bot } = target;
  if (echoes) return messages.map((m) => parseEcho(m, bot, phoneNumberId));
  const names = contactNames(value.contacts);
  const userIds = contactUserIds(value.contacts);
  const groups = opts.answersGroups?.(bot) ?? false;
  return messages.map((m) => parseOne(m, bot, phoneNumberId, names, groups, userIds));
}

/** The bot a business number's messages go to, or why they are not this bot's. */
function botOfNumber(phoneNumberId: string, opts: CloudParseOptions): { bot: string } | { reason: string } {
  const mapped = opts.botOfNumber(phoneNumberId);
  if (opts.pathBot && mapped && mapped !== opts.pathBot) return { reason: `phone number ${phoneNumberId} belongs to bot '${mapped}'` };
  const bot = mapped ?? opts.pathBot;
  if (!bot) return { reason: `no bot for phone number ${phoneNumberId}: set WHATSAPP_PHONE_NUMBER_IDS or use /webhooks/whatsapp/<bot>` };
  return { bot };
}

/** Display names by wa_id and by business-scoped user id: the profile name, else the username. */
function contactNames(contacts: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of Array.isArray(contacts) ? (contacts as Json[]) : []) {
    const name = c?.profile?.name ?? c?.profile?.username;
    if (typeof name !== 'string' || !name) continue;
    for (const id of [c.wa_id, c.user_id, c.parent_user_id]) if (id != null) names.set(String(id), name);
  }
  return names;
}

/**
 * Business-scoped user ids by wa_id, from `contacts[].user_id`: Meta may put a customer's user id only there and
 * not on the message (`from_user_id`). `''` holds the id of a lone contact, for a message that names no number.
 */
function contactUserIds(contacts: unknown): Map<string, string> {
  const ids = new Map<string, string>();
  const list = Array.isArray(contacts) ? (contacts as Json[]) : [];
  for (const c of list) {
    if (typeof c?.user_id !== 'string') continue;
    if (c.wa_id != null) ids.set(String(c.wa_id), c.user_id);
    if (list.length === 1) ids.set('', c.user_id);
  }
  return ids;
}

const PHONE = /^\d{6,20}$/;
/** A business-scoped user id: country code, a dot, then letters, digits and dots (e.g. BR.1502576394655843). */
const USER_ID = /^[A-Z]{2}\.[A-Za-z0-9.]{1,160}$/;

function parseOne(m: Json, bot: string, phoneNumberId: string, names: Map<string, string>, groups: boolean, userIds: Map<string, string>): Parsed {
  const ids = senderIds(m, userIds);
  if ((!ids.phone && !ids.userId) || !m.id) return ignored('message without a sender or id');
  const sender = (ids.phone ?? ids.userId)!;
  const group = m.group_id != null ? String(m.group_id) : null;
  if (group && !groups) return ignored(`group message (${group}): this bot does not answer groups (settings.channels.whatsapp.groups)`);
  const base = {
    channel: 'whatsapp' as const,
    bot,
    providerId: String(m.id),
    // A group is one conversation, whoever writes in it.
    contactKey: group ? `group-${group}` : sender,
    phoneNumber: group ? null : ids.phone,
    name: names.get(sender) ?? (ids.userId ? names.get(ids.userId) : undefined),
    address: addressOf(phoneNumberId, sender, group, ids),
  };
  if (m.type === 'system') return parseSystem(m, base);
  const content = contentOf(m);
  return typeof content === 'string' ? ignored(content) : { kind: 'message', message: { ...base, ...content } };
}

interface SenderIds {
  phone: string | null;
  userId: string | null;
}

/**
 * Who wrote: their number, and their business-scoped user id. Customers with a username may come without a phone
 * number: their user id identifies them. Meta puts it on the message, or only on the sender's contact.
 */
function senderIds(m: Json, userIds: Map<string, string>): SenderIds {
  const phone = m?.from != null && PHONE.test(String(m.from)) ? String(m.from) : null;
  const givenUserId = typeof m?.from_user_id === 'string' ? m.from_user_id : m?.group_id == null ? userIds.get(phone ?? '') : undefined;
  const userId = typeof givenUserId === 'string' && USER_ID.test(givenUserId) ? givenUserId : null;
  return { phone, userId };
}

/** Where replies go: the group, else the number (with the user id beside it), else the user id alone. */
function addressOf(phoneNumberId: string, sender: string, group: string | null, ids: SenderIds): Address {
  if (group) return { channel: 'whatsapp', phoneNumberId, to: group, kind: 'group' };
  if (ids.phone) return { channel: 'whatsapp', phoneNumberId, to: ids.phone, ...(ids.userId ? { userId: ids.userId } : {}) };
  return { channel: 'whatsapp', phoneNumberId, to: sender, kind: 'user', userId: sender };
}

type Content = Pick<InboundMessage, 'kind' | 'text' | 'detail' | 'order'>;

/** What a message carries (its kind, the text the bot reads, what the transcript shows), or why it is ignored. */
function contentOf(m: Json): Content | string {
  if (m.type === 'text') {
    const text = nonBlank(m.text?.body);
    return text ? { text } : 'empty text';
  }
  const reply = replyTextOf(m);
  if (typeof reply === 'string') return reply.trim() ? { kind: 'button', text: reply.trim() } : 'empty button reply';
  if (m.type === 'order') return { kind: 'order', text: null, order: orderOf(m.order) };
  return mediaContentOf(m);
}

/** A reply to the business's buttons or list: an interactive reply, or a template's quick-reply button. */
function replyTextOf(m: Json): unknown {
  if (m.type === 'interactive') return interactiveText(m.interactive);
  return m.type === 'button' ? (m.button?.text ?? m.button?.payload) : undefined;
}

/** The field of a media message's body the transcript shows beside its kind. */
const MEDIA_DETAIL = new Map([
  ['reaction', 'emoji'],
  ['document', 'filename'],
  ['location', 'name'],
]);

/** Media the bot cannot read: its kind, its caption as the text, and its detail (emoji, file name, place). */
function mediaContentOf(m: Json): Content | string {
  const kind = MEDIA_TYPES[m.type];
  if (!kind) return `message type '${m.type}'`;
  const body = (m[m.type] ?? {}) as Json;
  const field = MEDIA_DETAIL.get(m.type);
  const detail = field === undefined ? null : nonBlank(body[field]);
  return { kind, text: nonBlank(body.caption), ...(detail ? { detail } : {}) };
}

/** The title of the button or list row a customer picked (a Flow's answer has only its body). */
function interactiveText(i: Json | undefined): string | undefined {
  const t = i?.button_reply?.title ?? i?.list_reply?.title ?? i?.nfm_reply?.body;
  return typeof t === 'string' ? t : undefined;
}

function orderOf(o: Json | undefined): OrderCart {
  const items = (Array.isArray(o?.product_items) ? (o.product_items as Json[]) : [])
    .filter((i) => i?.product_retailer_id != null)
    .map((i) => ({
      product: String(i.product_retailer_id),
      quantity: Number.isFinite(Number(i.quantity)) ? Number(i.quantity) : 1,
      ...(Number.isFinite(Number(i.item_price)) ? { price: Number(i.item_price) } : {}),
      ...(typeof i.currency === 'string' ? { currency: i.currency } : {}),
    }));
  return { ...(o?.catalog_id != null ? { catalogId: String(o.catalog_id) } : {}), items, ...(typeof o?.text === 'string' && o.text.trim() ? { note: o.text.trim() } : {}) };
}

/** A system message: the customer changed number (the new one in `wa_id`, or `new_wa_id` in older versions). */
function parseSystem(m: Json, base: Omit<InboundMessage, 'text'>): Parsed {
  const type = String(m.system?.type ?? '');
  if (type !== 'customer_changed_number' && type !== 'user_changed_number') return ignored(`system message '${type}'`);
  const given = m.system?.wa_id ?? m.system?.new_wa_id;
  const newNumber = given != null && PHONE.test(String(given)) ? String(given) : undefined;
  return { kind: 'message', message: { ...base, text: null, note: { kind: 'number_changed', newNumber } } };
}

/** A message the owner sent from the WhatsApp Business app (`smb_message_echoes`): `to` is the customer. */
function parseEcho(m: Json, bot: string, phoneNumberId: string): Parsed {
  const to = m?.to != null && PHONE.test(String(m.to)) ? String(m.to) : null;
  const text = m?.type === 'text' ? m.text?.body : undefined;
  if (!to || !m.id) return ignored('message echo without a customer number or id');
  if (typeof text !== 'string' || !text.trim()) return ignored(`message echo of type '${m.type}'`);
  const address: Address = { channel: 'whatsapp', phoneNumberId, to };
  return { kind: 'message', message: { channel: 'whatsapp', bot, providerId: String(m.id), contactKey: to, phoneNumber: to, text: text.trim(), address, note: { kind: 'owner_reply' } } };
}

/** sent / delivered / read need nothing; `failed` means a message Meta had accepted never reached the customer. */
function parseStatus(s: Json): Parsed {
  const status = String(s?.status ?? '');
  if (status !== 'failed' || s?.id == null) return ignored(`status '${status}'`);
  const errors: Json[] = Array.isArray(s.errors) ? s.errors : [];
  const code = errors[0]?.code != null ? String(errors[0].code) : undefined;
  const error =
    errors
      .map((e) => [e?.code, e?.title ?? e?.message, e?.error_data?.details].filter((x) => x != null && x !== '').join(' '))
      .filter(Boolean)
      .join('; ') || 'failed (no reason given)';
  return { kind: 'delivery-status', channel: 'whatsapp', providerMessageId: String(s.id), status: 'failed', code, error };
}

/** Send a text from the business number. Resolves with the Graph API's message id (wamid). */
export async function sendCloudText(cfg: WhatsAppCloudConfig, address: Extract<Address, { channel: 'whatsapp' }>, text: string, timeoutMs: number): Promise<string | undefined> {
  if (!cfg.token) throw new ProviderError('WHATSAPP_TOKEN is not set: cannot send through the Cloud API', null, false);
  const res = await callJson<Json>(`${cfg.graphUrl}/${cfg.version}/${encodeURIComponent(address.phoneNumberId)}/messages`, {
    headers: { authorization: `Bearer ${cfg.token}` },
    body: { messaging_product: 'whatsapp', ...recipientOf(address), type: 'text', text: { body: text } },
    timeoutMs,
  });
  const id = res?.messages?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Send an approved template whose one body variable carries `text` (outside the 24-hour window). Resolves with the wamid. */
export async function sendCloudTemplate(
  cfg: WhatsAppCloudConfig,
  address: Extract<Address, { channel: 'whatsapp' }>,
  template: ReopenTemplate,
  text: string,
  timeoutMs: number,
): Promise<string | undefined> {
  if (!cfg.token) throw new ProviderError('WHATSAPP_TOKEN is not set: cannot send through the Cloud API', null, false);
  const res = await callJson<Json>(`${cfg.graphUrl}/${cfg.version}/${encodeURIComponent(address.phoneNumberId)}/messages`, {
    headers: { authorization: `Bearer ${cfg.token}` },
    body: {
      messaging_product: 'whatsapp',
      ...recipientOf(address),
      type: 'template',
      template: { name: template.name, language: { code: template.language }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] },
    },
    timeoutMs,
  });
  const id = res?.messages?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Mark the customer's message read, with the typing indicator when a reply follows (Meta shows it until the reply
 * or for 25 seconds). The indicator rides on the read receipt: without `read` nothing is sent.
 */
export async function sendCloudPresence(cfg: WhatsAppCloudConfig, msg: InboundMessage, show: { read: boolean; typing: boolean }, timeoutMs: number): Promise<void> {
  if (!show.read || !cfg.token) return;
  const a = msg.address as Extract<Address, { channel: 'whatsapp' }>;
  await callJson(`${cfg.graphUrl}/${cfg.version}/${encodeURIComponent(a.phoneNumberId)}/messages`, {
    headers: { authorization: `Bearer ${cfg.token}` },
    body: { messaging_product: 'whatsapp', status: 'read', message_id: msg.providerId, ...(show.typing ? { typing_indicator: { type: 'text' } } : {}) },
    timeoutMs,
  });
}

/** Who a send goes to: a phone number (`to`), a business-scoped user id (`recipient`) or a group. */
function recipientOf(a: Extract<Address, { channel: 'whatsapp' }>): Json {
  if (a.kind === 'user') return { recipient: a.to };
  if (a.kind === 'group') return { recipient_type: 'group', to: a.to };
  return { to: a.to };
}

/**
 * A customer who now hides their number (only a business-scoped user id) but wrote before with it: continue that
 * conversation, answering the number as before (Meta prefers phone numbers when the business has one).
 */
export async function continueKnownCustomer(sql: Sql, msg: InboundMessage): Promise<InboundMessage> {
  if (msg.address.channel !== 'whatsapp' || msg.address.kind !== 'user' || !msg.address.userId) return msg;
  const link = await whatsappLinkOfUser(sql, msg.bot, msg.address.userId);
  if (!link || link.address.channel !== 'whatsapp') return msg;
  const phone = link.address.to;
  return { ...msg, contactKey: phone, phoneNumber: phone, name: msg.name ?? link.contactName ?? undefined, address: { ...msg.address, to: phone, kind: undefined, userId: msg.address.userId } };
}
