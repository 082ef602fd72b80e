// Channels fed with the payloads the providers really send (fixtures in test/fixtures/channels: every field the
// provider sends, values invented), through the real routes, against local fake provider servers: Evolution's
// "webhook by events" URL, WhatsApp formatting of markdown replies, Cloud API groups, usernames and failed
// deliveries, and Chatwoot servers that do not let an Agent Bot read conversations.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLink, listDeliveries, type Channels } from '../src/channels/index.ts';
import type { Runtime } from '../src/engine/index.ts';
import { getSession, insertMessage, listMessages, type Database } from '../src/store/index.ts';
import type { ChannelsServer } from './support/channels-server.ts';
import { CHANNEL_KEYS, startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';
import type { FakeChatwoot, FakeProvider } from './support/fake-channel-providers.ts';

const { appSecret: APP_SECRET } = CHANNEL_KEYS;
const EVO_TOKEN = 'evo-webhook-token';
const CW_BOT_SECRET = 'cw-agent-bot-secret';
const CW_ACCOUNT_SECRET = 'cw-account-webhook-secret';
const OPERATOR = 'o';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/channels/${name}.json`, import.meta.url), 'utf8'));

let world: ChannelsWorld;
let db: Database;
let runtime: Runtime;
let server: ChannelsServer;
let channels: Channels;
let evolution: FakeProvider;
let graph: FakeProvider;
let chatwoot: FakeChatwoot;

beforeAll(async () => {
  world = await startChannelsWorld({
    env: { EVOLUTION_WEBHOOK_TOKEN: EVO_TOKEN, CHATWOOT_WEBHOOK_SECRET: CW_BOT_SECRET, CHATWOOT_ACCOUNT_WEBHOOK_SECRET: CW_ACCOUNT_SECRET },
    auth: { adminToken: 'a', operatorToken: OPERATOR },
  });
  ({ db, runtime, server, evolution, graph, chatwoot } = world);
  channels = server.channels;
});

afterAll(() => world?.close());

beforeEach(() => {
  world.reset();
  chatwoot.botMayRead = true;
});

const transcript = async (sessionId: string) => (await listMessages(db, sessionId)).map((m) => `${m.role}:${m.source}:${m.content}`);
const operatorGet = async (path: string) => {
  const res = await fetch(server.base + path, { headers: { authorization: `Bearer ${OPERATOR}` } });
  return { status: res.status, body: await res.json() };
};

// ---------------------------------------------------------------- Evolution API

describe('Evolution API 2.3 envelope', () => {
  const upsert = (id: string, number: string, text: string) => {
    const p = fixture('evolution-messages-upsert');
    p.data.key.id = id;
    p.data.key.remoteJid = `${number}@s.whatsapp.net`;
    p.data.message.conversation = text;
    return p;
  };

  it('accepts "webhook by events" with the token in the URL: Evolution appends /messages-upsert after the query', async () => {
    // Configured URL …/la-formula?token=T; Evolution posts to …/la-formula?token=T/messages-upsert.
    const r = await server.post(`/webhooks/evolution/la-formula?token=${EVO_TOKEN}/messages-upsert`, upsert('3EB0BYEVENTS01', '5491155551234', 'tienen creatina?'));
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    await channels.whenIdle();
    expect(evolution.delivered().map((x) => x.body.number)).toEqual(['5491155551234']);
  });

  it('takes the token from the X-Webhook-Token header, with or without the event path, and refuses a wrong one', async () => {
    const ok = await server.post('/webhooks/evolution/la-formula/messages-upsert', upsert('3EB0HEADER0001', '5491155551235', 'tienen creatina?'), { 'x-webhook-token': EVO_TOKEN });
    expect(ok).toMatchObject({ status: 200, body: { queued: 1 } });
    const bad = [
      server.post('/webhooks/evolution/la-formula', upsert('3EB0WRONG00001', '5491155551236', 'hola'), { 'x-webhook-token': 'nope' }),
      server.post('/webhooks/evolution/la-formula?token=nope/messages-upsert', upsert('3EB0WRONG00002', '5491155551236', 'hola')),
      server.post(`/webhooks/evolution/la-formula?token=${EVO_TOKEN}x`, upsert('3EB0WRONG00003', '5491155551236', 'hola')),
      server.post('/webhooks/evolution/la-formula', upsert('3EB0WRONG00004', '5491155551236', 'hola')),
    ];
    expect((await Promise.all(bad)).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    await channels.whenIdle();
    expect(evolution.delivered().map((x) => x.body.number)).toEqual(['5491155551235']);
  });

  it('sends a markdown knowledge answer in WhatsApp formatting and keeps the markdown in the transcript', async () => {
    await server.post('/webhooks/evolution/la-formula', upsert('3EB0MARKDOWN01', '5491155551237', 'aceptan transferencia?'), { 'x-webhook-token': EVO_TOKEN });
    await channels.whenIdle();
    const [sent] = evolution.delivered().map((x) => x.body.text as string);
    const stored = (await listMessages(db, 'evolution-la-formula-5491155551237')).find((m) => m.role === 'assistant')!.content;
    expect(stored).toMatch(/\*\*[^*]+\*\*/); // the bot wrote markdown…
    expect(stored).toMatch(/^- /m);
    expect(sent).not.toMatch(/\*\*/); // …and WhatsApp got its own marks
    expect(sent).not.toMatch(/^- /m);
    expect(sent).toMatch(/^• \*[^*\s][^*]*\*/m);
  });
});

// ---------------------------------------------------------------- WhatsApp Cloud API

describe('WhatsApp Cloud API notifications', () => {
  const signed = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
  };
  const value = (p: any) => p.entry[0].changes[0].value;

  it('formats a markdown reply for WhatsApp', async () => {
    const r = await signed(fixture('whatsapp-text'));
    expect(r.body.queued).toBe(1);
    await channels.whenIdle();
    const [out] = graph.delivered();
    expect(out.body.to).toBe('5491177770001');
    expect(out.body.text.body).not.toMatch(/\*\*|^- /m);
    expect(out.body.text.body).toMatch(/^• \*/m);
  });

  it('sends a reply longer than WhatsApp\'s 4096 characters in parts cut between paragraphs, in order, each recorded', async () => {
    // Bot replies (a model's, a long knowledge answer) have no length cap; this one is stored like a turn's reply.
    const sessionId = 'whatsapp-la-formula-5491177770001';
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Párrafo ${i + 1}: ${'detalle del pedido '.repeat(30).trim()}.`);
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(4096);
    const row = await insertMessage(db, { sessionId, role: 'assistant', source: 'bot', content: text });
    const link = (await getLink(db, sessionId))!;
    expect(await channels.hub.deliver(runtime.bot('la-formula'), sessionId, link.address, text, row.id)).toBe(true);
    const parts = graph.delivered().map((x) => x.body.text.body as string);
    expect(graph.requests).toHaveLength(parts.length); // none refused for length
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(4096);
    expect(parts.join('\n\n')).toBe(text); // cut only between paragraphs
    const deliveries = (await listDeliveries(db, { sessionId })).filter((d) => d.messageId === row.id);
    expect(deliveries.map((d) => d.part).sort()).toEqual(parts.map((_, i) => i));
    // Delivering it again (a re-run after a crash) sends nothing twice.
    await channels.hub.deliver(runtime.bot('la-formula'), sessionId, link.address, text, row.id);
    expect(graph.requests).toHaveLength(parts.length);
  });

  it('ignores group messages by default: nothing merged into the sender’s private conversation', async () => {
    const r = await signed(fixture('whatsapp-group-text'));
    expect(r).toMatchObject({ status: 200, body: { queued: 0, ignored: [expect.stringMatching(/group/)] } });
    await channels.whenIdle();
    expect(graph.requests).toHaveLength(0);
    expect(await getSession(db, 'whatsapp-la-formula-5491177770002')).toBeUndefined();
  });

  it('answers in the group when the bot opts in (settings.channels.whatsapp.groups)', async () => {
    const config = runtime.bots.get('la-formula')!.config;
    const before = config.settings;
    config.settings = { ...before, channels: { whatsapp: { groups: true } } };
    try {
      const payload = fixture('whatsapp-group-text');
      const groupId = value(payload).messages[0].group_id;
      expect((await signed(payload)).body.queued).toBe(1);
      await channels.whenIdle();
      expect(graph.delivered().map((x) => ({ ...x.body, text: undefined }))).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'group', to: groupId, type: 'text' }]);
      expect(await getSession(db, 'whatsapp-la-formula-5491177770002')).toBeUndefined();
      const link = await getLink(db, `whatsapp-la-formula-group-${groupId}`);
      expect(link?.address).toMatchObject({ to: groupId, kind: 'group' });
    } finally {
      config.settings = before;
    }
  });

  it('accepts a customer known only by a business-scoped user id (username, no phone number) and answers that id', async () => {
    const payload = fixture('whatsapp-username-text');
    const userId = value(payload).messages[0].from_user_id;
    const r = await signed(payload);
    expect(r.body).toMatchObject({ queued: 1, ignored: [] });
    await channels.whenIdle();
    const [out] = graph.delivered();
    expect(out.body).toEqual({ messaging_product: 'whatsapp', recipient: userId, type: 'text', text: { body: expect.stringMatching(/creatina/i) } });
    const sessionId = 'whatsapp-la-formula-AR-3409485760394857';
    expect(await getSession(db, sessionId)).toMatchObject({ channel: 'whatsapp', phoneNumber: null });
    expect((await getLink(db, sessionId))?.contactName).toBe('Bianca');
  });

  it('keeps the conversation of a customer who starts hiding their number, answering the number as before', async () => {
    // Their first message (the text fixture, answered above) came with both the number and the user id.
    const known = fixture('whatsapp-text');
    const userId = value(known).messages[0].from_user_id;
    const later = fixture('whatsapp-username-text');
    value(later).messages[0].from_user_id = value(later).contacts[0].user_id = userId;
    value(later).messages[0].id = 'wamid.HBgVQVIuMTE4NzI2MzU0ODE3MjYzNRUCABIYFlVTRVJOQU1FTEFURVIwMDAwMDEA';
    expect((await signed(later)).body.queued).toBe(1);
    await channels.whenIdle();
    expect(graph.delivered().map((x) => x.body.to)).toEqual(['5491177770001']);
    expect(await transcript('whatsapp-la-formula-5491177770001')).toContain('user::tienen creatina?');
    expect(await getSession(db, 'whatsapp-la-formula-AR-1187263548172635')).toBeUndefined();
  });

  it('marks a reply Meta later reports failed (131047, outside the 24-hour window), tells the operator and counts it', async () => {
    const text = fixture('whatsapp-text');
    value(text).messages[0].id = 'wamid.HBgNNTQ5MTE3Nzc3MDAwMxUCABIYFkxBVEVSRkFJTFVSRTAwMDAxAA==';
    value(text).messages[0].from = value(text).contacts[0].wa_id = '5491177770003';
    await signed(text);
    await channels.whenIdle();
    const sessionId = 'whatsapp-la-formula-5491177770003';
    const [sent] = await listDeliveries(db, { sessionId });
    expect(sent).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/^wamid\./) });

    const report = fixture('whatsapp-status-failed-131047');
    value(report).statuses[0].id = sent.providerMessageId;
    const r = await signed(report);
    expect(r).toMatchObject({ status: 200, body: { queued: 0, failedDeliveries: 1 } });
    await channels.whenIdle();
    const [failed] = await listDeliveries(db, { sessionId });
    expect(failed).toMatchObject({ status: 'failed', errorCode: '131047', lastError: expect.stringMatching(/Re-engagement/) });
    expect((await transcript(sessionId)).at(-1)).toMatch(/^system:system:\[Sistema\] WhatsApp no entregó la respuesta: .*24 horas.*\(131047\)$/);

    // Meta repeats the status: still one notice.
    expect((await signed(report)).body.failedDeliveries).toBeUndefined();
    await channels.whenIdle();
    expect((await transcript(sessionId)).filter((m) => m.startsWith('system:'))).toHaveLength(1);

    const listed = await operatorGet(`/api/channels/deliveries?sessionId=${sessionId}&status=failed`);
    expect(listed.body.deliveries).toEqual([expect.objectContaining({ messageId: sent.messageId, status: 'failed', errorCode: '131047' })]);
    const stats = await operatorGet('/api/channels/stats?bot=la-formula');
    expect(stats.body.failed).toBeGreaterThanOrEqual(1);
    expect(stats.body.counts).toContainEqual({ bot: 'la-formula', channel: 'whatsapp', status: 'failed', errorCode: '131047', count: 1 });
    expect((await fetch(`${server.base}/api/channels/stats`)).status).toBe(401);
    expect((await operatorGet('/api/channels/deliveries?status=lost')).status).toBe(400);
  });
});

