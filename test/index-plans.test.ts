// Every statement the server ran — turns of a reference bot in process and over HTTP, a WhatsApp message
// through the channels, the console's reads and writes, /metrics — is EXPLAINed on a store where the large
// tables hold thousands of rows (ANALYZEd): none may read a large table by a sequential scan, so a turn and
// the console stay as fast with a year of conversations as with none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destination } from 'pino';
import { channelMigrations, channelsConfigFromEnv, createChannels, deliveryRetentionStep } from '../src/channels/index.ts';
import { defaultBotsDir } from '../src/bot/index.ts';
import { Runtime } from '../src/engine/index.ts';
import { conversationsPath, loadConversations } from '../src/eval/index.ts';
import { createLogger, setupObservability } from '../src/observability/index.ts';
import { buildServer } from '../src/server/index.ts';
import { coreMigrations, coreRetentionSteps, migrate, openTestDatabase, Retention, testDrivers, type Database } from '../src/store/index.ts';
import { startFakeEvolution, type FakeProvider } from './support/fake-channel-providers.ts';
import { recordingDatabase, type RecordedStatement } from './support/recording-database.ts';

/** Tables that grow with conversations: a sequential scan on one of them grows a statement's cost with the data. */
const LARGE = ['sessions', 'messages', 'turns', 'feedback', 'channel_inbound', 'channel_sessions', 'channel_deliveries', 'moderation_logs', 'profiles', 'golden_examples', 'knowledge_chunks', 'settings_audit', 'card_clicks'];

const TOKEN = 'plans-admin';

/** Thousands of rows in every large table, spread over many conversations and bots as real use spreads them. */
const FILL = [
  `insert into sessions (id, bot, user_id, channel, secret, mode, state, created_at, updated_at)
     select 'fill-' || g, (array['ct-smash','la-formula','mini-crm','cloudinha','fashion-vn'])[1 + g % 5], 'u' || (g % 3000),
            case when g % 4 = 0 then 'evolution' else 'api' end, md5(g::text),
            case when g % 50 = 0 then 'handoff_pending' when g % 70 = 0 then 'human' else 'bot' end, '{}'::jsonb,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, 8000) g`,
  `insert into messages (session_id, role, source, content, intents, turn_id, created_at)
     select 'fill-' || (1 + g % 8000), case when g % 2 = 0 then 'user' else 'assistant' end, case when g % 2 = 0 then '' else 'bot' end,
            'mensagem ' || g, '[]'::jsonb, 'turn-' || g, now() - ((80000 - g) || ' seconds')::interval
       from generate_series(1, 80000) g`,
  `insert into turns (id, session_id, bot, user_message_id, path, trace, created_at)
     select 'fill-turn-' || g, 'fill-' || (1 + g % 8000), 'ct-smash', g, 'local', '[]'::jsonb, now() - ((40000 - g) || ' seconds')::interval
       from generate_series(1, 40000) g`,
  `insert into feedback (bot, session_id, message_id, rating, created_at)
     select 'ct-smash', 'fill-' || (1 + g % 8000), g, case when g % 3 = 0 then -1 else 1 end, now() - (g || ' minutes')::interval from generate_series(1, 5000) g`,
  `insert into card_clicks (bot, session_id, message_id, part, item, label, intent, created_at)
     select (array['ct-smash','la-formula','mini-crm','cloudinha','fashion-vn'])[1 + g % 5], 'fill-' || (1 + g % 8000), g, 0, g % 5, 'curso ' || (g % 40), 'match',
            now() - ((g * 17) || ' minutes')::interval from generate_series(1, 5000) g`,
  `insert into channel_sessions (session_id, channel, bot, address)
     select 'fill-' || g, 'evolution', 'la-formula', jsonb_build_object('number', '55' || g) from generate_series(4, 8000, 4) g`,
  `insert into channel_inbound (channel, bot, provider_message_id, session_id, status, payload, received_at, updated_at)
     select 'evolution', 'la-formula', 'fill-' || g, 'fill-' || (4 + 4 * (g % 1999)), 'done', '{}'::jsonb, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, 20000) g`,
  `insert into channel_deliveries (session_id, bot, channel, message_id, content, address, status, attempts, created_at, updated_at)
     select 'fill-' || (4 + 4 * (g % 1999)), 'la-formula', 'evolution', g, 'resposta ' || g, '{}'::jsonb, case when g % 20 = 0 then 'failed' else 'sent' end, 1,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, 20000) g`,
  `insert into moderation_logs (bot, session_id, reason, message, created_at)
     select 'ct-smash', 'fill-' || (1 + g % 8000), 'profanity', 'x', now() - (g || ' minutes')::interval from generate_series(1, 5000) g`,
  `insert into settings_audit (bot, key, actor, before, after, created_at)
     select (array['ct-smash','la-formula','mini-crm'])[1 + g % 3], 'handoff', 'admin', '{}'::jsonb, '{}'::jsonb, now() - (g || ' minutes')::interval from generate_series(1, 5000) g`,
  `insert into profiles (bot, subject, data) select 'ct-smash', 'u' || g, '{}'::jsonb from generate_series(1, 5000) g`,
  `insert into golden_examples (bot, user_text, reply, source) select 'ct-smash', 'pergunta ' || g, 'resposta', 'judge' from generate_series(1, 5000) g`,
  `insert into knowledge_chunks (bot, doc, heading, content, ts_config, tsv)
     select 'other-' || (g % 20), 'doc-' || g, '', 'texto ' || g, 'simple', to_tsvector('simple', 'texto ' || g) from generate_series(1, 10000) g`,
];

