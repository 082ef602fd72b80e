// `switchboard bench`: everything measured in one run on this machine — turn latency per bot in process and
// over HTTP on PGlite and Postgres; for ct-smash, paired with the same-work floor (bare graph + a turn's
// durable statements, in process and behind the same Fastify setup) and, on Postgres, with the peer a user
// would build instead (LangGraph + PostgresSaver + Fastify); throughput at 20 concurrent conversations of
// all three; memory per 1,000 idle sessions; local understanding vs NLP.js; start-up time; each bot's turn on
// hostile 4,000-character messages against an ordinary one (adversarial). Each part fails alone (noted)
// without stopping the others.
import { cpus, loadavg, totalmem } from 'node:os';
import { defaultBotsDir } from '../bot/index.ts';
import { botsWithConversations, conversationsPath, loadConversations, startEvalServer, type ConversationFile, type EvalServer } from '../eval/index.ts';
import type { LoadedBot } from '../engine/index.ts';
import { openDatabase, type Database } from '../store/index.ts';
import { bareLangGraphLatencies, floorPlayer, startFloorServer, type FloorServer } from './floors.ts';
import { pairedChatLoad } from './load.ts';
import { destination } from 'pino';
import { createLogger } from '../observability/index.ts';
import { memoryPerThousandSessions, type MemoryResult } from './memory.ts';
import { compareOnBot, publicDatasets, type BotNluResult, type LabelledTurn, type PublicNluResult } from './nlu.ts';
import { startPeerServer, type PeerServer } from './peer.ts';
import { ADVERSARIAL_GOALS, adversarialTurns, type AdversarialBot } from './adversarial.ts';
import { benchPostgresUrl, benchSchemaName, dropSchema, openBenchPostgres, probePostgres, redactUrl } from './postgres.ts';
import { httpPlayer, inProcessPlayer, replayHttp, replayInProcess, replayPaired, type HttpTarget, type Player } from './replay.ts';
import { START_COMMAND, measureStartup, type StartupRun } from './startup.ts';
import { measureCostSection, type CostSection } from './cost-section.ts';
import { FULL_GROWTH, QUICK_GROWTH, measureGrowthSection, type GrowthSection } from './growth.ts';
import { measureEmbeddingsSection, type EmbeddingsSection } from './embeddings.ts';
import { ratio, summarize, type LatencySummary, type LoadResult } from './stats.ts';

type Driver = 'pglite' | 'postgres';

/** What served the turns: Switchboard, the same-work floor, or the LangGraph + PostgresSaver peer. */
export type System = 'switchboard' | 'floor' | 'peer';

export interface TurnLatencyRow {
  system: System;
  bot: string;
  driver: Driver;
  path: 'in-process' | 'http';
  latency: LatencySummary;
}

export interface ThroughputRow {
  system: System;
  bot: string;
  driver: Driver;
  concurrency: number;
  result: LoadResult;
}

export interface Target {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean | null;
}

export interface BenchReport {
  startedAt: string;
  durationMs: number;
  quick: boolean;
  /** loadAverage: the 1-minute load average at the start and at the end (other processes share the cores). */
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverage: { start: number; end?: number } };
  /** The bare graph of ct-smash's shape (informational: what LangGraph alone costs per invoke). */
  floors: { langgraph?: LatencySummary };
  turns: TurnLatencyRow[];
  postgres: { url: string; used: boolean; note?: string };
  throughput: ThroughputRow[];
  memory?: MemoryResult;
  nlu: { bots: BotNluResult[]; public?: PublicNluResult };
  startup: StartupRun[];
  /** Each bot's in-process turn on hostile messages of 1,000 and 4,000 characters, against its ordinary message. */
  adversarial: AdversarialBot[];
  /** Whole-system CPU and WAL per turn, Switchboard and the peer on the same Postgres. */
  cost?: CostSection;
  /** A turn and the console's reads on an empty store and on one holding a large history. */
  growth?: GrowthSection;
  /** Per-message cost of meaning from an embedding model (the fake provider server) beside local understanding. */
  embeddings?: EmbeddingsSection;
  targets: Target[];
  notes: string[];
}

