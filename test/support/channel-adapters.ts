// Every way a customer message reaches la-formula in a channels world, behind one shape: send a text as a
// contact (signed or tokened as the world's configuration requires), read what went back, name its session.
import { createHmac } from 'node:crypto';
import type { ChannelsWorld } from './channels-world.ts';
import { CHANNEL_KEYS } from './channels-world.ts';

/** The secrets a channels world must be given for these adapters: each bot's own, so nothing is open. */
export const ADAPTER_SECRETS = { evolutionToken: 'evo-hook-token', chatwootSecret: 'cw-hook-secret' };
export const ADAPTER_ENV = { EVOLUTION_WEBHOOK_TOKEN_LA_FORMULA: ADAPTER_SECRETS.evolutionToken, CHATWOOT_WEBHOOK_SECRET_LA_FORMULA: ADAPTER_SECRETS.chatwootSecret };

const CW_ACCOUNT = 3;

export interface ChannelAdapterUnderTest {
  name: 'evolution' | 'whatsapp' | 'chatwoot';
  /** A fresh contact (a phone number, or a Chatwoot conversation id). */
  contact(): string;
  send(contact: string, text: string): Promise<{ status: number; body: any }>;
  /** The texts sent back to that contact. */
  outbox(contact: string): string[];
  sessionOf(contact: string): string;
}

let seq = Math.floor(Math.random() * 1e5);
const next = () => ++seq;
const phone = () => `5491${String(100000000 + next()).slice(-9)}`;

export function channelAdapters(world: ChannelsWorld): ChannelAdapterUnderTest[] {
  const post = world.server.post;
  return [
    {
      name: 'evolution',
      contact: phone,
      send: (number, text) =>
        post(
          '/webhooks/evolution/la-formula',
          { event: 'messages.upsert', instance: 'la-formula-ventas', data: { key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id: `3EB0${next()}` }, pushName: 'Lucía', message: { conversation: text } } },
          { 'x-webhook-token': ADAPTER_SECRETS.evolutionToken },
        ),
      outbox: (number) => world.evolution.delivered().filter((r) => r.body.number === number).map((r) => r.body.text),
      sessionOf: (number) => `evolution-la-formula-${number}`,
    },
    {
      name: 'whatsapp',
      contact: phone,
      send: (from, text) => {
        const raw = JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: CHANNEL_KEYS.phoneNumberId }, contacts: [{ wa_id: from, profile: { name: 'Martín' } }], messages: [{ from, id: `wamid.${next()}`, type: 'text', text: { body: text } }] } }] }],
        });
        return post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', CHANNEL_KEYS.appSecret).update(raw).digest('hex')}` });
      },
      outbox: (to) => world.graph.delivered().filter((r) => r.body.to === to).map((r) => r.body.text.body),
      sessionOf: (to) => `whatsapp-la-formula-${to}`,
    },
    {
      name: 'chatwoot',
      contact: () => String(10_000 + next()),
      send: (conversation, text) => {
        const id = next();
        const raw = JSON.stringify({
          event: 'message_created',
          id,
          content: text,
          message_type: 'incoming',
          private: false,
          sender: { id: 77, name: 'Sofía', phone_number: `+${phone()}`, type: 'contact' },
          account: { id: CW_ACCOUNT },
          conversation: { id: Number(conversation), status: 'pending', meta: { sender: { id: 77, name: 'Sofía' } } },
        });
        const ts = String(Math.floor(Date.now() / 1000));
        const signature = `sha256=${createHmac('sha256', ADAPTER_SECRETS.chatwootSecret).update(`${ts}.${raw}`).digest('hex')}`;
        return post('/webhooks/chatwoot/la-formula', raw, { 'x-chatwoot-signature': signature, 'x-chatwoot-timestamp': ts });
      },
      outbox: (c) => world.chatwoot.messagesTo(CW_ACCOUNT, Number(c)).map((r) => r.body.content),
      sessionOf: (c) => `chatwoot-la-formula-${CW_ACCOUNT}-${c}`,
    },
  ];
}

/**
 * Ask /api/health again and again until `until` settles; each request must get an answer (any status) within
 * `deadlineMs`, a bound generous enough for a loaded machine: this checks the server answers, not how fast.
 */
export async function pollHealth(base: string, until: Promise<unknown>, deadlineMs = 5_000): Promise<{ answered: number; unanswered: string[] }> {
  let done = false;
  until.then(
    () => (done = true),
    () => (done = true),
  );
  const out = { answered: 0, unanswered: [] as string[] };
  while (!done) {
    try {
      const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(deadlineMs) });
      await r.text();
      if (r.ok) out.answered++;
      else out.unanswered.push(`status ${r.status}`);
    } catch (err) {
      out.unanswered.push((err as Error).message);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await until; // its failure is the caller's
  return out;
}
