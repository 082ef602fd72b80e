// The bench's growth section: what a turn and the console cost once the store holds a large history. The same
// measurements on an empty store, then after filling it with 100,000 conversations and 1,000,000 messages (with
// their turn traces, feedback and channel deliveries) by batched `insert … select generate_series` in the real
// schema, plus 10,000 knowledge passages of another bot for a knowledge search. On a private cluster when the
// machine has Postgres's binaries, else in a schema of the bench's Postgres (dropped afterwards).
import pg from 'pg';
import { destination } from 'pino';
import { channelMigrations, channelsConfigFromEnv, createChannels } from '../channels/index.ts';
import { Runtime } from '../engine/index.ts';
import type { ConversationFile } from '../eval/index.ts';
import { createLogger, setupObservability } from '../observability/index.ts';
import { buildServer } from '../server/index.ts';
import { coreMigrations, migrate, openDatabase } from '../store/index.ts';
import { searchKnowledge } from '../knowledge/index.ts';
import { startPrivateCluster } from './cluster.ts';
import { measureTurnCost, withApplicationName } from './cost.ts';
import { benchPostgresUrl, benchSchemaName, redactUrl } from './postgres.ts';
import type { Player } from './replay.ts';
import { summarize, type LatencySummary } from './stats.ts';

export interface GrowthSize {
  sessions: number;
  messages: number;
  turns: number;
  knowledgePassages: number;
}

export interface GrowthPoint {
  label: 'empty' | 'filled';
  rows: { sessions: number; messages: number; turns: number };
  turnP50Ms: number;
  turnCpuMs: number;
  /** Request latency by endpoint. */
  endpoints: Record<string, LatencySummary>;
  knowledgeSearch?: LatencySummary;
}

export interface GrowthSection {
  postgres: string;
  size: GrowthSize;
  fillSeconds: number;
  points: GrowthPoint[];
  loadAverage: { start: number; end: number };
}

export const FULL_GROWTH: GrowthSize = { sessions: 100_000, messages: 1_000_000, turns: 500_000, knowledgePassages: 10_000 };
export const QUICK_GROWTH: GrowthSize = { sessions: 10_000, messages: 100_000, turns: 50_000, knowledgePassages: 10_000 };

const BOTS = ['ct-smash', 'la-formula', 'mini-crm', 'cloudinha', 'fashion-vn'];
const APP = 'switchboard_growth';
const TOKEN = 'growth-admin';
const BATCH = 100_000;