// ---------------------------------------------------------------- Chatwoot

describe('Chatwoot webhooks', () => {
  const sign = (raw: string, secret: string) => {
    const ts = String(Math.floor(Date.now() / 1000));
    return { 'x-chatwoot-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`, 'x-chatwoot-timestamp': ts };
  };
  const send = (payload: object, secret = CW_BOT_SECRET) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/chatwoot/la-formula', raw, sign(raw, secret));
  };
  const sessionOf = (c: number) => `chatwoot-la-formula-3-${c}`;

  it('hands off on a server that refuses the Agent Bot a conversation read: toggle_status only, no failure notice', async () => {
    chatwoot.botMayRead = false;
    const payload = fixture('chatwoot-message-created');
    const c = payload.conversation.id;
    chatwoot.conversations.set(`3/${c}`, 'pending');
    expect((await send(payload)).body.queued).toBe(1);
    await channels.whenIdle();
    expect(chatwoot.messagesTo(3, c).map((r) => r.body.content)).toEqual([expect.stringMatching(/Mauri/)]);
    expect(chatwoot.togglesOf(3, c).map((r) => r.body)).toEqual([{ status: 'open' }]);
    expect(chatwoot.conversations.get(`3/${c}`)).toBe('open');
    expect((await getSession(db, sessionOf(c)))!.mode).toBe('handoff_pending');
    expect((await transcript(sessionOf(c))).filter((m) => m.startsWith('system:'))).toEqual([]);

    // A later message while the agent has it: recorded, nothing sent, no second toggle, no failure.
    const later = { ...payload, id: payload.id + 1, content: 'hola? sigo esperando', conversation: { ...payload.conversation, status: 'open' } };
    await send(later);
    await channels.whenIdle();
    expect(chatwoot.messagesTo(3, c)).toHaveLength(1);
    expect(chatwoot.togglesOf(3, c)).toHaveLength(1);
    expect(await transcript(sessionOf(c))).toContain('user::hola? sigo esperando');
    expect((await transcript(sessionOf(c))).filter((m) => m.startsWith('system:'))).toEqual([]);
  });

  it('on such a server, retries a hand-over that failed with the next customer message', async () => {
    chatwoot.botMayRead = false;
    const first = fixture('chatwoot-message-created');
    const c = 64;
    first.id = 9401;
    first.conversation.id = c;
    chatwoot.conversations.set(`3/${c}`, 'pending');
    chatwoot.failNext(100, { path: /toggle_status$/ });
    await send(first);
    await channels.whenIdle();
    expect(chatwoot.conversations.get(`3/${c}`)).toBe('pending');
    expect((await transcript(sessionOf(c))).at(-1)).toBe('system:system:[Sistema] No se pudo pasar la conversación a un agente en Chatwoot');

    chatwoot.reset(); // Chatwoot works again; the conversation is still pending, nobody has it
    await send({ ...first, id: 9402, content: 'hay alguien?' });
    await channels.whenIdle();
    expect(chatwoot.togglesOf(3, c).map((r) => r.body)).toEqual([{ status: 'open' }]);
    expect(chatwoot.conversations.get(`3/${c}`)).toBe('open');
    expect(chatwoot.messagesTo(3, c)).toHaveLength(0); // the bot stays quiet: a person has it
  });

  it('verifies the account webhook with its own secret, and resumes the bot when the agent resolves', async () => {
    chatwoot.botMayRead = false;
    const status = fixture('chatwoot-conversation-status-changed');
    const c = status.id;
    expect((await getSession(db, sessionOf(c)))?.mode).toBe('handoff_pending'); // from the handoff above
    // Account webhooks may carry no account id (it sits only on the conversation's last message): found from the link.
    status.messages = [];
    expect((await send(status, 'some-other-secret')).status).toBe(401);
    const r = await send(status, CW_ACCOUNT_SECRET);
    expect(r).toMatchObject({ status: 200, body: { status: 'resolved' } });
    await channels.whenIdle();
    expect((await getSession(db, sessionOf(c)))!.mode).toBe('bot');
  });

  it('reads an image\'s caption as the message: "[imagen] caption" in the transcript, and the bot answers it', async () => {
    const payload = fixture('chatwoot-message-created-image-caption');
    const c = payload.conversation.id;
    chatwoot.conversations.set(`3/${c}`, 'pending');
    expect((await send(payload)).body.queued).toBe(1);
    await channels.whenIdle();
    const stored = await listMessages(db, sessionOf(c));
    expect(stored.map((m) => `${m.role}:${m.content}`)).toEqual([`user:[imagen] ${payload.content}`, expect.stringMatching(/^assistant:/)]);
    expect(stored[1].intents).not.toContain('media_unsupported');
    expect(chatwoot.messagesTo(3, c).map((r) => r.body.content)).toEqual([stored[1].content]);
  });

  it('keeps markdown for Chatwoot, which renders it', async () => {
    const payload = { ...fixture('chatwoot-message-created'), id: 9301, content: 'aceptan transferencia?', conversation: { ...fixture('chatwoot-message-created').conversation, id: 63 } };
    chatwoot.conversations.set('3/63', 'pending');
    await send(payload);
    await channels.whenIdle();
    const [out] = chatwoot.messagesTo(3, 63);
    expect(out.body.content).toMatch(/\*\*[^*]+\*\*/);
    expect(out.body.content).toBe((await listMessages(db, sessionOf(63))).find((m) => m.role === 'assistant')!.content);
  });
});
