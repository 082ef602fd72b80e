// npm run profile:statements -- [bot] [turns] — what a turn costs the database on Postgres, independent of
// the machine's load: replays the bot's conversations.yaml in process on Postgres (BENCH_DATABASE_URL, else
// DATABASE_URL, else the local test database; its own schema, dropped afterwards) and counts, per user turn,
// the round trips to the server (each query a client sends), pool checkouts, NOTIFY deliveries to this
// process's listener, and the process's CPU time.
import pg from 'pg';
import { benchPostgresUrl, openBenchPostgres, replayInProcess } from '../src/bench/index.ts';
import { defaultBotsDir } from '../src/bot/index.ts';
import { conversationsPath, loadConversations, startEvalServer } from '../src/eval/index.ts';

const bot = process.argv[2] ?? 'ct-smash';
const turns = Number(process.argv[3] ?? 300);
const counts = { statements: 0, roundTrips: 0, checkouts: 0, notifications: 0 };
const byStatement = new Map<string, number>();
const query = pg.Client.prototype.query;
type Wire = { pipeline?: boolean; _activeQuery?: unknown; _sentQueryQueue?: unknown[] };
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  counts.statements++;
  // A statement pipelined behind one still in flight shares its round trip.
  const c = this as unknown as Wire;
  if (!c.pipeline || (!c._activeQuery && !c._sentQueryQueue?.length)) counts.roundTrips++;
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  counts.checkouts++;
  return (connect as (...a: unknown[]) => unknown).apply(this, args);
} as typeof connect;

const db = await openBenchPostgres(benchPostgresUrl());
const file = loadConversations(conversationsPath(defaultBotsDir, bot));
const server = await startEvalServer({ db, keepDb: true, only: [bot], withModels: false, env: { ...process.env, SWITCHBOARD_MODEL: '' } });
const unlisten = await db.listen('switchboard_events', () => counts.notifications++);
try {
  await replayInProcess(server, bot, file, { maxTurns: 60 }); // warm up
  await new Promise((r) => setTimeout(r, 200));
  Object.assign(counts, { statements: 0, roundTrips: 0, checkouts: 0, notifications: 0 });
  byStatement.clear();
  const c0 = process.cpuUsage();
  const n = (await replayInProcess(server, bot, file, { maxTurns: turns })).length;
  const c = process.cpuUsage(c0);
  await new Promise((r) => setTimeout(r, 200));
  const per = (x: number) => (x / n).toFixed(2);
  console.log(`${bot} on Postgres, in process, ${n} user turns (operator steps of the replay included):`);
  console.log(`  statements per turn    ${per(counts.statements)}`);
  console.log(`  round trips per turn   ${per(counts.roundTrips)}`);
  console.log(`  pool checkouts per turn ${per(counts.checkouts)}`);
  console.log(`  notifications per turn ${per(counts.notifications)}`);
  console.log(`  CPU per turn           ${((c.user + c.system) / 1000 / n).toFixed(2)} ms`);
  console.log('  statements (per turn):');
  for (const [k, v] of [...byStatement].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`    ${per(v).padStart(6)}  ${k}`);
} finally {
  await unlisten();
  await server.close();
  await db.drop();
}