/** The sequential scans on large tables in an EXPLAIN (format json) plan. */
function seqScans(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan' && LARGE.includes(String(node['Relation Name']))) found.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(plan as Record<string, unknown>);
  return found;
}

const explainable = (text: string) => /^\s*(select|insert|update|delete|with)\b/i.test(text) && !/pg_advisory|pg_notify\(\$1, \$2\)|^\s*select 1\s*$/i.test(text);

describe.each(testDrivers())('every statement the server runs has an index plan (%s)', (driver) => {
  let base: Database & { drop(): Promise<void> };
  let db: Database;
  let statements: Map<string, RecordedStatement>;
  let runtime: Runtime;
  let evolution: FakeProvider;
  let close: () => Promise<void>;

  beforeAll(async () => {
    base = await openTestDatabase(driver);
    ({ db, statements } = recordingDatabase(base));
    await migrate(db, [...coreMigrations, ...channelMigrations]);
    evolution = await startFakeEvolution('evo-key');
    runtime = await Runtime.create({ db, only: ['ct-smash', 'la-formula'] });
    const observability = await setupObservability({ runtime, adminToken: TOKEN, logger: createLogger({ env: {}, stream: destination({ dest: '/dev/null', sync: false }) }), env: {} });
    const channels = createChannels(runtime, { ...channelsConfigFromEnv({ EVOLUTION_BASE_URL: evolution.url, EVOLUTION_API_KEY: 'evo-key', EVOLUTION_INSTANCE: 'la-formula-ventas', CHANNELS_RETRY_DELAYS_MS: '5' }), log: () => {} });
    const app = await buildServer({ runtime, auth: { adminToken: TOKEN, operatorToken: TOKEN }, plugins: [channels.routes], instrument: observability.instrument, logging: observability.logging });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await observability.close();
      await runtime.close();
      await evolution.close();
      await base.drop();
    };
    for (const sql of FILL) await base.query(sql);
    await base.query(`vacuum analyze ${LARGE.join(', ')}`); // only this schema's tables; as autovacuum keeps them: statistics, and the visibility map index-only scans rely on

    // Turns: ct-smash's conversations in process (bookings, knowledge, handoffs), then over HTTP.
    const file = loadConversations(conversationsPath(defaultBotsDir, 'ct-smash'));
    const sessionIds: string[] = [];
    for (const c of file.conversations.slice(0, 8)) {
      let sessionId: string | undefined;
      for (const t of c.turns) if (t.user !== undefined) sessionId = (await runtime.chat('ct-smash', { sessionId, userId: c.user, message: t.user })).sessionId;
      if (sessionId) sessionIds.push(sessionId);
    }
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    };
    const first = file.conversations[0].turns.find((t) => t.user !== undefined)!.user!;
    const opened = await call('POST', '/api/bots/ct-smash/chat', { message: first, clientMessageId: 'plans-1' });
    await call('POST', '/api/bots/ct-smash/chat', { message: first, clientMessageId: 'plans-1' }); // a retry
    await call('POST', '/api/bots/ct-smash/chat', { sessionId: opened.sessionId, sessionToken: opened.sessionToken, message: first });
    // A WhatsApp message through Evolution: inbound record, channel link, the reply's delivery.
    await call('POST', '/webhooks/evolution/la-formula', {
      event: 'messages.upsert',
      instance: 'la-formula-ventas',
      data: { key: { remoteJid: '5491155550000@s.whatsapp.net', fromMe: false, id: 'PLANS1' }, pushName: 'L', message: { conversation: 'hola' }, messageType: 'conversation', messageTimestamp: Math.floor(Date.now() / 1000) },
    });
    await channels.whenIdle();
    // The console.
    const sid = sessionIds[0];
    const history = await call('GET', `/api/sessions/${sid}`);
    const assistant = (history.messages as { id: number; role: string }[]).find((m) => m.role === 'assistant');
    if (assistant) {
      await call('POST', `/api/sessions/${sid}/feedback`, { messageId: assistant.id, rating: 1 });
      // The reply showed result cards, and the customer opens one (with the conversation's own secret).
      await base.query('update messages set parts = $2::jsonb where id = $1', [assistant.id, JSON.stringify([{ type: 'data-cards', data: { items: [{ title: 'Aula experimental' }] } }])]);
      const [{ secret }] = await base.query<{ secret: string }>('select secret from sessions where id = $1', [sid]);
      const click = await fetch(`${url}/api/sessions/${sid}/events`, { method: 'POST', headers: { 'x-session-token': secret, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'click', messageId: assistant.id, item: 0 }) });
      expect(click.status).toBe(201);
    }
    await call('POST', `/api/sessions/${sid}/handoff`, { mode: 'handoff_pending', reason: 'plans' });
    await call('POST', `/api/sessions/${sid}/reply`, { message: 'Olá, aqui é a equipe.' });
    await call('POST', `/api/sessions/${sid}/handoff`, { mode: 'bot' });
    for (const path of ['/api/sessions?bot=ct-smash', '/api/sessions?bot=ct-smash&mode=handoff_pending', '/api/sessions', '/api/handoffs/pending', '/api/handoffs/pending?bot=ct-smash', '/api/feedback?bot=ct-smash', '/api/channels/stats', '/api/channels/stats?bot=la-formula', '/api/channels/deliveries?bot=la-formula', '/api/bots/ct-smash/golden', '/api/bots/ct-smash/knowledge', '/metrics', '/api/moderation', '/api/moderation?bot=ct-smash&reason=prof&q=x', '/api/bots/ct-smash/abandonment', '/api/bots/ct-smash/clicks', '/api/settings/audit', '/api/settings/audit?bot=ct-smash', '/api/bots/ct-smash/persona']) await call('GET', path);
    await call('PUT', '/api/bots/ct-smash/persona', { temperature: 0.5 });
    if (assistant) await call('POST', '/api/bots/ct-smash/golden', { sessionId: sid, messageId: assistant.id });
    await runtime.sweepHandoffs();
    // Retention's batches (the filled conversations went quiet up to five days ago).
    const policy = { conversationDays: 4, traceDays: 1, deliveryDays: 2, batch: 50, everyMinutes: 10 };
    await new Retention(db, [...coreRetentionSteps, deliveryRetentionStep], policy).runOnce();
  }, 300_000);

  afterAll(() => close?.());

  it('runs a plan without a sequential scan on a large table for each statement', async () => {
    expect(statements.size).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const s of statements.values()) {
      if (!explainable(s.text)) continue;
      const [row] = await base.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${s.text}`, s.params);
      const plan = row['QUERY PLAN'];
      const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: unknown }[];
      const scans = seqScans(top[0].Plan);
      if (scans.length) offenders.push(`${scans.join(', ')} ← ${s.text.replace(/\s+/g, ' ').slice(0, 220)}`);
    }
    expect(offenders).toEqual([]);
  }, 120_000);
});
