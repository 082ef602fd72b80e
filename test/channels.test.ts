// Channels end to end over real HTTP both ways: provider webhooks into the server, the bot's replies out to
// fake Evolution API, WhatsApp Graph API and Chatwoot servers (which record every call and can be made to fail).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listDeliveries, type Channels } from '../src/channels/index.ts';
import { renderReply } from '../src/channels/render.ts';
import { getSession, listMessages, type Database } from '../src/store/index.ts';
import type { ChannelsServer } from './support/channels-server.ts';
import { CHANNEL_KEYS, startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';
import type { FakeChatwoot, FakeProvider } from './support/fake-channel-providers.ts';

const { evolution: EVO_KEY, graph: GRAPH_TOKEN, appSecret: APP_SECRET, chatwoot: CW_TOKEN, phoneNumberId: PNID } = CHANNEL_KEYS;
const VERIFY_TOKEN = 'verify-me';
const CW_SECRET = 'cw-webhook-secret';
const OPERATOR = 'o';

let world: ChannelsWorld;
let db: Database;
let server: ChannelsServer;
let channels: Channels;
let base: string;
let evolution: FakeProvider;
let graph: FakeProvider;
let chatwoot: FakeChatwoot;

beforeAll(async () => {
  // Evolution's webhooks here carry no token: this file opens unverified channels on purpose.
  world = await startChannelsWorld({ env: { WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN, CHATWOOT_WEBHOOK_SECRET: CW_SECRET, SWITCHBOARD_CHANNELS_INSECURE: '1' }, auth: { adminToken: 'a', operatorToken: OPERATOR } });
  ({ db, server, evolution, graph, chatwoot } = world);
  ({ channels, base } = server);
});

afterAll(() => world?.close());

beforeEach(() => world.reset());

const post = (path: string, body: string | object, headers?: Record<string, string>) => server.post(path, body, headers);

const operatorReply = (sessionId: string, message: string) => post(`/api/sessions/${encodeURIComponent(sessionId)}/reply`, { message }, { authorization: `Bearer ${OPERATOR}` });

const transcript = async (sessionId: string) => (await listMessages(db, sessionId)).map((m) => `${m.role}:${m.source}:${m.content}`);

let idSeq = 0;
const uid = (p: string) => `${p}${Date.now().toString(16).toUpperCase()}${(idSeq++).toString(16).toUpperCase()}`;

// ---------------------------------------------------------------- Evolution API

describe('Evolution API', () => {
  const upsert = (number: string, message: Record<string, unknown>, over: { id?: string; fromMe?: boolean; jid?: string; instance?: string } = {}) => ({
    event: 'messages.upsert',
    instance: over.instance ?? 'la-formula-ventas',
    data: {
      key: { remoteJid: over.jid ?? `${number}@s.whatsapp.net`, fromMe: over.fromMe ?? false, id: over.id ?? uid('3EB0') },
      pushName: 'Lucía',
      message,
      messageType: Object.keys(message)[0],
      messageTimestamp: Math.floor(Date.now() / 1000),
    },
    destination: 'https://switchboard.example.com/webhooks/evolution/la-formula',
    date_time: new Date().toISOString(),
    sender: '5491100000000@s.whatsapp.net',
    server_url: evolution.url,
    apikey: 'instance-token',
  });
  const send = (payload: object) => post('/webhooks/evolution/la-formula', payload);

  it('answers a text message to the same number through sendText', async () => {
    const r = await send(upsert('5491155556666', { conversation: 'tienen creatina?' }));
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    await channels.whenIdle();
    expect(evolution.delivered()).toHaveLength(1);
    const out = evolution.delivered()[0];
    expect(out.path).toBe('/message/sendText/la-formula-ventas');
    expect(out.headers.apikey).toBe(EVO_KEY);
    expect(out.body.number).toBe('5491155556666');
    expect(out.body.text).toMatch(/creatina/i);
    const session = await getSession(db, 'evolution-la-formula-5491155556666');
    expect(session).toMatchObject({ channel: 'evolution', phoneNumber: '5491155556666', mode: 'bot' });
    expect(await transcript(session!.id)).toEqual(['user::tienen creatina?', `assistant:bot:${out.body.text}`]);
  });

  it('keeps one session and the arrival order for quick successive messages (extendedTextMessage too)', async () => {
    const number = '5491144443333';
    const texts = ['tienen creatina?', 'cuanto sale la whey?', 'aceptan transferencia?'];
    // The first send fails slowly: later replies must wait for its retry instead of overtaking it.
    evolution.failNext(1, { status: 503, delayMs: 150 });
    const results = await Promise.all([
      send(upsert(number, { conversation: texts[0] })),
      send(upsert(number, { extendedTextMessage: { text: texts[1] } })),
      send(upsert(number, { conversation: texts[2] })),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await channels.whenIdle();
    const sent = evolution.delivered().map((r) => r.body.text as string);
    expect(sent).toHaveLength(3);
    expect(evolution.requests).toHaveLength(4);
    const sessions = await db.query<{ id: string }>('select id from sessions where phone_number = $1', [number]);
    expect(sessions).toHaveLength(1);
    const stored = await listMessages(db, sessions[0].id);
    // Each reply follows its own question, and the replies went out in the order they were stored.
    const users = stored.filter((m) => m.role === 'user').map((m) => m.content);
    expect(new Set(users)).toEqual(new Set(texts));
    // What went out is each stored reply in WhatsApp's formatting.
    const replies = stored.filter((m) => m.role === 'assistant').map((m) => renderReply(m.content, 'whatsapp'));
    expect(sent).toEqual(replies);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('ignores groups and status broadcasts, keeps what the number itself sent without answering it, and refuses another instance', async () => {
    // Sent from the business number (the owner in the WhatsApp app): kept as the operator's, never answered.
    expect((await send(upsert('5491155550009', { conversation: 'hola' }, { fromMe: true }))).body.queued).toBe(1);
    const ignoredPayloads = [
      upsert('5491155550000', { conversation: 'hola grupo' }, { jid: '120363025246125486@g.us' }),
      upsert('5491155550000', { conversation: 'estado' }, { jid: 'status@broadcast' }),
      { event: 'connection.update', instance: 'la-formula-ventas', data: { state: 'open' } },
    ];
    for (const p of ignoredPayloads) {
      const r = await send(p);
      expect(r.status).toBe(200);
      expect(r.body.queued).toBe(0);
      expect(r.body.ignored).toHaveLength(1);
    }
    const other = await send(upsert('5491155550000', { conversation: 'hola' }, { instance: 'otra-tienda' }));
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/otra-tienda/);
    await channels.whenIdle();
    expect(evolution.requests).toHaveLength(0);
    expect(await getSession(db, 'evolution-la-formula-5491155550000')).toBeUndefined();
    expect((await listMessages(db, 'evolution-la-formula-5491155550009')).map((m) => `${m.role}:${m.source}:${m.content}`)).toEqual(['assistant:human:hola']);
  });

  it('answers a voice note it cannot hear with one clear line in the bot language', async () => {
    const r = await send(upsert('5491155557777', { audioMessage: { seconds: 7, ptt: true, mimetype: 'audio/ogg; codecs=opus' } }));
    expect(r.body.queued).toBe(1);
    await channels.whenIdle();
    expect(evolution.delivered().map((x) => x.body)).toEqual([{ number: '5491155557777', text: expect.stringMatching(/^Por ahora no puedo escuchar audios/) }]);
    expect(await transcript('evolution-la-formula-5491155557777')).toEqual(['user::[audio]', expect.stringMatching(/^assistant:bot:Por ahora no puedo escuchar audios/)]);
  });

  it('answers a duplicate webhook delivery once', async () => {
    const payload = upsert('5491155558888', { conversation: 'tienen creatina?' }, { id: 'DUPLICATE-EVO-1' });
    const [a, b] = await Promise.all([send(payload), send(payload)]);
    expect([a.body.queued, b.body.queued].sort()).toEqual([0, 1]);
    const again = await send(payload);
    expect(again.body).toMatchObject({ queued: 0, duplicates: 1 });
    await channels.whenIdle();
    expect(evolution.delivered()).toHaveLength(1);
    expect(await transcript('evolution-la-formula-5491155558888')).toHaveLength(2);
  });

  it('stays quiet during a handoff and delivers the operator console reply to the number', async () => {
    const number = '5491155559999';
    const sessionId = `evolution-la-formula-${number}`;
    await send(upsert(number, { conversation: 'che, no me llegó el pedido que hice la semana pasada' }));
    await channels.whenIdle();
    expect(evolution.delivered()).toHaveLength(1);
    expect(evolution.delivered()[0].body.text).toMatch(/Mauri/);
    expect((await getSession(db, sessionId))!.mode).toBe('handoff_pending');

    await send(upsert(number, { conversation: 'alguien?' }));
    await send(upsert(number, { imageMessage: { caption: 'el comprobante', mimetype: 'image/jpeg' } }));
    await channels.whenIdle();
    expect(evolution.delivered()).toHaveLength(1); // nothing while a person has it

    const rep = await operatorReply(sessionId, 'Hola! Soy Mauri, ya reviso tu pedido.');
    expect(rep.status).toBe(200);
    await channels.whenIdle();
    const out = evolution.delivered();
    expect(out).toHaveLength(2);
    expect(out[1].body).toEqual({ number, text: 'Hola! Soy Mauri, ya reviso tu pedido.' });
    expect(await transcript(sessionId)).toContain('user::[imagen] el comprobante');
  });

  it('retries a provider that is down and delivers once it is back', async () => {
    evolution.failNext(2, { status: 502 });
    await send(upsert('5491166660000', { conversation: 'tienen creatina?' }));
    await channels.whenIdle();
    expect(evolution.requests).toHaveLength(3);
    expect(evolution.delivered()).toHaveLength(1);
    const [d] = await listDeliveries(db, { sessionId: 'evolution-la-formula-5491166660000' });
    expect(d).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('records a reply that could not be delivered and tells the operator in the conversation', async () => {
    evolution.failNext(10, { status: 503 });
    await send(upsert('5491166661111', { conversation: 'tienen creatina?' }));
    await channels.whenIdle();
    expect(evolution.requests).toHaveLength(4); // first try + 3 retries
    expect(evolution.delivered()).toHaveLength(0);
    const sessionId = 'evolution-la-formula-5491166661111';
    const [d] = await listDeliveries(db, { sessionId });
    expect(d).toMatchObject({ status: 'failed', attempts: 4, kind: 'message' });
    expect(d.lastError).toMatch(/503/);
    const res = await fetch(`${base}/api/sessions/${sessionId}`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    const detail = await res.json();
    expect(detail.messages.at(-1)).toMatchObject({ role: 'system', content: '[Sistema] No se pudo entregar la respuesta por WhatsApp' });
  });

  it('runs a stored webhook message that a stopped process never finished', async () => {
    const number = '5491166662222';
    const msg = { channel: 'evolution', bot: 'la-formula', providerId: 'RECOVER-1', contactKey: number, phoneNumber: number, text: 'tienen creatina?', address: { channel: 'evolution', instance: 'la-formula-ventas', number } };
    await db.query(
      `insert into channel_inbound (channel, bot, provider_message_id, session_id, payload, updated_at) values ('evolution', 'la-formula', 'RECOVER-1', $1, $2, now() - interval '5 minutes')`,
      [`evolution-la-formula-${number}`, JSON.stringify(msg)],
    );
    expect(await channels.recover()).toBe(1);
    await channels.whenIdle();
    expect(evolution.delivered().map((r) => r.body.number)).toEqual([number]);
    expect(await channels.recover()).toBe(0);
    const [row] = await db.query<{ status: string }>(`select status from channel_inbound where provider_message_id = 'RECOVER-1'`);
    expect(row.status).toBe('done');
  });

  it('leaves JSON parsing of the other routes alone', async () => {
    const r = await post('/api/bots/la-formula/chat', { message: 'tienen creatina?' });
    expect(r.status).toBe(200);
    expect(r.body.reply).toMatch(/creatina/i);
    expect((await post('/api/bots/la-formula/chat', '{bad')).status).toBe(400);
  });

  it('rejects malformed bodies and unknown bots with 4xx', async () => {
    expect((await post('/webhooks/evolution/la-formula', '{not json')).status).toBe(400);
    expect((await post('/webhooks/evolution/la-formula', '')).status).toBe(400);
    expect((await post('/webhooks/evolution/nope', upsert('5491100001111', { conversation: 'hola' }))).status).toBe(404);
  });
});

// ---------------------------------------------------------------- WhatsApp Cloud API

describe('WhatsApp Cloud API', () => {
  const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const webhook = (from: string, message: Record<string, unknown>, id = `wamid.${uid('HBgM')}`) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5491140000000', phone_number_id: PNID },
              contacts: [{ wa_id: from, profile: { name: 'Martín' } }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  });
  const send = (payload: object, path = '/webhooks/whatsapp/la-formula', signature?: string) => {
    const raw = JSON.stringify(payload);
    return post(path, raw, { 'x-hub-signature-256': signature ?? sign(raw) });
  };

  it('answers Meta verification with the challenge, and refuses a wrong token', async () => {
    const ok = await fetch(`${base}/webhooks/whatsapp/la-formula?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(`${base}/webhooks/whatsapp/la-formula?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(bad.status).toBe(403);
  });

  it('answers a signed text message through the Graph API', async () => {
    const r = await send(webhook('5491177770000', { type: 'text', text: { body: 'tienen creatina?' } }));
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    await channels.whenIdle();
    const [out] = graph.delivered();
    expect(graph.delivered()).toHaveLength(1);
    expect(out.path).toBe(`/v21.0/${PNID}/messages`);
    expect(out.headers.authorization).toBe(`Bearer ${GRAPH_TOKEN}`);
    expect(out.body).toEqual({ messaging_product: 'whatsapp', to: '5491177770000', type: 'text', text: { body: expect.stringMatching(/creatina/i) } });
    expect(await getSession(db, 'whatsapp-la-formula-5491177770000')).toMatchObject({ channel: 'whatsapp', phoneNumber: '5491177770000' });
  });

  it('routes by phone_number_id on the shared webhook URL', async () => {
    const r = await send(webhook('5491177771111', { type: 'text', text: { body: 'aceptan transferencia?' } }), '/webhooks/whatsapp');
    expect(r.body.queued).toBe(1);
    await channels.whenIdle();
    expect(graph.delivered()[0].body.to).toBe('5491177771111');
  });

  it('rejects a forged or missing signature with 401 and stores nothing', async () => {
    const payload = webhook('5491177772222', { type: 'text', text: { body: 'tienen creatina?' } });
    const forged = await send(payload, '/webhooks/whatsapp/la-formula', sign(JSON.stringify(payload), 'not-the-secret'));
    expect(forged.status).toBe(401);
    const tampered = await post('/webhooks/whatsapp/la-formula', JSON.stringify(payload).replace('creatina', 'proteina'), { 'x-hub-signature-256': sign(JSON.stringify(payload)) });
    expect(tampered.status).toBe(401);
    const missing = await post('/webhooks/whatsapp/la-formula', payload);
    expect(missing.status).toBe(401);
    await channels.whenIdle();
    expect(graph.requests).toHaveLength(0);
    expect(await getSession(db, 'whatsapp-la-formula-5491177772222')).toBeUndefined();
    expect(await db.query(`select 1 from channel_inbound where session_id = 'whatsapp-la-formula-5491177772222'`)).toHaveLength(0);
  });

  it('accepts status updates without answering', async () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: PNID }, statuses: [{ id: 'wamid.X', status: 'delivered', recipient_id: '5491177770000' }] } }] }],
    };
    const r = await send(payload);
    expect(r).toMatchObject({ status: 200, body: { queued: 0 } });
    await channels.whenIdle();
    expect(graph.requests).toHaveLength(0);
  });

  it('answers a duplicate delivery once', async () => {
    const payload = webhook('5491177773333', { type: 'text', text: { body: 'tienen creatina?' } }, 'wamid.DUPLICATE1');
    const results = await Promise.all([send(payload), send(payload), send(payload)]);
    expect(results.map((r) => r.body.queued).sort()).toEqual([0, 0, 1]);
    await channels.whenIdle();
    expect(graph.delivered()).toHaveLength(1);
    expect(await transcript('whatsapp-la-formula-5491177773333')).toHaveLength(2);
  });

  it('delivers the operator console reply after a handoff', async () => {
    const from = '5491177774444';
    const sessionId = `whatsapp-la-formula-${from}`;
    await send(webhook(from, { type: 'text', text: { body: 'che, no me llegó el pedido que hice la semana pasada' } }));
    await channels.whenIdle();
    expect(graph.delivered()[0].body.text.body).toMatch(/Mauri/);
    await send(webhook(from, { type: 'text', text: { body: 'sigo esperando' } }));
    await channels.whenIdle();
    expect(graph.delivered()).toHaveLength(1);
    expect((await operatorReply(sessionId, 'Soy Mauri, ya lo estoy viendo')).status).toBe(200);
    await channels.whenIdle();
    expect(graph.delivered()[1].body).toEqual({ messaging_product: 'whatsapp', to: from, type: 'text', text: { body: 'Soy Mauri, ya lo estoy viendo' } });
  });

  it('retries a 500 and gives up at once on a 4xx (recorded failed, operator told)', async () => {
    graph.failNext(1, { status: 500 });
    await send(webhook('5491177775555', { type: 'text', text: { body: 'tienen creatina?' } }));
    await channels.whenIdle();
    expect(graph.requests).toHaveLength(2);
    expect((await listDeliveries(db, { sessionId: 'whatsapp-la-formula-5491177775555' }))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    graph.reset();
    graph.failNext(5, { status: 400 });
    await send(webhook('5491177776666', { type: 'text', text: { body: 'tienen creatina?' } }));
    await channels.whenIdle();
    expect(graph.requests).toHaveLength(1);
    const sessionId = 'whatsapp-la-formula-5491177776666';
    expect((await listDeliveries(db, { sessionId }))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await transcript(sessionId)).at(-1)).toBe('system:system:[Sistema] No se pudo entregar la respuesta por WhatsApp');
  });

  it('answers a photo without a caption with the text-only line, and reads a caption as the message', async () => {
    await send(webhook('5491177777777', { type: 'image', image: { id: 'MEDIA1', mime_type: 'image/jpeg', sha256: 'c2hhMjU2' } }));
    await channels.whenIdle();
    expect(graph.delivered()[0].body.text.body).toMatch(/^Por ahora solo puedo leer mensajes de texto/);
    await send(webhook('5491177777778', { type: 'image', image: { id: 'MEDIA2', mime_type: 'image/jpeg', sha256: 'c2hhMjU2', caption: 'tienen creatina?' } }));
    await channels.whenIdle();
    expect(graph.delivered()[1].body.text.body).toMatch(/creatina/i);
    expect(await transcript('whatsapp-la-formula-5491177777778')).toEqual(['user::[imagen] tienen creatina?', expect.stringMatching(/^assistant:bot:.*creatina/is)]);
  });
});

