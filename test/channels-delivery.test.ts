// Delivery and continuity on the channels, fed with provider-shaped payloads (fixtures in test/fixtures/channels:
// every field the provider sends, values invented) through the real routes, against the local fake providers:
// Chatwoot statuses the agents own, grapheme-safe splitting, `@lid` senders, user ids only in `contacts`,
// throttling and Retry-After, and what the transcript keeps of events that are not customer questions.
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
const EVO_TOKEN = 'evo-webhook-token-2';
const CW_BOT_SECRET = 'cw-agent-bot-secret-2';
const OPERATOR = 'op';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/channels/${name}.json`, import.meta.url), 'utf8'));

let world: ChannelsWorld;
let db: Database;
let runtime: Runtime;
let server: ChannelsServer;
let channels: Channels;
let evolution: FakeProvider;
let graph: FakeProvider;
let chatwoot: FakeChatwoot;
/** The waits the retry loop asked for (a recording sleep that does not wait). */
const slept: number[] = [];

beforeAll(async () => {
  world = await startChannelsWorld({
    env: { EVOLUTION_WEBHOOK_TOKEN: EVO_TOKEN, CHATWOOT_WEBHOOK_SECRET: CW_BOT_SECRET, CHATWOOT_READ_RETRY_MS: '0' },
    config: { sleep: async (ms: number) => void slept.push(ms) },
    auth: { adminToken: 'adm', operatorToken: OPERATOR },
  });
  ({ db, runtime, server, evolution, graph, chatwoot } = world);
  channels = server.channels;
});

afterAll(() => world?.close());

beforeEach(() => {
  world.reset();
  chatwoot.botMayRead = true;
  slept.length = 0;
});

const transcript = async (sessionId: string) => (await listMessages(db, sessionId)).map((m) => `${m.role}:${m.source}:${m.content}`);
const operator = async (method: string, path: string, body?: object) => {
  const res = await fetch(server.base + path, {
    method,
    headers: { authorization: `Bearer ${OPERATOR}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

// ---------------------------------------------------------------- Chatwoot

describe('Chatwoot: the agents own their statuses', () => {
  const sign = (raw: string) => {
    const ts = String(Math.floor(Date.now() / 1000));
    return { 'x-chatwoot-signature': `sha256=${createHmac('sha256', CW_BOT_SECRET).update(`${ts}.${raw}`).digest('hex')}`, 'x-chatwoot-timestamp': ts };
  };
  const send = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/chatwoot/la-formula', raw, sign(raw));
  };
  const sessionOf = (c: number) => `chatwoot-la-formula-3-${c}`;
  /** A customer message that asks for a person (the bot hands off and opens the conversation). */
  const handoff = async (c: number, id: number) => {
    const payload = fixture('chatwoot-message-created');
    payload.id = id;
    payload.conversation.id = c;
    chatwoot.conversations.set(`3/${c}`, 'pending');
    await send(payload);
    await channels.whenIdle();
    expect(chatwoot.conversations.get(`3/${c}`)).toBe('open');
  };
  const resolvedEvent = (c: number) => {
    const status = fixture('chatwoot-conversation-status-changed');
    status.id = c;
    status.status = 'resolved';
    return status;
  };

  it('never puts back to pending a conversation an agent resolved on a Chatwoot that refuses reads', async () => {
    chatwoot.botMayRead = false;
    await handoff(71, 9701);
    chatwoot.conversations.set('3/71', 'resolved'); // the agent resolves it
    expect((await send(resolvedEvent(71))).body).toMatchObject({ status: 'resolved' });
    await channels.whenIdle();
    expect((await getSession(db, sessionOf(71)))!.mode).toBe('bot');
    expect(chatwoot.togglesOf(3, 71).map((r) => r.body)).toEqual([{ status: 'open' }]);
    expect(chatwoot.conversations.get('3/71')).toBe('resolved');
  });

  it('on such a Chatwoot, a console hand-back does not toggle an unreadable status and tells the operator why', async () => {
    chatwoot.botMayRead = false;
    await handoff(72, 9711);
    const r = await operator('POST', `/api/sessions/${sessionOf(72)}/handoff`, { mode: 'bot', reason: 'console' });
    expect(r.status).toBe(200);
    await channels.whenIdle();
    expect(chatwoot.togglesOf(3, 72).map((x) => x.body)).toEqual([{ status: 'open' }]);
    expect((await transcript(sessionOf(72))).at(-1)).toMatch(/^system:system:\[Sistema\] El bot retoma la conversación, pero este Chatwoot no deja leer su estado/);
  });

  it('asks Chatwoot again after a refused read (the server may have been upgraded) and trusts what it reads', async () => {
    chatwoot.botMayRead = false;
    await handoff(73, 9721);
    chatwoot.botMayRead = true; // upgraded; the agent still has conversation 73 open
    const gets = () => chatwoot.requests.filter((x) => x.method === 'GET' && x.path.endsWith('/conversations/73')).length;
    const before = gets();
    // A stale "resolved" event: reading shows the agent has it open, so the bot stays out.
    await send(resolvedEvent(73));
    await channels.whenIdle();
    expect(gets()).toBeGreaterThan(before);
    expect((await getSession(db, sessionOf(73)))!.mode).not.toBe('bot');
  });
});