/** The statements that fill the store, each adding rows [from, to) of one table. */
export function fillStatements(size: GrowthSize): string[] {
  const out: string[] = [];
  const batches = (n: number, sql: (from: number, to: number) => string) => {
    for (let from = 1; from <= n; from += BATCH) out.push(sql(from, Math.min(n, from + BATCH - 1)));
  };
  const perSession = size.messages / size.sessions;
  // Conversations over the last 90 days; one in fifty waiting for a person, one in seventy with one.
  batches(size.sessions, (a, b) => `insert into sessions (id, bot, user_id, channel, secret, mode, last_intent, state, created_at, updated_at)
    select 'g' || g, (array['${BOTS.join("','")}'])[1 + g % ${BOTS.length}], 'u' || (g % ${Math.ceil(size.sessions / 3)}),
           case when g % 4 = 0 then 'evolution' else 'api' end, md5(g::text),
           case when g % 50 = 0 then 'handoff_pending' when g % 70 = 0 then 'human' else 'bot' end, 'faq',
           '{"memory":{}}'::jsonb, now() - ((${size.sessions} - g) * interval '77 seconds') - interval '1 hour', now() - ((${size.sessions} - g) * interval '77 seconds')
      from generate_series(${a}, ${b}) g`);
  batches(size.messages, (a, b) => `insert into messages (session_id, role, source, content, intents, turn_id, reply_to, created_at)
    select 'g' || (1 + (g - 1) / ${perSession}), case when g % 2 = 1 then 'user' else 'assistant' end, case when g % 2 = 1 then '' else 'bot' end,
           case when g % 2 = 1 then 'quero saber o horário da aula de sábado ' || g else 'As aulas de sábado são às 10h. Quer agendar uma experimental?' end,
           case when g % 2 = 1 then '[]'::jsonb else '["faq"]'::jsonb end, case when g % 2 = 0 then 'gt' || (g / 2) end, case when g % 2 = 0 then g - 1 end,
           now() - ((${size.messages} - g) * interval '7 seconds')
      from generate_series(${a}, ${b}) g`);
  batches(size.turns, (a, b) => `insert into turns (id, session_id, bot, user_message_id, path, intents, trace, model_calls, latency_ms, created_at)
    select 'gt' || g, 'g' || (1 + (2 * g - 1) / ${perSession}), 'ct-smash', 2 * g - 1, 'local', '["faq"]'::jsonb,
           '[{"ms":0.8,"ok":true,"node":"triage","chosen":[{"id":"faq","confidence":0.97}]},{"ms":1.2,"ok":true,"node":"faq"},{"ms":3.1,"ok":true,"node":"persist"}]'::jsonb,
           '[]'::jsonb, 5.2, now() - ((${size.turns} - g) * interval '14 seconds')
      from generate_series(${a}, ${b}) g`);
  batches(size.sessions / 10, (a, b) => `insert into feedback (bot, session_id, message_id, rating, created_at)
    select 'ct-smash', 'g' || (g * 10), (g * 10 - 1) * ${perSession} + 2, case when g % 3 = 0 then -1 else 1 end, now() - (g * interval '1 minute')
      from generate_series(${a}, ${b}) g`);
  batches(size.sessions / 4, (a, b) => `insert into channel_deliveries (session_id, bot, channel, message_id, content, address, status, attempts, created_at, updated_at)
    select 'g' || (g * 4), 'la-formula', 'evolution', g, 'Olá!', '{}'::jsonb, case when g % 25 = 0 then 'failed' else 'sent' end, 1, now() - (g * interval '1 minute'), now() - (g * interval '1 minute')
      from generate_series(${a}, ${b}) g`);
  batches(size.knowledgePassages, (a, b) => `insert into knowledge_chunks (bot, doc, heading, content, ts_config, tsv)
    select 'library', 'doc-' || (g / 10), 'Seção ' || g, 'Passagem ' || g || ' sobre horários, preços, planos e aulas de número ' || (g % 97),
           'portuguese', to_tsvector('portuguese', 'Passagem ' || g || ' sobre horários, preços, planos e aulas de número ' || (g % 97))
      from generate_series(${a}, ${b}) g`);
  return out;
}

async function timeRequests(url: string, path: string, n: number): Promise<LatencySummary> {
  const ms: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const t = performance.now();
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    if (i >= 3) ms.push(performance.now() - t); // the first three warm caches and statements
  }
  return summarize(ms);
}