export interface BenchOptions {
  quick?: boolean;
  /** Bots to measure (default: every bot with a conversations.yaml). */
  bots?: string[];
  botsDir?: string;
  /** Skip parts by name (BENCH_PARTS). */
  skip?: string[];
  /** Run only these parts (BENCH_PARTS); the others are skipped. */
  only?: string[];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

interface Budget {
  floorIterations: number;
  floorWarmup: number;
  /** Timed user turns per path (in process, HTTP), per bot and store. */
  turns: number;
  sectionMs: number;
  /** Seconds of load per server at 20 concurrent conversations, split into `loadRounds` alternating windows. */
  loadSeconds: number;
  loadRounds: number;
  memorySessions: number;
}

const FULL: Budget = { floorIterations: 2000, floorWarmup: 100, turns: 400, sectionMs: 10_000, loadSeconds: 9, loadRounds: 3, memorySessions: 1000 };
const QUICK: Budget = { floorIterations: 300, floorWarmup: 30, turns: 100, sectionMs: 3_000, loadSeconds: 3, loadRounds: 1, memorySessions: 200 };

/** The parts of a run, by the names --skip and --only take. */
export const BENCH_PARTS = ['floors', 'turns', 'postgres', 'peer', 'throughput', 'memory', 'nlu', 'startup', 'cost', 'growth', 'adversarial', 'embeddings'];

/** The bot whose figures the targets are about. */
const REFERENCE_BOT = 'ct-smash';
/** Concurrent conversations of the throughput comparison. */
const LOAD_CONCURRENCY = 20;

export async function runBench(opts: BenchOptions = {}): Promise<BenchReport> {
  const t0 = performance.now();
  const quick = opts.quick ?? false;
  const budget = quick ? QUICK : FULL;
  const log = opts.log ?? (() => {});
  const skip = new Set([...(opts.skip ?? []), ...(opts.only?.length ? BENCH_PARTS.filter((p) => !opts.only!.includes(p)) : [])]);
  const env = opts.env ?? process.env;
  const botsDir = opts.botsDir ?? defaultBotsDir;
  const bots = opts.bots?.length ? opts.bots : botsWithConversations(botsDir);
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    durationMs: 0,
    quick,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', memoryGiB: +(totalmem() / 2 ** 30).toFixed(1), node: process.version, platform: `${process.platform}-${process.arch}`, loadAverage: { start: +loadavg()[0].toFixed(2) } },
    floors: {},
    turns: [],
    postgres: { url: redactUrl(benchPostgresUrl(env)), used: false },
    throughput: [],
    nlu: { bots: [] },
    startup: [],
    adversarial: [],
    targets: [],
    notes: [],
  };
  const attempt = async (part: string, fn: () => Promise<void>) => {
    if (skip.has(part)) {
      report.notes.push(`${part}: skipped (--skip)`);
      return;
    }
    try {
      await fn();
    } catch (err) {
      const msg = `${part}: failed — ${(err as Error).message}`;
      report.notes.push(msg);
      log(`  ✗ ${msg}`);
    }
  };

  await attempt('floors', async () => {
    log('▶ floors: bare LangGraph (triage → Send(a, b) → merge)');
    const m = { warmup: budget.floorWarmup, iterations: budget.floorIterations, maxMs: budget.sectionMs };
    report.floors.langgraph = summarize(await bareLangGraphLatencies(m));
  });

  const files = new Map<string, ConversationFile>();
  for (const bot of bots) {
    try {
      files.set(bot, loadConversations(conversationsPath(botsDir, bot)));
    } catch (err) {
      report.notes.push(`${bot}: no usable conversations — ${(err as Error).message.split('\n')[0]}`);
    }
  }

  await attempt('adversarial', async () => {
    for (const [bot, file] of files) {
      log(`▶ adversarial: ${bot}, hostile messages of 1,000 and 4,000 characters against an ordinary one (in process, PGlite)`);
      report.adversarial.push(await adversarialTurns(bot, file, { botsDir, env, repeats: quick ? 2 : 3 }));
    }
  });

