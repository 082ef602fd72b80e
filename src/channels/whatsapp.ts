// WhatsApp Cloud API (Meta): signed webhooks in (X-Hub-Signature-256), Graph API `/{phone_number_id}/messages` out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppCloudConfig } from './config.ts';
import { callJson, ProviderError } from './http.ts';
import type { Address, MediaKind, Parsed } from './types.ts';

type Json = Record<string, any>;

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. Timing-safe. */
export function verifyMetaSignature(raw: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7).trim(), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const MEDIA_TYPES: Record<string, MediaKind> = {
  image: 'image',
  audio: 'audio',
  voice: 'audio',
  video: 'video',
  document: 'document',
  sticker: 'sticker',
  location: 'location',
  contacts: 'contact',
};

/**
 * Normalise a Cloud API webhook. `pathBot` is the bot of the URL (if any); `botOfNumber` maps a
 * phone_number_id to its bot. A message for a number that belongs to another bot is not this bot's.
 */
export function parseCloudWebhook(body: unknown, pathBot: string | undefined, botOfNumber: (phoneNumberId: string) => string | undefined): Parsed[] {
  const b = body as Json;
  if (!b || typeof b !== 'object' || b.object !== 'whatsapp_business_account') return [{ kind: 'ignored', reason: "object is not 'whatsapp_business_account'" }];
  const out: Parsed[] = [];
  for (const entry of Array.isArray(b.entry) ? b.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      if (change?.field !== 'messages') {
        out.push({ kind: 'ignored', reason: `field '${change?.field}'` });
        continue;
      }
      const value = (change.value ?? {}) as Json;
      const phoneNumberId = value.metadata?.phone_number_id != null ? String(value.metadata.phone_number_id) : '';
      const mapped = phoneNumberId ? botOfNumber(phoneNumberId) : undefined;
      const bot = mapped ?? pathBot;
      const statuses = Array.isArray(value.statuses) ? value.statuses.length : 0;
      if (statuses) out.push({ kind: 'ignored', reason: `${statuses} status update(s)` });
      const messages: Json[] = Array.isArray(value.messages) ? value.messages : [];
      if (!messages.length) continue;
      if (!phoneNumberId) {
        out.push({ kind: 'ignored', reason: 'no metadata.phone_number_id' });
        continue;
      }
      if (pathBot && mapped && mapped !== pathBot) {
        out.push({ kind: 'ignored', reason: `phone number ${phoneNumberId} belongs to bot '${mapped}'` });
        continue;
      }
      if (!bot) {
        out.push({ kind: 'ignored', reason: `no bot for phone number ${phoneNumberId}: set WHATSAPP_PHONE_NUMBER_IDS or use /webhooks/whatsapp/<bot>` });
        continue;
      }
      const names = new Map<string, string>();
      for (const c of Array.isArray(value.contacts) ? value.contacts : []) if (c?.wa_id && c.profile?.name) names.set(String(c.wa_id), String(c.profile.name));
      for (const m of messages) out.push(parseOne(m, bot, phoneNumberId, names));
    }
  }
  return out.length ? out : [{ kind: 'ignored', reason: 'no messages' }];
}

function parseOne(m: Json, bot: string, phoneNumberId: string, names: Map<string, string>): Parsed {
  const from = m?.from != null ? String(m.from) : '';
  if (!/^\d{6,20}$/.test(from) || !m.id) return { kind: 'ignored', reason: 'message without a sender or id' };
  const base = {
    channel: 'whatsapp' as const,
    bot,
    providerId: String(m.id),
    contactKey: from,
    phoneNumber: from,
    name: names.get(from),
    address: { channel: 'whatsapp', phoneNumberId, to: from } as Address,
  };
  const text =
    m.type === 'text' ? m.text?.body : m.type === 'interactive' ? (m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title) : m.type === 'button' ? m.button?.text : undefined;
  if (typeof text === 'string') {
    if (!text.trim()) return { kind: 'ignored', reason: 'empty text' };
    return { kind: 'message', message: { ...base, text: text.trim() } };
  }
  const media = MEDIA_TYPES[m.type];
  if (media) {
    const caption = m[m.type]?.caption;
    return { kind: 'message', message: { ...base, text: null, media, caption: typeof caption === 'string' ? caption : undefined } };
  }
  return { kind: 'ignored', reason: `message type '${m.type}'` };
}

/** Send a text from the business number. Resolves with the Graph API's message id (wamid). */
export async function sendCloudText(cfg: WhatsAppCloudConfig, address: Extract<Address, { channel: 'whatsapp' }>, text: string, timeoutMs: number): Promise<string | undefined> {
  if (!cfg.token) throw new ProviderError('WHATSAPP_TOKEN is not set: cannot send through the Cloud API', null, false);
  const res = await callJson<Json>(`${cfg.graphUrl}/${cfg.version}/${encodeURIComponent(address.phoneNumberId)}/messages`, {
    headers: { authorization: `Bearer ${cfg.token}` },
    body: { messaging_product: 'whatsapp', to: address.to, type: 'text', text: { body: text } },
    timeoutMs,
  });
  const id = res?.messages?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}