export async function measureGrowthSection(opts: { bot: string; botsDir: string; file: ConversationFile; size: GrowthSize; env: NodeJS.ProcessEnv; loadAverage: () => number; log: (l: string) => void }): Promise<GrowthSection> {
  const start = opts.loadAverage();
  const cluster = opts.env.BENCH_COST_SHARED ? null : await startPrivateCluster(opts.env);
  const url = cluster?.url ?? benchPostgresUrl(opts.env);
  const schema = benchSchemaName('growth');
  opts.log(`  on ${cluster ? 'a private cluster' : redactUrl(url)}`);
  const admin = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
  const db = await openDatabase({ databaseUrl: withApplicationName(url, APP), schema });
  let close = async () => {};
  try {
    await admin.connect();
    await migrate(db, [...coreMigrations, ...channelMigrations]);
    const runtime = await Runtime.create({ db, only: [opts.bot], botsDir: opts.botsDir });
    const logger = createLogger({ env: opts.env, stream: destination({ dest: '/dev/null', sync: false }) });
    const observability = await setupObservability({ runtime, adminToken: TOKEN, logger, env: opts.env });
    const channels = createChannels(runtime, { ...channelsConfigFromEnv({}), log: () => {} });
    const app = await buildServer({ runtime, auth: { adminToken: TOKEN, operatorToken: TOKEN }, plugins: [channels.routes], instrument: observability.instrument, probes: observability.probes, logging: observability.logging });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await observability.close();
      await runtime.close();
    };
    const play: Player = async (c, timed) => {
      let sessionId: string | undefined;
      for (const t of c.turns) {
        if (t.user === undefined) continue;
        const t0 = performance.now();
        sessionId = (await runtime.chat(opts.bot, { sessionId, message: t.user })).sessionId;
        timed(performance.now() - t0);
      }
    };
    const points: GrowthPoint[] = [];
    let fillSeconds = 0;
    for (const label of ['empty', 'filled'] as const) {
      if (label === 'filled') {
        opts.log(`  filling: ${opts.size.sessions.toLocaleString('en')} conversations, ${opts.size.messages.toLocaleString('en')} messages, ${opts.size.turns.toLocaleString('en')} traces, ${opts.size.knowledgePassages.toLocaleString('en')} knowledge passages`);
        const t0 = performance.now();
        for (const sql of fillStatements(opts.size)) await admin.query(sql);
        await admin.query('vacuum analyze sessions, messages, turns, feedback, channel_deliveries, knowledge_chunks');
        fillSeconds = (performance.now() - t0) / 1000;
        opts.log(`  filled in ${fillSeconds.toFixed(0)} s`);
      }
      const latencies: number[] = [];
      const timedPlay: Player = (c, timed) => play(c, (ms) => (latencies.push(ms), timed(ms)));
      await measureTurnCost(admin, [{ system: 'switchboard', path: 'in-process', applicationName: APP, play }], opts.file, 1); // warm-up
      const [cost] = await measureTurnCost(admin, [{ system: 'switchboard', path: 'in-process', applicationName: APP, play: timedPlay }], opts.file, 3);
      const [counts] = (await admin.query<{ s: number; m: number; t: number }>('select (select count(*)::int from sessions) s, (select count(*)::int from messages) m, (select count(*)::int from turns) t')).rows;
      const [{ id: history }] = (await admin.query<{ id: string }>("select id from sessions where bot = $1 order by updated_at desc limit 1", [opts.bot])).rows;
      const endpoints: Record<string, LatencySummary> = {};
      const paths: [string, string][] = [
        ['inbox first page (/api/sessions?limit=500)', '/api/sessions?limit=500'],
        ["a conversation's history (/api/sessions/:id)", `/api/sessions/${encodeURIComponent(history)}`],
        ['handoff-pending list (/api/handoffs/pending)', '/api/handoffs/pending'],
        ['/api/channels/stats', '/api/channels/stats'],
        ['/metrics', '/metrics'],
      ];
      for (const [name, path] of paths) endpoints[name] = await timeRequests(base, path, 30);
      let knowledgeSearch: LatencySummary | undefined;
      if (label === 'filled') {
        const ms: number[] = [];
        for (let i = 0; i < 33; i++) {
          const t = performance.now();
          await searchKnowledge(db, 'library', 'pt', `qual o preço dos planos de aula número ${i}?`);
          if (i >= 3) ms.push(performance.now() - t);
        }
        knowledgeSearch = summarize(ms);
      }
      points.push({ label, rows: { sessions: counts.s, messages: counts.m, turns: counts.t }, turnP50Ms: summarize(latencies).p50, turnCpuMs: cost.cpuMs, endpoints, knowledgeSearch });
      opts.log(`  ${label}: turn p50 ${summarize(latencies).p50.toFixed(2)} ms, CPU ${cost.cpuMs.toFixed(2)} ms/turn`);
    }
    return { postgres: cluster ? 'private cluster' : redactUrl(url), size: opts.size, fillSeconds, points, loadAverage: { start, end: opts.loadAverage() } };
  } finally {
    await close();
    if (!cluster) await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await db.close();
    await admin.end().catch(() => {});
    await cluster?.stop();
  }
}