// ---------------------------------------------------------------- Evolution API

describe('Evolution API: senders known only by an @lid id', () => {
  it('answers a customer whose number WhatsApp hides, at their @lid id, in a conversation of their own', async () => {
    const payload = fixture('evolution-messages-upsert-lid');
    const r = await server.post('/webhooks/evolution/la-formula', payload, { 'x-webhook-token': EVO_TOKEN });
    expect(r).toMatchObject({ status: 200, body: { queued: 1, ignored: [] } });
    await channels.whenIdle();
    const [out] = evolution.delivered();
    expect(out.body).toMatchObject({ number: payload.data.key.remoteJid, text: expect.stringMatching(/creatina/i) });
    const sessionId = 'evolution-la-formula-184467301928374-lid';
    expect(await getSession(db, sessionId)).toMatchObject({ channel: 'evolution', phoneNumber: null });
    expect((await getLink(db, sessionId))?.contactName).toBe('Ramiro');
  });

  it('keeps the conversation of a customer who wrote with their number and later comes by @lid alone', async () => {
    const first = fixture('evolution-messages-upsert'); // remoteJid: their number, remoteJidAlt: their @lid
    first.data.key.id = '3EB0LIDLATER00000001';
    await server.post('/webhooks/evolution/la-formula', first, { 'x-webhook-token': EVO_TOKEN });
    await channels.whenIdle();
    const later = fixture('evolution-messages-upsert-lid');
    later.data.key.remoteJid = first.data.key.remoteJidAlt;
    later.data.key.id = '3EB0LIDLATER00000002';
    later.data.message.conversation = 'aceptan transferencia?';
    expect((await server.post('/webhooks/evolution/la-formula', later, { 'x-webhook-token': EVO_TOKEN })).body.queued).toBe(1);
    await channels.whenIdle();
    const number = first.data.key.remoteJid.split('@')[0];
    expect(evolution.delivered().map((x) => x.body.number)).toEqual([number, number]);
    expect(await transcript(`evolution-la-formula-${number}`)).toContain('user::aceptan transferencia?');
    expect(await getSession(db, `evolution-la-formula-${later.data.key.remoteJid.replace('@', '-')}`)).toBeUndefined();
  });

  it('still refuses groups, broadcast lists and channels', async () => {
    const bodies = ['120363041967849074@g.us', 'status@broadcast', '120363198765432101@newsletter'].map((jid, i) => {
      const p = fixture('evolution-messages-upsert-lid');
      p.data.key.remoteJid = jid;
      p.data.key.id = `3EB0NOTONE00000000${i}`;
      return p;
    });
    for (const b of bodies) expect((await server.post('/webhooks/evolution/la-formula', b, { 'x-webhook-token': EVO_TOKEN })).body).toMatchObject({ queued: 0, ignored: [expect.stringMatching(/not a one-to-one chat/)] });
    await channels.whenIdle();
    expect(evolution.requests).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- WhatsApp Cloud API

describe('WhatsApp Cloud API: continuity and throttling', () => {
  const signed = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
  };
  const value = (p: any) => p.entry[0].changes[0].value;
  /** The text fixture from another customer and message id. */
  const textFrom = (phone: string, id: string) => {
    const p = fixture('whatsapp-text');
    value(p).messages[0].id = id;
    value(p).messages[0].from = value(p).contacts[0].wa_id = phone;
    delete value(p).messages[0].from_user_id;
    delete value(p).contacts[0].user_id;
    return p;
  };

  it('keeps the conversation of a customer who hides their number when Meta sent their user id only in contacts', async () => {
    const first = fixture('whatsapp-text-contact-user-id');
    expect(value(first).messages[0].from_user_id).toBeUndefined();
    expect((await signed(first)).body.queued).toBe(1);
    await channels.whenIdle();
    const later = fixture('whatsapp-username-contact-only');
    expect((await signed(later)).body.queued).toBe(1);
    await channels.whenIdle();
    const phone = value(first).contacts[0].wa_id;
    expect(graph.delivered().map((x) => x.body.to)).toEqual([phone, phone]);
    expect(await transcript(`whatsapp-la-formula-${phone}`)).toContain('user::aceptan transferencia?');
    expect(await getSession(db, `whatsapp-la-formula-${value(later).contacts[0].user_id.replace(/\./g, '-')}`)).toBeUndefined();
  });

  it('sends a reply longer than 4096 characters in parts that never cut an emoji in two', async () => {
    await signed(textFrom('5491166660002', 'wamid.HBgNNTQ5MTE2NjY2MDAwMhUCABIYFkVNT0pJU1BMSVQwMDAwMDAwMQA='));
    await channels.whenIdle();
    graph.reset();
    const sessionId = 'whatsapp-la-formula-5491166660002';
    // One "word" of skin-toned thumbs (4 code units each) after a letter: a cut every 4096 units splits a pair.
    const text = `Listo x${'👍🏽'.repeat(1500)}`;
    const row = await insertMessage(db, { sessionId, role: 'assistant', source: 'bot', content: text });
    expect(await channels.hub.deliver(runtime.bot('la-formula'), sessionId, (await getLink(db, sessionId))!.address, text, row.id)).toBe(true);
    const parts = graph.delivered().map((x) => x.body.text.body as string);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      expect(p.length).toBeLessThanOrEqual(4096);
      expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(parts.join('').replace(/^Listox/, '')).toBe('👍🏽'.repeat(1500));
  });

  it("retries Meta's throttling codes sent as HTTP 400 (130429) and succeeds", async () => {
    graph.failNext(2, { status: 400, path: /\/messages$/, body: fixture('whatsapp-send-error-130429') });
    await signed(textFrom('5491166660003', 'wamid.HBgNNTQ5MTE2NjY2MDAwMxUCABIYFlRIUk9UVExFMDAwMDAwMDAwMQA='));
    await channels.whenIdle();
    const [d] = await listDeliveries(db, { sessionId: 'whatsapp-la-formula-5491166660003' });
    expect(d).toMatchObject({ status: 'sent', attempts: 3 });
    expect(graph.delivered()).toHaveLength(1);
  });

  it('honours Retry-After in seconds or as an HTTP date, at most a minute', async () => {
    const inHalfAMinute = new Date(Date.now() + 30_000).toUTCString();
    graph.failNext(1, { status: 429, path: /\/messages$/, headers: { 'retry-after': '7' } });
    graph.failNext(1, { status: 503, path: /\/messages$/, headers: { 'retry-after': inHalfAMinute } });
    graph.failNext(1, { status: 429, path: /\/messages$/, headers: { 'retry-after': '86400' } });
    await signed(textFrom('5491166660004', 'wamid.HBgNNTQ5MTE2NjY2MDAwNBUCABIYFlJFVFJZQUZURVIwMDAwMDAwMQA='));
    await channels.whenIdle();
    const [d] = await listDeliveries(db, { sessionId: 'whatsapp-la-formula-5491166660004' });
    expect(d).toMatchObject({ status: 'sent', attempts: 4 });
    expect(slept).toHaveLength(3);
    expect(slept[0]).toBe(7000);
    expect(slept[1]).toBeGreaterThan(20_000);
    expect(slept[1]).toBeLessThanOrEqual(30_000);
    expect(slept[2]).toBe(60_000);
  });

  it("stores Meta's error code with a send that failed, lists it and tells the operator", async () => {
    graph.failNext(10, { status: 400, path: /\/messages$/, body: fixture('whatsapp-send-error-131056') });
    await signed(textFrom('5491166660005', 'wamid.HBgNNTQ5MTE2NjY2MDAwNRUCABIYFlBBSVJSQVRFMDAwMDAwMDAwMQA='));
    await channels.whenIdle();
    const sessionId = 'whatsapp-la-formula-5491166660005';
    const [d] = await listDeliveries(db, { sessionId });
    expect(d).toMatchObject({ status: 'failed', attempts: 4, errorCode: '131056', lastError: expect.stringMatching(/pair rate limit/) });
    expect((await transcript(sessionId)).at(-1)).toBe('system:system:[Sistema] No se pudo entregar la respuesta por WhatsApp (131056)');
    const listed = await operator('GET', `/api/channels/deliveries?sessionId=${sessionId}&status=failed`);
    expect(listed.body.deliveries).toEqual([expect.objectContaining({ errorCode: '131056' })]);
  });
});

// ---------------------------------------------------------------- What the transcript keeps

describe('Events that go in the transcript and are never answered', () => {
  const evo = (payload: object) => server.post('/webhooks/evolution/la-formula', payload, { 'x-webhook-token': EVO_TOKEN });
  const signed = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
  };
  const evoSession = 'evolution-la-formula-5491155558888';

  it("Evolution: the owner's reply from the WhatsApp app is kept as an operator's message; Switchboard's own echo is not", async () => {
    const first = fixture('evolution-messages-upsert');
    first.data.key = { ...first.data.key, remoteJid: '5491155558888@s.whatsapp.net', remoteJidAlt: '207441938170001@lid', id: '3EB0CUSTOMER0000DEL1' };
    await evo(first);
    await channels.whenIdle();
    expect(evolution.delivered()).toHaveLength(1);

    const owner = fixture('evolution-messages-upsert-from-me');
    expect((await evo(owner)).body).toMatchObject({ queued: 1 });
    await channels.whenIdle();
    const text = owner.data.message.extendedTextMessage.text;
    expect((await transcript(evoSession)).at(-1)).toBe(`assistant:human:${text}`);
    expect(evolution.delivered()).toHaveLength(1); // the bot does not answer it, nothing is sent
    expect((await getLink(db, evoSession))?.contactName).toBe('Lucía'); // the business's pushName is not the customer's

    // Evolution also reports the bot's own reply as sent from the number: recognised by its id, not recorded.
    const [sent] = await listDeliveries(db, { sessionId: evoSession });
    const echo = fixture('evolution-messages-upsert-from-me');
    echo.data.key.id = sent.providerMessageId;
    echo.data.message.extendedTextMessage.text = sent.content;
    expect((await evo(echo)).body).toMatchObject({ queued: 0, ignored: ['sent by Switchboard (fromMe)'] });
    await channels.whenIdle();
    expect((await transcript(evoSession)).filter((m) => m.startsWith('assistant:human:'))).toHaveLength(1);
  });

  it('Evolution: a deleted message (messages.delete, or a REVOKE in messages.upsert) is noted in the transcript', async () => {
    expect((await evo(fixture('evolution-messages-delete'))).body).toMatchObject({ queued: 1 });
    expect((await evo(fixture('evolution-messages-upsert-revoke'))).body).toMatchObject({ queued: 1 });
    await channels.whenIdle();
    const notes = (await transcript(evoSession)).filter((m) => m.startsWith('system:'));
    expect(notes).toEqual(['system:system:[Sistema] El cliente borró un mensaje en WhatsApp', 'system:system:[Sistema] El cliente borró un mensaje en WhatsApp']);
    expect(evolution.requests).toHaveLength(0);
  });

  it('Cloud API: a number change is noted with the new number, and an smb_message_echoes reply kept as the operator’s', async () => {
    const change = fixture('whatsapp-system-user-changed-number');
    const from = change.entry[0].changes[0].value.messages[0].from;
    const hello = fixture('whatsapp-text-contact-user-id');
    hello.entry[0].changes[0].value.messages[0].from = hello.entry[0].changes[0].value.contacts[0].wa_id = from;
    hello.entry[0].changes[0].value.messages[0].id = 'wamid.HBgNNTQ5MTE2NjY2MDAxMBUCABIYFkhFTExPQkVGT1JFQ0hBTkdFMDEA';
    delete hello.entry[0].changes[0].value.contacts[0].user_id;
    await signed(hello);
    await channels.whenIdle();
    graph.reset();
    expect((await signed(change)).body).toMatchObject({ queued: 1 });
    await channels.whenIdle();
    expect((await transcript(`whatsapp-la-formula-${from}`)).at(-1)).toBe('system:system:[Sistema] El cliente cambió su número de WhatsApp: ahora es +5491166660011');

    const echo = fixture('whatsapp-smb-message-echoes');
    const m = echo.entry[0].changes[0].value.message_echoes[0];
    expect((await signed(echo)).body).toMatchObject({ queued: 1 });
    await channels.whenIdle();
    expect(await transcript(`whatsapp-la-formula-${m.to}`)).toEqual([`assistant:human:${m.text.body}`]);
    expect(graph.requests).toHaveLength(0);
  });
});

describe('Chatwoot: replies in a WhatsApp inbox', () => {
  it('splits a reply longer than 4096 characters for a WhatsApp inbox, on grapheme-safe boundaries', async () => {
    const payload = fixture('chatwoot-message-created');
    expect(payload.conversation.channel).toBe('Channel::Whatsapp');
    payload.id = 9801;
    payload.conversation.id = 81;
    payload.content = 'aceptan transferencia?';
    chatwoot.conversations.set('3/81', 'pending');
    const raw = JSON.stringify(payload);
    const ts = String(Math.floor(Date.now() / 1000));
    await server.post('/webhooks/chatwoot/la-formula', raw, { 'x-chatwoot-signature': `sha256=${createHmac('sha256', CW_BOT_SECRET).update(`${ts}.${raw}`).digest('hex')}`, 'x-chatwoot-timestamp': ts });
    await channels.whenIdle();
    chatwoot.reset();
    const sessionId = 'chatwoot-la-formula-3-81';
    const text = Array.from({ length: 9 }, (_, i) => `Punto ${i + 1} 💪🏽: ${'todo sobre el envío y el pago '.repeat(20).trim()}.`).join('\n\n');
    expect(text.length).toBeGreaterThan(4096);
    const row = await insertMessage(db, { sessionId, role: 'assistant', source: 'bot', content: text });
    expect(await channels.hub.deliver(runtime.bot('la-formula'), sessionId, (await getLink(db, sessionId))!.address, text, row.id)).toBe(true);
    const parts = chatwoot.messagesTo(3, 81).map((r) => r.body.content as string);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(4096);
    expect(parts.join('\n\n')).toBe(text);
  });
});

describe("WhatsApp Cloud API: an operator's reply after 24 hours of customer silence", () => {
  const signed = (payload: object) => {
    const raw = JSON.stringify(payload);
    return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` });
  };
  /** A customer who wrote, the bot answered, an operator took over, and then the customer said nothing for 25 hours. */
  const silentCustomer = async (phone: string, id: string) => {
    const p = fixture('whatsapp-text');
    const v = p.entry[0].changes[0].value;
    v.messages[0].id = id;
    v.messages[0].from = v.contacts[0].wa_id = phone;
    delete v.messages[0].from_user_id;
    delete v.contacts[0].user_id;
    await signed(p);
    await channels.whenIdle();
    const sessionId = `whatsapp-la-formula-${phone}`;
    expect((await operator('POST', `/api/sessions/${sessionId}/handoff`, { mode: 'human' })).status).toBe(200);
    expect((await operator('GET', `/api/channels/sessions/${sessionId}/window`)).body).toMatchObject({ windowOpen: true });
    await db.query(`update messages set created_at = created_at - interval '25 hours' where session_id = $1`, [sessionId]);
    graph.reset();
    return sessionId;
  };

  it('without a template: the window API and the reply route say why before anything is stored or sent', async () => {
    const sessionId = await silentCustomer('5491166660020', 'wamid.HBgNNTQ5MTE2NjY2MDAyMBUCABIYFldJTkRPV0NMT1NFRDAwMDAwMQA=');
    const window = await operator('GET', `/api/channels/sessions/${sessionId}/window`);
    expect(window).toMatchObject({ status: 200, body: { channel: 'whatsapp', windowOpen: false, reopenTemplate: null, reason: expect.stringMatching(/24 hours.*reopenTemplate/) } });
    const before = await transcript(sessionId);
    const r = await operator('POST', `/api/sessions/${sessionId}/reply`, { message: 'Ya tenemos tu pedido listo para retirar.' });
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.body)).toMatch(/cannot reach the customer on WhatsApp.*24 hours/);
    await channels.whenIdle();
    expect(await transcript(sessionId)).toEqual(before);
    expect(graph.requests).toHaveLength(0);
  });

  it("with settings.channels.whatsapp.reopenTemplate: the reply goes out as that template, carrying the operator's text", async () => {
    const config = runtime.bot('la-formula').config;
    const before = config.settings;
    config.settings = { ...before, channels: { whatsapp: { reopenTemplate: { name: 'retomar_conversacion', language: 'es_AR' } } } };
    try {
      const sessionId = await silentCustomer('5491166660021', 'wamid.HBgNNTQ5MTE2NjY2MDAyMRUCABIYFlRFTVBMQVRFUkVPUEVOMDAwMQA=');
      expect((await operator('GET', `/api/channels/sessions/${sessionId}/window`)).body).toMatchObject({ windowOpen: false, reopenTemplate: { name: 'retomar_conversacion' } });
      const text = 'Ya tenemos tu pedido listo para retirar.';
      expect((await operator('POST', `/api/sessions/${sessionId}/reply`, { message: text })).status).toBe(200);
      await channels.whenIdle();
      expect(graph.delivered().map((x) => x.body)).toEqual([
        {
          messaging_product: 'whatsapp',
          to: '5491166660021',
          type: 'template',
          template: { name: 'retomar_conversacion', language: { code: 'es_AR' }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] },
        },
      ]);
      expect(await listDeliveries(db, { sessionId, status: 'sent' })).toContainEqual(expect.objectContaining({ content: text, part: 0 }));
    } finally {
      config.settings = before;
    }
  });
});
