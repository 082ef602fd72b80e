// `switchboard bench`: everything measured in one run on this machine — turn latency per bot in process and
// over HTTP on PGlite and Postgres; for ct-smash, paired with the same-work floor (bare graph + a turn's
// durable statements, in process and behind the same Fastify setup) and, on Postgres, with the peer a user
// would build instead (LangGraph + PostgresSaver + Fastify); throughput at 20 concurrent conversations of
// all three; memory per 1,000 idle sessions; local understanding vs NLP.js; start-up time; each bot's turn on
// hostile 4,000-character messages against an ordinary one (adversarial). Each part fails alone (noted)
// without stopping the others.
import { cpus, loadavg, totalmem } from 'node:os';
import { defaultBotsDir } from '../bot/index.ts';
import { botsWithConversations, conversationsPath, loadConversations, type ConversationFile } from '../eval/index.ts';
import { bareLangGraphLatencies } from './floors.ts';
import { measureBotOnStore, type NluTurns } from './bot-on-store.ts';
import { memoryPerThousandSessions, type MemoryResult } from './memory.ts';
import { compareOnBot, publicDatasets, type BotNluResult, type PublicNluResult } from './nlu.ts';
import { ADVERSARIAL_GOALS, adversarialTurns, type AdversarialBot } from './adversarial.ts';
import { benchPostgresUrl, probePostgres, redactUrl } from './postgres.ts';
import { START_COMMAND, measureStartup, type StartupRun } from './startup.ts';
import { measureCostSection, type CostSection } from './cost-section.ts';
import { FULL_GROWTH, QUICK_GROWTH, measureGrowthSection, type GrowthSection } from './growth.ts';
import { measureEmbeddingsSection, type EmbeddingsSection } from './embeddings.ts';
import { ratio, summarize, type LatencySummary, type LoadResult } from './stats.ts';

export type Driver = 'pglite' | 'postgres';

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

export interface Budget {
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
  const skip = skippedParts(opts);
  const env = opts.env ?? process.env;
  const botsDir = opts.botsDir ?? defaultBotsDir;
  const bots = opts.bots?.length ? opts.bots : botsWithConversations(botsDir);
  const report = emptyReport(quick, env);
  const attempt = attempter(report, skip, log);

  await attempt('floors', async () => {
    log('▶ floors: bare LangGraph (triage → Send(a, b) → merge)');
    const m = { warmup: budget.floorWarmup, iterations: budget.floorIterations, maxMs: budget.sectionMs };
    report.floors.langgraph = summarize(await bareLangGraphLatencies(m));
  });

  const files = readConversationFiles(bots, botsDir, report);

  await attempt('adversarial', async () => {
    for (const [bot, file] of files) {
      log(`▶ adversarial: ${bot}, hostile messages of 1,000 and 4,000 characters against an ordinary one (in process, PGlite)`);
      report.adversarial.push(await adversarialTurns(bot, file, { botsDir, env, repeats: quick ? 2 : 3 }));
    }
  });

