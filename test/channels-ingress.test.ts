// One ingress for every message: HTTP chat and each channel (Evolution, Cloud API, Chatwoot) get the same hostile
// payloads and apply the same rule — control characters and NUL stripped and the message stored, a message over
// 4,000 characters never understood (HTTP: 400; a channel: stored cut and answered "too long" in the bot's
// language), /api/health answering throughout. And sessions belong to where they were born.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConversationRateLimit, MAX_MESSAGE_CHARS } from '../src/ingress/index.ts';
import { runtimeReply } from '../src/engine/index.ts';
import { createSession, getSession, insertMessage, listMessages } from '../src/store/index.ts';
import { channelAdapters, ADAPTER_ENV, pollHealth, type ChannelAdapterUnderTest } from './support/channel-adapters.ts';
import { startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';

let world: ChannelsWorld;
let adapters: ChannelAdapterUnderTest[];

beforeAll(async () => {
  world = await startChannelsWorld({ env: ADAPTER_ENV, auth: { adminToken: 'a', operatorToken: 'o' } });
  adapters = channelAdapters(world);
}, 120_000);
afterAll(() => world?.close());
beforeEach(() => world.reset());

const transcript = async (sessionId: string) => (await listMessages(world.db, sessionId)).map((m) => `${m.role}:${m.content}`);
const chat = (body: object) => world.server.post('/api/bots/la-formula/chat', body);
const TOO_LONG = () => runtimeReply('message_too_long', 'es', world.runtime.bot('la-formula').config.replies);

describe.each(['evolution', 'whatsapp', 'chatwoot'] as const)('the %s channel through the ingress', (name) => {
  const adapter = () => adapters.find((a) => a.name === name)!;

  it('strips NUL and control characters, stores the message and answers it (no 500, nothing for the provider to retry)', async () => {
    const a = adapter();
    const contact = a.contact();
    const r = await a.send(contact, 'tienen\u0000 creatina?\u0007\u001b');
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    await world.server.channels.whenIdle();
    const t = await transcript(a.sessionOf(contact));
    expect(t[0]).toBe('user:tienen creatina?');
    expect(t[1]).toMatch(/^assistant:.*creatina/is);
    expect(a.outbox(contact)).toHaveLength(1);
  });

  it('ignores a text that is nothing but control characters, storing nothing', async () => {
    const a = adapter();
    const contact = a.contact();
    const r = await a.send(contact, '\u0000\u0001 \u0007');
    expect(r.status).toBe(200);
    expect(r.body.queued).toBe(0);
    await world.server.channels.whenIdle();
    expect(await getSession(world.db, a.sessionOf(contact))).toBeUndefined();
  });

  it('answers a 200,000-character message "too long" in the bot language, stores it cut, and /api/health answers throughout', async () => {
    const a = adapter();
    const contact = a.contact();
    const r = await a.send(contact, 'a'.repeat(200_000));
    expect(r).toMatchObject({ status: 200, body: { queued: 1 } });
    const health = await pollHealth(world.server.base, world.server.channels.whenIdle());
    expect(health.unanswered).toEqual([]);
    expect(health.answered).toBeGreaterThan(0);
    const t = await transcript(a.sessionOf(contact));
    expect(t).toEqual([`user:${'a'.repeat(MAX_MESSAGE_CHARS)} […]`, `assistant:${TOO_LONG()}`]);
    expect(a.outbox(contact)).toHaveLength(1);
    const [row] = await world.db.query<{ n: number }>(`select length(payload->>'text')::int as n from channel_inbound where session_id = $1`, [a.sessionOf(contact)]);
    expect(Number(row.n)).toBe(MAX_MESSAGE_CHARS);
  }, 120_000);

  it("never adopts a session it did not create: a squatter's session under the channel's id is left alone", async () => {
    const a = adapter();
    const contact = a.contact();
    const id = a.sessionOf(contact);
    // A session made over HTTP under the channel's id, as the HTTP route allowed before ids were namespaced.
    const squatter = await createSession(world.db, { id, bot: 'la-formula', channel: 'api' });
    await insertMessage(world.db, { sessionId: squatter.id, role: 'user', source: '', content: 'hola' });
    await a.send(contact, 'tienen creatina?');
    await world.server.channels.whenIdle();
    expect(await transcript(id)).toEqual(['user:hola']);
    const own = await getSession(world.db, `${id}.1`);
    expect(own).toMatchObject({ channel: name, bot: 'la-formula' });
    expect((await transcript(own!.id))[0]).toBe('user:tienen creatina?');
    expect(a.outbox(contact)).toHaveLength(1);
  });

  it('holds a conversation to the same per-minute limit as HTTP chat: over it, a message is kept but not answered', async () => {
    const a = adapter();
    const contact = a.contact();
    const { hub } = world.server.channels;
    const before = hub.rateLimit;
    hub.rateLimit = new ConversationRateLimit(1);
    try {
      await a.send(contact, 'tienen creatina?');
      await a.send(contact, 'y proteína?');
      await world.server.channels.whenIdle();
    } finally {
      hub.rateLimit = before;
    }
    const t = await transcript(a.sessionOf(contact));
    expect(t.filter((m) => m.startsWith('user:'))).toEqual(['user:tienen creatina?', 'user:y proteína?']);
    expect(t.filter((m) => m.startsWith('assistant:'))).toHaveLength(1);
    expect(a.outbox(contact)).toHaveLength(1);
  });

  it('keeps its sessions out of the HTTP routes: no client may create or continue one', async () => {
    const a = adapter();
    const contact = a.contact();
    const id = a.sessionOf(contact);
    for (const sessionId of [id, id.toUpperCase(), `${id}.1`]) {
      const r = await chat({ sessionId, message: 'hola' });
      expect(r.status, sessionId).toBe(400);
      expect(r.body.message).toMatch(/belong to messaging channels/);
    }
    expect(await getSession(world.db, id)).toBeUndefined();
    // Once the channel has the conversation, HTTP (even a trusted caller, in-process) cannot write into it.
    await a.send(contact, 'tienen creatina?');
    await world.server.channels.whenIdle();
    await expect(world.runtime.chat('la-formula', { sessionId: id, message: 'soy otro' })).rejects.toThrow(/continues only there/);
    expect((await transcript(id)).filter((m) => m.includes('soy otro'))).toEqual([]);
  });
});

describe('HTTP chat through the same ingress', () => {
  it('strips NUL and control characters and answers; refuses over 4,000 characters and a message empty once cleaned with 400', async () => {
    const ok = await chat({ message: 'tienen\u0000 creatina?\u0007' });
    expect(ok.status).toBe(200);
    expect(await transcript(ok.body.sessionId)).toContain('user:tienen creatina?');
    const long = await chat({ message: 'a'.repeat(200_000) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/longer than 4000 characters/);
    const empty = await chat({ message: '\u0000\u0001' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
  });

  it('the seed /chat and AI SDK routes refuse channel session ids too', async () => {
    const onSeed = await world.server.post('/chat', { chatInput: 'hola', sessionId: 'whatsapp-la-formula-5491100000000' });
    expect(onSeed.status).toBe(400);
    const onUi = await world.server.post('/api/bots/la-formula/ui-chat', { id: 'chatwoot-la-formula-3-1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hola' }] }] });
    expect(onUi.status).toBe(400);
  });
});