  // The NLU comparison reuses each bot as loaded on PGlite (its understander needs no store).
  const nluTurns = new Map<string, { bot: LoadedBot; turns: LabelledTurn[] }>();
  const drivers: Driver[] = ['pglite', 'postgres'];
  for (const driver of drivers) {
    if (skip.has('turns') && skip.has('throughput')) break;
    let pgUrl: string | undefined;
    if (driver === 'postgres') {
      if (skip.has('postgres')) {
        report.notes.push('postgres: skipped (--skip)');
        continue;
      }
      const url = benchPostgresUrl(env);
      const why = await probePostgres(url);
      if (why) {
        report.postgres.note = `Postgres at ${redactUrl(url)} unreachable (${why}); set BENCH_DATABASE_URL to include it`;
        report.notes.push(report.postgres.note);
        log(`  ${report.postgres.note}`);
        continue;
      }
      pgUrl = url;
      report.postgres.used = true;
    }
    for (const [bot, file] of files) {
      await attempt(`${bot} on ${driver}`, async () => {
        const db: (Database & { drop?: () => Promise<void> }) | undefined = pgUrl ? await openBenchPostgres(pgUrl) : undefined;
        const reference = bot === REFERENCE_BOT;
        let server: EvalServer | undefined;
        let floorDb: (Database & { drop?: () => Promise<void> }) | undefined;
        let floor: FloorServer | undefined;
        let peer: PeerServer | undefined;
        const peerSchema = benchSchemaName('peer');
        try {
          // Metrics and JSON request/turn logs on, as `switchboard start` runs (the lines go to /dev/null).
          const observe = { env, logger: createLogger({ env, stream: destination({ dest: '/dev/null', sync: false }) }) };
          server = await startEvalServer({ only: [bot], botsDir, db, keepDb: Boolean(db), withModels: false, env: { ...env, SWITCHBOARD_MODEL: '' }, observe });
          const sb = server;
          const clock0 = new Date(file.conversations[0].clock ?? Date.now());
          const sbTarget: HttpTarget = { url: sb.url, token: sb.token, server: sb, beforeLoad: () => sb.clock.set(clock0) };
          if (reference) {
            floorDb = pgUrl ? await openBenchPostgres(pgUrl) : await openDatabase({ dataDir: ':memory:' });
            floor = await startFloorServer(floorDb, bot);
            if (pgUrl && !skip.has('peer')) peer = await startPeerServer({ databaseUrl: pgUrl, schema: peerSchema });
          }
          const others: { system: System; inProcess?: Player; http: Player; target: HttpTarget }[] = [];
          if (floor) others.push({ system: 'floor', inProcess: floorPlayer(floor.floor), http: httpPlayer(floor, bot, 60), target: floor });
          if (peer) others.push({ system: 'peer', http: httpPlayer(peer, bot, 80), target: peer });
          if (!skip.has('turns')) {
            log(`▶ ${bot} on ${driver}: turn latency in process and over HTTP${others.length ? `, paired with ${others.map((o) => o.system).join(' and ')}` : ''}`);
            const onePass = file.conversations.reduce((a, c) => a + c.turns.filter((t) => t.user !== undefined).length, 0);
            const observed: LabelledTurn[] = [];
            // Warm-up pass (untimed); on PGlite it also records each turn's active flows for the NLU comparison.
            await replayInProcess(sb, bot, file, {
              maxTurns: onePass,
              observe: driver === 'pglite' ? (t) => t.intents?.length === 1 && observed.push({ text: t.text, intent: t.intents[0], flows: t.flows }) : undefined,
            });
            if (driver === 'pglite') nluTurns.set(bot, { bot: sb.runtime.bot(bot), turns: observed });
            await replayHttp(sb, bot, file, { maxTurns: Math.min(onePass, 30) }); // warm the HTTP path
            // The same conversations, all players interleaved conversation by conversation.
            const players: { system: System; path: TurnLatencyRow['path']; play: Player }[] = [
              { system: 'switchboard', path: 'in-process', play: inProcessPlayer(sb, bot) },
              { system: 'switchboard', path: 'http', play: httpPlayer(sbTarget, bot) },
              ...others.flatMap((o) => [...(o.inProcess ? [{ system: o.system, path: 'in-process' as const, play: o.inProcess }] : []), { system: o.system, path: 'http' as const, play: o.http }]),
            ];
            for (const p of players.slice(2)) await replayPaired([p.play], file, { maxTurns: Math.min(onePass, 30), maxMs: budget.sectionMs }); // warm up
            const latencies = await replayPaired(players.map((p) => p.play), file, { maxTurns: budget.turns, maxMs: budget.sectionMs * (1 + players.length / 2) });
            players.forEach((p, i) => report.turns.push({ system: p.system, bot, driver, path: p.path, latency: summarize(latencies[i]) }));
          }
          if (reference && !skip.has('throughput')) {
            const targets = [{ system: 'switchboard' as System, target: sbTarget }, ...others];
            log(`▶ ${bot} on ${driver}: ${LOAD_CONCURRENCY} concurrent conversations, ${targets.map((t) => t.system).join(' / ')} taking turns (${budget.loadSeconds} s each)`);
            const results = await pairedChatLoad(targets.map((t) => t.target), bot, file, LOAD_CONCURRENCY, budget.loadSeconds, budget.loadRounds);
            targets.forEach((t, i) => report.throughput.push({ system: t.system, bot, driver, concurrency: LOAD_CONCURRENCY, result: results[i] }));
          }
        } finally {
          await server?.close();
          await floor?.close();
          await peer?.close();
          if (peer && pgUrl) await dropSchema(pgUrl, peerSchema);
          if (floorDb?.drop) await floorDb.drop();
          else await floorDb?.close();
          await db?.drop?.();
        }
      });
    }
  }