  // The NLU comparison reuses each bot as loaded on PGlite (its understander needs no store).
  const nluTurns: NluTurns = new Map();
  for (const driver of ['pglite', 'postgres'] as const) {
    if (skip.has('turns') && skip.has('throughput')) break;
    const pgUrl = driver === 'postgres' ? await postgresToMeasure(report, skip, env, log) : undefined;
    if (pgUrl === null) continue;
    for (const [bot, file] of files) {
      await attempt(`${bot} on ${driver}`, () =>
        measureBotOnStore({ bot, file, driver, pgUrl, reference: bot === REFERENCE_BOT, concurrency: LOAD_CONCURRENCY, botsDir, env, skip, budget, log, report, nluTurns }),
      );
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

  finish(report, t0);
  return report;
}

/** The parts not to run: those --skip names, and with --only every other one. */
function skippedParts(opts: BenchOptions): Set<string> {
  const only = opts.only ?? [];
  return new Set([...(opts.skip ?? []), ...(only.length ? BENCH_PARTS.filter((p) => !only.includes(p)) : [])]);
}

/** The report before anything is measured: the machine and the start. */
function emptyReport(quick: boolean, env: NodeJS.ProcessEnv): BenchReport {
  return {
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
}

/** Runs a part unless it is skipped; a part that fails is noted and the run goes on. */
function attempter(report: BenchReport, skip: Set<string>, log: (line: string) => void) {
  return async (part: string, fn: () => Promise<void>): Promise<void> => {
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
}

/** Each bot's conversation tests; a bot whose file can't be read is noted and left out. */
function readConversationFiles(bots: string[], botsDir: string, report: BenchReport): Map<string, ConversationFile> {
  const files = new Map<string, ConversationFile>();
  for (const bot of bots) {
    try {
      files.set(bot, loadConversations(conversationsPath(botsDir, bot)));
    } catch (err) {
      report.notes.push(`${bot}: no usable conversations — ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return files;
}

/** The Postgres to measure on, or null (noted) when it is skipped or can't be reached. */
async function postgresToMeasure(report: BenchReport, skip: Set<string>, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<string | null> {
  if (skip.has('postgres')) {
    report.notes.push('postgres: skipped (--skip)');
    return null;
  }
  const url = benchPostgresUrl(env);
  const why = await probePostgres(url);
  if (why) {
    report.postgres.note = `Postgres at ${redactUrl(url)} unreachable (${why}); set BENCH_DATABASE_URL to include it`;
    report.notes.push(report.postgres.note);
    log(`  ${report.postgres.note}`);
    return null;
  }
  report.postgres.used = true;
  return url;
}

/** The targets, the load average at the end (noted when the machine was busy) and the duration. */
function finish(report: BenchReport, t0: number): void {
  report.targets = targetsOf(report);
  report.machine.loadAverage.end = +loadavg()[0].toFixed(2);
  if (Math.max(report.machine.loadAverage.start, report.machine.loadAverage.end) > report.machine.cpus) {
    report.notes.push(`the machine was busy with other work (1-minute load average ${report.machine.loadAverage.start} → ${report.machine.loadAverage.end} on ${report.machine.cpus} cores): latencies carry that noise`);
  }
  report.durationMs = performance.now() - t0;
}

const atMost = (x: number, limit: number) => (Number.isFinite(x) ? x <= limit : null);
const atLeast = (x: number, limit: number) => (Number.isFinite(x) ? x >= limit : null);

export function targetsOf(r: BenchReport): Target[] {
  return [...peerTargets(r), ...floorTargets(r), ...adversarialTargets(r), ...startupTargets(r)];
}

/** The reference bot's turn latency of a system on a store and path. */
function turnOf(r: BenchReport, system: System, driver: Driver, path: TurnLatencyRow['path']) {
  return r.turns.find((t) => t.system === system && t.bot === REFERENCE_BOT && t.driver === driver && t.path === path)?.latency;
}

/** The reference bot's throughput of a system on a store. */
function loadOf(r: BenchReport, system: System, driver: Driver) {
  return r.throughput.find((t) => t.system === system && t.bot === REFERENCE_BOT && t.driver === driver)?.result;
}

/** 1. Against the peer, on Postgres. */
function peerTargets(r: BenchReport): Target[] {
  const out: Target[] = [];
  const bot = REFERENCE_BOT;
  const sbPg = loadOf(r, 'switchboard', 'postgres');
  const peerPg = loadOf(r, 'peer', 'postgres');
  if (sbPg && peerPg) {
    const x = ratio(sbPg.perSecond, peerPg.perSecond);
    out.push({ name: `${bot} turns/s ÷ peer's (Postgres, HTTP, ${LOAD_CONCURRENCY} concurrent)`, value: x, unit: '×', target: '≥ 2×', met: atLeast(x, 2) });
  }
  const sbOne = turnOf(r, 'switchboard', 'postgres', 'http');
  const peerOne = turnOf(r, 'peer', 'postgres', 'http');
  if (sbOne && peerOne) {
    const x = ratio(sbOne.p50, peerOne.p50);
    out.push({ name: `${bot} p50 ÷ peer's (Postgres, HTTP, one client)`, value: x, unit: '×', target: '≤ 0.5×', met: atMost(x, 0.5) });
  }
  return out;
}

/** 2. Against the same-work floor, on each store; and the in-process p99. */
function floorTargets(r: BenchReport): Target[] {
  const out: Target[] = [];
  const bot = REFERENCE_BOT;
  for (const driver of ['pglite', 'postgres'] as const) {
    const sb = turnOf(r, 'switchboard', driver, 'in-process');
    const fl = turnOf(r, 'floor', driver, 'in-process');
    if (sb && fl) {
      const x = ratio(sb.p50, fl.p50);
      out.push({ name: `${bot} in-process p50 ÷ same-work floor's (${driver})`, value: x, unit: '×', target: '≤ 1.5×', met: atMost(x, 1.5) });
    }
    const sbLoad = loadOf(r, 'switchboard', driver);
    const flLoad = loadOf(r, 'floor', driver);
    if (sbLoad && flLoad) {
      const x = ratio(sbLoad.perSecond, flLoad.perSecond);
      out.push({ name: `${bot} turns/s ÷ same-work floor's over HTTP (${driver}, ${LOAD_CONCURRENCY} concurrent)`, value: x, unit: '×', target: '≥ 0.6×', met: atLeast(x, 0.6) });
    }
  }
  const inProc = turnOf(r, 'switchboard', 'pglite', 'in-process');
  if (inProc) out.push({ name: `${bot} in-process turn p99 (PGlite)`, value: inProc.p99, unit: 'ms', target: '< 25 ms', met: inProc.p99 < 25 });
  return out;
}

/** 3. Hostile messages: each bot's worst shape. */
function adversarialTargets(r: BenchReport): Target[] {
  const out: Target[] = [];
  for (const a of r.adversarial) {
    const worst = a.rows.reduce((w, x) => (x.ratio > w.ratio ? x : w), a.rows[0]);
    const steepest = a.rows.reduce((w, x) => (x.growth > w.growth ? x : w), a.rows[0]);
    if (!worst) continue;
    out.push({ name: `${a.bot} worst 4,000-character turn ÷ ordinary (${worst.shape})`, value: worst.ratio, unit: '×', target: `≤ ${ADVERSARIAL_GOALS.ratio}×`, met: atMost(worst.ratio, ADVERSARIAL_GOALS.ratio) });
    out.push({ name: `${a.bot} steepest 4,000 ÷ 1,000 characters (${steepest.shape})`, value: steepest.growth, unit: '×', target: `≤ ${ADVERSARIAL_GOALS.growth}× (linear)`, met: atMost(steepest.growth, ADVERSARIAL_GOALS.growth) });
  }
  return out;
}

/** Start-up goals are for an idle machine (load average < 0.5); at a load average up to 2 they are 1.5× as long. */
function startLimit(idleMs: number, load?: number): number {
  if (load === undefined || load < 0.5) return idleMs;
  return load <= 2 ? idleMs * 1.5 : Number.NaN;
}

/** 4. Start-up, on a fresh and on an existing data dir. */
function startupTargets(r: BenchReport): Target[] {
  const goals = [
    { dataDir: 'fresh', idleMs: 1800, name: 'start to first answered message, fresh data dir' },
    { dataDir: 'existing', idleMs: 1200, name: 'start to first answered message, existing data dir' },
  ];
  return goals.flatMap(({ dataDir, idleMs, name }) => {
    const run = r.startup.find((s) => s.dataDir === dataDir);
    if (!run) return [];
    const load = run.loadAverage;
    const limit = startLimit(idleMs, load);
    const target = Number.isNaN(limit) ? `≤ ${idleMs / 1000} s idle (load ${load} > 2: not judged)` : `≤ ${limit / 1000} s at load ${load}`;
    return [{ name, value: run.firstReplyMs / 1000, unit: 's', target, met: Number.isNaN(limit) ? null : run.firstReplyMs <= limit }];
  });
}