// ---------------------------------------------------------------- Chatwoot Agent Bot

describe('Chatwoot Agent Bot', () => {
  const ACCOUNT = 3;
  const sign = (raw: string, ts = String(Math.floor(Date.now() / 1000)), secret = CW_SECRET) => ({
    'x-chatwoot-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`,
    'x-chatwoot-timestamp': ts,
  });
  const send = (payload: object, headers?: Record<string, string>) => {
    const raw = JSON.stringify(payload);
    return post('/webhooks/chatwoot/la-formula', raw, headers ?? sign(raw));
  };
  let messageSeq = 500;
  const incoming = (conversationId: number, content: string, status = 'pending', id = ++messageSeq) => ({
    event: 'message_created',
    id,
    content,
    created_at: new Date().toISOString(),
    message_type: 'incoming',
    content_type: 'text',
    content_attributes: {},
    source_id: `wamid.${id}`,
    private: false,
    sender: { id: 77, name: 'Sofía', phone_number: '+5491188880000', type: 'contact' },
    inbox: { id: 9, name: 'WhatsApp La Formula' },
    account: { id: ACCOUNT, name: 'La Formula' },
    conversation: {
      id: conversationId,
      inbox_id: 9,
      status,
      channel: 'Channel::Whatsapp',
      meta: { sender: { id: 77, name: 'Sofía', phone_number: '+5491188880000' }, assignee: null },
      contact_inbox: { source_id: '5491188880000' },
    },
  });
  const statusChanged = (conversationId: number, status: string, event = 'conversation_status_changed') => ({
    event,
    id: conversationId,
    account_id: ACCOUNT,
    inbox_id: 9,
    status,
    meta: { sender: { id: 77, name: 'Sofía' } },
    messages: [],
  });
  const sessionOf = (c: number) => `chatwoot-la-formula-${ACCOUNT}-${c}`;

  it('answers an incoming message of a pending conversation', async () => {
    chatwoot.conversations.set(`${ACCOUNT}/41`, 'pending');
    const r = await send(incoming(41, 'tienen creatina?'));
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    await channels.whenIdle();
    const [out] = chatwoot.messagesTo(ACCOUNT, 41);
    expect(chatwoot.messagesTo(ACCOUNT, 41)).toHaveLength(1);
    expect(out.headers.api_access_token).toBe(CW_TOKEN);
    expect(out.body).toEqual({ content: expect.stringMatching(/creatina/i), message_type: 'outgoing' });
    expect(await getSession(db, sessionOf(41))).toMatchObject({ channel: 'chatwoot', phoneNumber: '5491188880000', mode: 'bot' });
  });

  it('ignores outgoing messages and private notes, and only records messages of conversations an agent has', async () => {
    chatwoot.conversations.set(`${ACCOUNT}/42`, 'open');
    await send({ ...incoming(42, 'respuesta del agente'), message_type: 'outgoing' });
    await send({ ...incoming(42, 'nota interna'), private: true });
    const r = await send(incoming(42, 'tienen creatina?', 'open'));
    expect(r.body.queued).toBe(1);
    await channels.whenIdle();
    expect(chatwoot.requests).toHaveLength(0);
    expect(await transcript(sessionOf(42))).toEqual(['user::tienen creatina?']);
  });

  it('hands off by opening the conversation once, stays quiet, relays the console reply and resumes when resolved', async () => {
    const c = 43;
    const sessionId = sessionOf(c);
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    const handoff = incoming(c, 'che, no me llegó el pedido que hice la semana pasada');
    await send(handoff);
    await channels.whenIdle();
    expect(chatwoot.messagesTo(ACCOUNT, c).map((r) => r.body.content)).toEqual([expect.stringMatching(/Mauri/)]);
    expect(chatwoot.togglesOf(ACCOUNT, c).map((r) => r.body)).toEqual([{ status: 'open' }]);
    expect(chatwoot.conversations.get(`${ACCOUNT}/${c}`)).toBe('open');
    expect((await getSession(db, sessionId))!.mode).toBe('handoff_pending');

    // Chatwoot retries the same webhook: answered once, toggled once.
    expect((await send(handoff)).body).toMatchObject({ duplicates: 1 });
    // A later message whose payload still says pending (sent before the toggle landed): Chatwoot is asked again.
    await send(incoming(c, 'sigo esperando', 'pending'));
    await channels.whenIdle();
    expect(chatwoot.messagesTo(ACCOUNT, c)).toHaveLength(1);
    expect(chatwoot.togglesOf(ACCOUNT, c)).toHaveLength(1);
    expect(await transcript(sessionId)).toContain('user::sigo esperando');

    // The operator answers from the Switchboard console: it reaches the Chatwoot conversation.
    expect((await operatorReply(sessionId, 'Hola Sofía, soy Mauri. Ya lo reviso.')).status).toBe(200);
    await channels.whenIdle();
    expect(chatwoot.messagesTo(ACCOUNT, c).at(-1)!.body).toEqual({ content: 'Hola Sofía, soy Mauri. Ya lo reviso.', message_type: 'outgoing' });

    // The agent resolves the conversation in Chatwoot: the bot takes it back (confirmed by reading the status).
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'resolved');
    expect((await send(statusChanged(c, 'resolved'))).status).toBe(200);
    await channels.whenIdle();
    expect((await getSession(db, sessionId))!.mode).toBe('bot');
    expect(chatwoot.requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(1);

    // The customer writes again (Chatwoot puts it back to pending for the bot): answered.
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    await send(incoming(c, 'tienen creatina?'));
    await channels.whenIdle();
    expect(chatwoot.messagesTo(ACCOUNT, c).at(-1)!.body.content).toMatch(/creatina/i);
    expect(chatwoot.togglesOf(ACCOUNT, c)).toHaveLength(1);
  });

  it('resumes when an agent sets the conversation back to pending, but not on a stale status event', async () => {
    const c = 44;
    const sessionId = sessionOf(c);
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    await send(incoming(c, 'quiero hablar con una persona'));
    await channels.whenIdle();
    expect((await getSession(db, sessionId))!.mode).toBe('handoff_pending');
    expect(chatwoot.conversations.get(`${ACCOUNT}/${c}`)).toBe('open');

    // A 'pending' event that Chatwoot contradicts (still open) changes nothing.
    await send(statusChanged(c, 'pending', 'conversation_updated'));
    await channels.whenIdle();
    expect((await getSession(db, sessionId))!.mode).toBe('handoff_pending');

    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    await send(statusChanged(c, 'pending'));
    await channels.whenIdle();
    expect((await getSession(db, sessionId))!.mode).toBe('bot');
  });

  it('retries the Chatwoot API while it is down and delivers once it is back', async () => {
    chatwoot.conversations.set(`${ACCOUNT}/45`, 'pending');
    chatwoot.failNext(2, { status: 502, path: /\/messages$/ });
    await send(incoming(45, 'tienen creatina?'));
    await channels.whenIdle();
    expect(chatwoot.requests).toHaveLength(3);
    expect(chatwoot.messagesTo(ACCOUNT, 45)).toHaveLength(1);
    expect((await listDeliveries(db, { sessionId: sessionOf(45) }))[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('records a failed hand-over when Chatwoot stays down, and tells the operator', async () => {
    const c = 46;
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    chatwoot.failNext(100, { path: /toggle_status$/ });
    await send(incoming(c, 'che, no me llegó el pedido que hice la semana pasada'));
    await channels.whenIdle();
    expect(chatwoot.conversations.get(`${ACCOUNT}/${c}`)).toBe('pending');
    const deliveries = await listDeliveries(db, { sessionId: sessionOf(c) });
    expect(deliveries.filter((d) => d.kind === 'status')).toEqual([expect.objectContaining({ content: 'open', status: 'failed', attempts: 4 })]);
    const notices = (await transcript(sessionOf(c))).filter((m) => m.startsWith('system:'));
    expect(notices.at(-1)).toBe('system:system:[Sistema] No se pudo pasar la conversación a un agente en Chatwoot');
    expect(notices.filter((m) => m.includes('No se pudo pasar'))).toHaveLength(1);

    // Chatwoot is back: the next customer message hands it over.
    chatwoot.reset();
    await send(incoming(c, 'hola?? sigo acá'.replace('hola?? ', '')));
    await channels.whenIdle();
    expect(chatwoot.togglesOf(ACCOUNT, c)).toHaveLength(1);
    expect(chatwoot.conversations.get(`${ACCOUNT}/${c}`)).toBe('open');
    expect(chatwoot.messagesTo(ACCOUNT, c)).toHaveLength(0);
  });

  it('mirrors mode changes made in the Switchboard console to the Chatwoot status', async () => {
    const c = 48;
    const sessionId = sessionOf(c);
    chatwoot.conversations.set(`${ACCOUNT}/${c}`, 'pending');
    await send(incoming(c, 'tienen creatina?'));
    await channels.whenIdle();
    const setMode = (mode: string) => post(`/api/sessions/${sessionId}/handoff`, { mode, reason: 'desde la consola' }, { authorization: `Bearer ${OPERATOR}` });

    // An operator takes the conversation from the console: Chatwoot opens it for its agents.
    expect((await setMode('human')).status).toBe(200);
    await channels.whenIdle();
    expect(chatwoot.togglesOf(ACCOUNT, c).map((r) => r.body)).toEqual([{ status: 'open' }]);

    // And hands it back: Chatwoot's status returns to pending, where the bot answers.
    expect((await setMode('bot')).status).toBe(200);
    await channels.whenIdle();
    expect(chatwoot.togglesOf(ACCOUNT, c).map((r) => r.body)).toEqual([{ status: 'open' }, { status: 'pending' }]);
    expect(chatwoot.conversations.get(`${ACCOUNT}/${c}`)).toBe('pending');
    await send(incoming(c, 'cuanto sale la whey?'));
    await channels.whenIdle();
    expect(chatwoot.messagesTo(ACCOUNT, c).at(-1)!.body.content).toMatch(/whey/i);
  });

  it('rejects a missing, forged or stale signature with 401', async () => {
    const payload = incoming(47, 'tienen creatina?');
    const raw = JSON.stringify(payload);
    expect((await post('/webhooks/chatwoot/la-formula', raw)).status).toBe(401);
    expect((await post('/webhooks/chatwoot/la-formula', raw, sign(raw, undefined, 'wrong'))).status).toBe(401);
    expect((await post('/webhooks/chatwoot/la-formula', raw, sign(raw, String(Math.floor(Date.now() / 1000) - 3600)))).status).toBe(401);
    await channels.whenIdle();
    expect(chatwoot.requests).toHaveLength(0);
    expect(await getSession(db, sessionOf(47))).toBeUndefined();
  });
});