  await attempt('memory', async () => {
    const bot = bots.includes(REFERENCE_BOT) ? REFERENCE_BOT : bots[0];
    if (!bot) return;
    log(`▶ memory: ${budget.memorySessions} sessions with one turn each (${bot}, child process)`);
    report.memory = await memoryPerThousandSessions(bot, budget.memorySessions);
  });

  await attempt('nlu', async () => {
    log('▶ local understanding vs NLP.js on the bots’ conversation turns');
    for (const [id, { bot, turns }] of nluTurns) {
      const now = new Date(files.get(id)?.conversations[0].clock ?? Date.now());
      report.nlu.bots.push(await compareOnBot(bot, turns, now));
    }
    log('▶ public NLU datasets (src/nlu benchNlu)');
    report.nlu.public = await publicDatasets(quick, log);
  });

  await attempt('cost', async () => {
    const file = files.get(REFERENCE_BOT);
    if (!file) return;
    log(`▶ cost per turn, whole system: ${REFERENCE_BOT} and the peer, CPU of the process + its Postgres backends, WAL written`);
    report.cost = await measureCostSection({ bot: REFERENCE_BOT, botsDir, file, blocks: quick ? 2 : 5, env, loadAverage: () => +loadavg()[0].toFixed(2), log });
  });

  await attempt('growth', async () => {
    const file = files.get(REFERENCE_BOT);
    if (!file) return;
    log(`▶ growth: ${REFERENCE_BOT}'s turn and the console's reads, empty store vs a filled one`);
    report.growth = await measureGrowthSection({ bot: REFERENCE_BOT, botsDir, file, size: quick ? QUICK_GROWTH : FULL_GROWTH, env, loadAverage: () => +loadavg()[0].toFixed(2), log });
  });

  await attempt('embeddings', async () => {
    const file = files.get(REFERENCE_BOT);
    if (!file) return;
    log(`▶ embeddings: ${REFERENCE_BOT} per message, local understanding vs an embedding model on the fake provider server (in process, PGlite)`);
    report.embeddings = await measureEmbeddingsSection({ bot: REFERENCE_BOT, botsDir, file, turns: budget.turns, maxMs: budget.sectionMs * 3, env, log });
  });

  await attempt('startup', async () => {
    log(`▶ start-up: \`node ${START_COMMAND.join(' ')}\`, fresh and existing data dir`);
    report.startup = await measureStartup();
  });

  report.targets = targetsOf(report);
  report.machine.loadAverage.end = +loadavg()[0].toFixed(2);
  if (Math.max(report.machine.loadAverage.start, report.machine.loadAverage.end) > report.machine.cpus) {
    report.notes.push(`the machine was busy with other work (1-minute load average ${report.machine.loadAverage.start} → ${report.machine.loadAverage.end} on ${report.machine.cpus} cores): latencies carry that noise`);
  }
  report.durationMs = performance.now() - t0;
  return report;
}

const atMost = (x: number, limit: number) => (Number.isFinite(x) ? x <= limit : null);
const atLeast = (x: number, limit: number) => (Number.isFinite(x) ? x >= limit : null);

