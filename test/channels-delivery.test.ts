// Delivery and continuity on the channels, fed with provider-shaped payloads (fixtures in test/fixtures/channels:
// every field the provider sends, values invented) through the real routes, against the local fake providers:
// Chatwoot statuses the agents own, grapheme-safe splitting, `@lid` senders, user ids only in `contacts`,
// throttling and Retry-After, and what the transcript keeps of events that are not customer questions.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLink, listDeliveries, type Channels } from '../src/channels/index.ts';
import type { Runtime } from '../src/engine/index.ts';
import { getSession, listMessages, type Database } from '../src/store/index.ts';
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
