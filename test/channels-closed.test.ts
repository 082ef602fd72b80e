// Channels are closed unless opened on purpose: a secret or token set for one bot opens no other bot's webhook, a
// bot with none refuses its webhooks (403 saying what to set), and an Evolution bot without an instance of its own
// refuses them too. And a webhook message that keeps failing or being interrupted gives up, visibly.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/store/index.ts';
import { listMessages } from '../src/store/index.ts';
import { ADAPTER_ENV, ADAPTER_SECRETS } from './support/channel-adapters.ts';
import { CHANNEL_KEYS, startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';

const OPERATOR = 'o';
const LA_FORMULA_APP_SECRET = 'la-formula-own-meta-app';
let world: ChannelsWorld;

beforeAll(async () => {
  // Every bot but la-formula shares WHATSAPP_APP_SECRET (one Meta app), la-formula has its own app; la-formula alone has
  // Evolution and Chatwoot secrets; no bot has an Evolution instance.
  world = await startChannelsWorld({ bots: ['la-formula', 'ct-smash'], env: { ...ADAPTER_ENV, EVOLUTION_INSTANCE: '', WHATSAPP_APP_SECRET_LA_FORMULA: LA_FORMULA_APP_SECRET }, auth: { adminToken: 'a', operatorToken: OPERATOR } });
}, 120_000);
afterAll(() => world?.close());

const upsert = (instance: string) => ({
  event: 'messages.upsert',
  instance,
  data: { key: { remoteJid: '5491100009999@s.whatsapp.net', fromMe: false, id: `3EB0${Math.random().toString(16).slice(2)}` }, message: { conversation: 'hola' } },
});
const chatwootMessage = { event: 'message_created', id: 1, content: 'hola', message_type: 'incoming', account: { id: 3 }, conversation: { id: 4, status: 'pending' } };

describe('channel webhooks without verification', () => {
  it("a Chatwoot secret set for one bot leaves no other bot's webhook unsigned", async () => {
    const r = await world.server.post('/webhooks/chatwoot/ct-smash', chatwootMessage);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/CHATWOOT_WEBHOOK_SECRET_CT_SMASH/);
    expect((await world.server.post('/webhooks/chatwoot/la-formula', chatwootMessage)).status).toBe(401);
  });

  it("one bot's Evolution token opens no other bot's route", async () => {
    const r = await world.server.post('/webhooks/evolution/ct-smash', upsert('ct-smash-zap'), { 'x-webhook-token': ADAPTER_SECRETS.evolutionToken });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/EVOLUTION_WEBHOOK_TOKEN_CT_SMASH/);
    expect((await world.server.post('/webhooks/evolution/la-formula', upsert('any'))).status).toBe(401);
  });

  it('an Evolution bot with no instance configured refuses a payload naming any instance (its reply would go through it)', async () => {
    const r = await world.server.post('/webhooks/evolution/la-formula', upsert('someone-elses-instance'), { 'x-webhook-token': ADAPTER_SECRETS.evolutionToken });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/no Evolution instance/);
    await world.server.channels.whenIdle();
    expect(world.evolution.requests).toHaveLength(0);
  });

  // The shared route reads the bot from the payload's number: a bot with its own app secret is not opened by the
  // shared one there either (it is refused on the bot's own route), so whoever holds the shared secret cannot
  // write into that bot's conversations.
  it("the shared WhatsApp route takes no message for a bot with its own app secret", async () => {
    const cloudMessage = (id: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: CHANNEL_KEYS.phoneNumberId }, contacts: [{ wa_id: '5491100005555' }], messages: [{ from: '5491100005555', id, type: 'text', text: { body: 'hola' } }] } }] }],
      });
    const signed = (raw: string, secret: string) => ({ 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` });
    const viaShared = cloudMessage('wamid.SHARED1');
    const shared = await world.server.post('/webhooks/whatsapp', viaShared, signed(viaShared, CHANNEL_KEYS.appSecret));
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ queued: 0, ignored: [expect.stringMatching(/WHATSAPP_APP_SECRET_LA_FORMULA/)] });
    const sharedOnOwnRoute = cloudMessage('wamid.SHARED2');
    expect((await world.server.post('/webhooks/whatsapp/la-formula', sharedOnOwnRoute, signed(sharedOnOwnRoute, CHANNEL_KEYS.appSecret))).status).toBe(401);
    const own = cloudMessage('wamid.OWN1');
    expect((await world.server.post('/webhooks/whatsapp/la-formula', own, signed(own, LA_FORMULA_APP_SECRET))).body).toMatchObject({ queued: 1 });
    await world.server.channels.whenIdle();
    world.graph.reset();
  });

  it('start-up names each channel, bot and how it is verified', () => {
    const lines = world.server.channels.describe();
    expect(lines).toContain('  Chatwoot /webhooks/chatwoot/la-formula: verified by signature X-Chatwoot-Signature with CHATWOOT_WEBHOOK_SECRET_LA_FORMULA');
    expect(lines.find((l) => l.includes('/webhooks/chatwoot/ct-smash'))).toMatch(/webhooks refused/);
    expect(lines.find((l) => l.includes('/webhooks/whatsapp/ct-smash'))).toMatch(/verified by signature X-Hub-Signature-256 with WHATSAPP_APP_SECRET$/);
  });
});

describe('a poisoned webhook message', () => {
  it('gives up after 3 interrupted runs: marked failed, shown in the conversation and in /api/channels/stats, never run again', async () => {
    const sessionId = 'whatsapp-la-formula-5491100007777';
    await createSession(world.db, { id: sessionId, bot: 'la-formula', channel: 'whatsapp' });
    const msg = { channel: 'whatsapp', bot: 'la-formula', providerId: 'wamid.POISON', contactKey: '5491100007777', phoneNumber: '5491100007777', text: 'hola', address: { channel: 'whatsapp', phoneNumberId: '1', to: '5491100007777' } };
    // As three processes killed in the middle of its turn leave it: taken three times, still 'processing'.
    await world.db.query(
      `insert into channel_inbound (channel, bot, provider_message_id, session_id, status, attempts, payload, updated_at) values ('whatsapp', 'la-formula', 'wamid.POISON', $1, 'processing', 3, $2, now() - interval '1 hour')`,
      [sessionId, JSON.stringify(msg)],
    );
    expect(await world.server.channels.recover()).toBe(1);
    await world.server.channels.whenIdle();
    const [row] = await world.db.query<{ status: string; attempts: number; error: string }>(`select status, attempts, error from channel_inbound where provider_message_id = 'wamid.POISON'`);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: expect.stringMatching(/gave up after 3 attempts/) });
    expect(world.graph.requests).toHaveLength(0);
    expect((await listMessages(world.db, sessionId)).map((m) => `${m.role}:${m.content}`)).toEqual([expect.stringMatching(/^system:\[Sistema\] Un mensaje del cliente por WhatsApp no se pudo procesar/)]);
    expect(await world.server.channels.recover()).toBe(0);
    const stats = await fetch(`${world.server.base}/api/channels/stats`, { headers: { authorization: `Bearer ${OPERATOR}` } }).then((r) => r.json());
    expect(stats.inbound.failed).toBeGreaterThanOrEqual(1);
    expect(stats.failedInbound).toContainEqual(expect.objectContaining({ providerMessageId: 'wamid.POISON', sessionId, attempts: 3 }));
  });

  it('a message interrupted fewer times runs again', async () => {
    const msg = { channel: 'whatsapp', bot: 'la-formula', providerId: 'wamid.AGAIN', contactKey: '5491100006666', phoneNumber: '5491100006666', text: 'tienen creatina?', address: { channel: 'whatsapp', phoneNumberId: '1', to: '5491100006666' } };
    await world.db.query(
      `insert into channel_inbound (channel, bot, provider_message_id, session_id, status, attempts, payload, updated_at) values ('whatsapp', 'la-formula', 'wamid.AGAIN', 'whatsapp-la-formula-5491100006666', 'processing', 2, $1, now() - interval '1 hour')`,
      [JSON.stringify(msg)],
    );
    expect(await world.server.channels.recover()).toBe(1);
    await world.server.channels.whenIdle();
    const [row] = await world.db.query<{ status: string; attempts: number }>(`select status, attempts from channel_inbound where provider_message_id = 'wamid.AGAIN'`);
    expect(row).toMatchObject({ status: 'done', attempts: 3 });
  });
});