export function targetsOf(r: BenchReport): Target[] {
  const out: Target[] = [];
  const turn = (system: System, driver: Driver, path: TurnLatencyRow['path']) => r.turns.find((t) => t.system === system && t.bot === REFERENCE_BOT && t.driver === driver && t.path === path)?.latency;
  const load = (system: System, driver: Driver) => r.throughput.find((t) => t.system === system && t.bot === REFERENCE_BOT && t.driver === driver)?.result;
  const bot = REFERENCE_BOT;
  // 1. Against the peer, on Postgres.
  const sbPg = load('switchboard', 'postgres');
  const peerPg = load('peer', 'postgres');
  if (sbPg && peerPg) {
    const x = ratio(sbPg.perSecond, peerPg.perSecond);
    out.push({ name: `${bot} turns/s ÷ peer's (Postgres, HTTP, ${LOAD_CONCURRENCY} concurrent)`, value: x, unit: '×', target: '≥ 2×', met: atLeast(x, 2) });
  }
  const sbOne = turn('switchboard', 'postgres', 'http');
  const peerOne = turn('peer', 'postgres', 'http');
  if (sbOne && peerOne) {
    const x = ratio(sbOne.p50, peerOne.p50);
    out.push({ name: `${bot} p50 ÷ peer's (Postgres, HTTP, one client)`, value: x, unit: '×', target: '≤ 0.5×', met: atMost(x, 0.5) });
  }
  // 2. Against the same-work floor, on each store.
  for (const driver of ['pglite', 'postgres'] as const) {
    const sb = turn('switchboard', driver, 'in-process');
    const fl = turn('floor', driver, 'in-process');
    if (sb && fl) {
      const x = ratio(sb.p50, fl.p50);
      out.push({ name: `${bot} in-process p50 ÷ same-work floor's (${driver})`, value: x, unit: '×', target: '≤ 1.5×', met: atMost(x, 1.5) });
    }
    const sbLoad = load('switchboard', driver);
    const flLoad = load('floor', driver);
    if (sbLoad && flLoad) {
      const x = ratio(sbLoad.perSecond, flLoad.perSecond);
      out.push({ name: `${bot} turns/s ÷ same-work floor's over HTTP (${driver}, ${LOAD_CONCURRENCY} concurrent)`, value: x, unit: '×', target: '≥ 0.6×', met: atLeast(x, 0.6) });
    }
  }
  const inProc = turn('switchboard', 'pglite', 'in-process');
  if (inProc) out.push({ name: `${bot} in-process turn p99 (PGlite)`, value: inProc.p99, unit: 'ms', target: '< 25 ms', met: inProc.p99 < 25 });
  // 3. Hostile messages: each bot's worst shape.
  for (const a of r.adversarial) {
    const worst = a.rows.reduce((w, x) => (x.ratio > w.ratio ? x : w), a.rows[0]);
    const steepest = a.rows.reduce((w, x) => (x.growth > w.growth ? x : w), a.rows[0]);
    if (!worst) continue;
    out.push({ name: `${a.bot} worst 4,000-character turn ÷ ordinary (${worst.shape})`, value: worst.ratio, unit: '×', target: `≤ ${ADVERSARIAL_GOALS.ratio}×`, met: atMost(worst.ratio, ADVERSARIAL_GOALS.ratio) });
    out.push({ name: `${a.bot} steepest 4,000 ÷ 1,000 characters (${steepest.shape})`, value: steepest.growth, unit: '×', target: `≤ ${ADVERSARIAL_GOALS.growth}× (linear)`, met: atMost(steepest.growth, ADVERSARIAL_GOALS.growth) });
  }
  // 4. Start-up.
  const fresh = r.startup.find((s) => s.dataDir === 'fresh');
  // Start-up goals are for an idle machine (load average < 0.5); at a load average up to 2 they are 1.5× as long.
  const startLimit = (idleMs: number, load?: number) => (load === undefined || load < 0.5 ? idleMs : load <= 2 ? idleMs * 1.5 : Number.NaN);
  const startTarget = (idleMs: number, load?: number) => {
    const limit = startLimit(idleMs, load);
    return { target: Number.isNaN(limit) ? `≤ ${idleMs / 1000} s idle (load ${load} > 2: not judged)` : `≤ ${limit / 1000} s at load ${load}`, limit };
  };
  if (fresh) {
    const t = startTarget(1800, fresh.loadAverage);
    out.push({ name: 'start to first answered message, fresh data dir', value: fresh.firstReplyMs / 1000, unit: 's', target: t.target, met: Number.isNaN(t.limit) ? null : fresh.firstReplyMs <= t.limit });
  }
  const existing = r.startup.find((s) => s.dataDir === 'existing');
  if (existing) {
    const t = startTarget(1200, existing.loadAverage);
    out.push({ name: 'start to first answered message, existing data dir', value: existing.firstReplyMs / 1000, unit: 's', target: t.target, met: Number.isNaN(t.limit) ? null : existing.firstReplyMs <= t.limit });
  }
  return out;
}
