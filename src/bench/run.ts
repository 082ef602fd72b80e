// `switchboard bench`: everything measured in one run on this machine — the floors (bare LangGraph, bare
// Fastify + PGlite), turn latency per bot in process and over HTTP on PGlite and Postgres, throughput under
// 50 concurrent conversations, chat vs /api/health, memory per 1,000 idle sessions, local understanding vs
// NLP.js, and start-up time. Each part fails alone (noted) without stopping the others.
import { cpus, loadavg, totalmem } from 'node:os';
import { defaultBotsDir } from '../bot/index.ts';
import { botsWithConversations, conversationsPath, loadConversations, startEvalServer, type ConversationFile, type EvalServer } from '../eval/index.ts';
import type { LoadedBot } from '../engine/index.ts';
import type { Database } from '../store/index.ts';
import { bareFastifyLatencies, bareLangGraphLatencies } from './floors.ts';
import { chatLoad, healthLoad } from './load.ts';
import { memoryPerThousandSessions, type MemoryResult } from './memory.ts';
import { compareOnBot, publicDatasets, type BotNluResult, type LabelledTurn, type PublicNluResult } from './nlu.ts';
import { benchPostgresUrl, openBenchPostgres, probePostgres, redactUrl } from './postgres.ts';
import { replayBoth, replayHttp, replayInProcess } from './replay.ts';
import { START_COMMAND, measureStartup, type StartupRun } from './startup.ts';
import { ratio, summarize, type LatencySummary, type LoadResult } from './stats.ts';

export type Driver = 'pglite' | 'postgres';

export interface TurnLatencyRow {
  bot: string;
  driver: Driver;
  path: 'in-process' | 'http';
  latency: LatencySummary;
}

export interface ThroughputRow {
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
  floors: { langgraph?: LatencySummary; fastify?: LatencySummary };
  turns: TurnLatencyRow[];
  postgres: { url: string; used: boolean; note?: string };
  throughput: ThroughputRow[];
  chatVsHealth?: { bot: string; concurrency: number; chat: LoadResult; health: LoadResult; ratio: number };
  memory?: MemoryResult;
  nlu: { bots: BotNluResult[]; public?: PublicNluResult };
  startup: StartupRun[];
  targets: Target[];
  notes: string[];
}

export interface BenchOptions {
  quick?: boolean;
  /** Bots to measure (default: every bot with a conversations.yaml). */
  bots?: string[];
  botsDir?: string;
  /** Skip parts by name: floors, turns, postgres, throughput, health, memory, nlu, startup. */
  skip?: string[];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

interface Budget {
  floorIterations: number;
  floorWarmup: number;
  /** Timed user turns per path (in process, HTTP), per bot and store. */
  turns: number;
  sectionMs: number;
  loadSeconds: number;
  healthSeconds: number;
  memorySessions: number;
}

const FULL: Budget = { floorIterations: 2000, floorWarmup: 100, turns: 400, sectionMs: 10_000, loadSeconds: 10, healthSeconds: 5, memorySessions: 1000 };
const QUICK: Budget = { floorIterations: 300, floorWarmup: 30, turns: 100, sectionMs: 3_000, loadSeconds: 4, healthSeconds: 2, memorySessions: 200 };

/** The bot whose figures the targets are about. */
export const REFERENCE_BOT = 'ct-smash';

export async function runBench(opts: BenchOptions = {}): Promise<BenchReport> {
  const t0 = performance.now();
  const quick = opts.quick ?? false;
  const budget = quick ? QUICK : FULL;
  const log = opts.log ?? (() => {});
  const skip = new Set(opts.skip ?? []);
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
    log('▶ floors: bare LangGraph (triage → Send(a, b) → merge) and bare Fastify + PGlite');
    const m = { warmup: budget.floorWarmup, iterations: budget.floorIterations, maxMs: budget.sectionMs };
    report.floors.langgraph = summarize(await bareLangGraphLatencies(m));
    report.floors.fastify = summarize(await bareFastifyLatencies(m));
  });

  const files = new Map<string, ConversationFile>();
  for (const bot of bots) {
    try {
      files.set(bot, loadConversations(conversationsPath(botsDir, bot)));
    } catch (err) {
      report.notes.push(`${bot}: no usable conversations — ${(err as Error).message.split('\n')[0]}`);
    }
  }

  // The NLU comparison reuses each bot as loaded on PGlite (its understander needs no store).
  const nluTurns = new Map<string, { bot: LoadedBot; turns: LabelledTurn[] }>();
  const drivers: Driver[] = ['pglite', 'postgres'];
  for (const driver of drivers) {
    if (skip.has('turns') && skip.has('throughput') && skip.has('health')) break;
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
        let server: EvalServer | undefined;
        try {
          server = await startEvalServer({ only: [bot], botsDir, db, keepDb: Boolean(db), withModels: false, env: { ...env, SWITCHBOARD_MODEL: '' } });
          if (!skip.has('turns')) {
            log(`▶ ${bot} on ${driver}: turn latency in process and over HTTP`);
            const onePass = file.conversations.reduce((a, c) => a + c.turns.filter((t) => t.user !== undefined).length, 0);
            const observed: LabelledTurn[] = [];
            // Warm-up pass (untimed); on PGlite it also records each turn's active flows for the NLU comparison.
            await replayInProcess(server, bot, file, {
              maxTurns: onePass,
              observe: driver === 'pglite' ? (t) => t.intents?.length === 1 && observed.push({ text: t.text, intent: t.intents[0], flows: t.flows }) : undefined,
            });
            if (driver === 'pglite') nluTurns.set(bot, { bot: server.runtime.bot(bot), turns: observed });
            await replayHttp(server, bot, file, { maxTurns: Math.min(onePass, 30) }); // warm the HTTP path
            const { inProcess, http } = await replayBoth(server, bot, file, { maxTurns: budget.turns, maxMs: budget.sectionMs * 2, addressOffset: 100 });
            report.turns.push({ bot, driver, path: 'in-process', latency: summarize(inProcess) });
            report.turns.push({ bot, driver, path: 'http', latency: summarize(http) });
          }
          if (bot === REFERENCE_BOT && !skip.has('throughput')) {
            log(`▶ ${bot} on ${driver}: 50 concurrent conversations for ${budget.loadSeconds} s`);
            server.clock.set(file.conversations[0].clock ?? new Date());
            report.throughput.push({ bot, driver, concurrency: 50, result: await chatLoad(server, bot, file, 50, budget.loadSeconds) });
          }
          if (bot === REFERENCE_BOT && driver === 'pglite' && !skip.has('health')) {
            log(`▶ ${bot} on ${driver}: 20 concurrent — chat turns/s vs /api/health req/s`);
            const chat = await chatLoad(server, bot, file, 20, budget.healthSeconds);
            const health = await healthLoad(server, 20, budget.healthSeconds);
            report.chatVsHealth = { bot, concurrency: 20, chat, health, ratio: ratio(chat.perSecond, health.perSecond) };
          }
        } finally {
          await server?.close();
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

export function targetsOf(r: BenchReport): Target[] {
  const out: Target[] = [];
  const inProc = r.turns.find((t) => t.bot === REFERENCE_BOT && t.driver === 'pglite' && t.path === 'in-process');
  const lg = r.floors.langgraph;
  if (inProc && lg) {
    const x = ratio(inProc.latency.p50, lg.p50);
    out.push({ name: `${REFERENCE_BOT} in-process turn p50 vs bare LangGraph p50`, value: x, unit: '×', target: '≤ 1.5×', met: Number.isFinite(x) ? x <= 1.5 : null });
  }
  if (inProc) out.push({ name: `${REFERENCE_BOT} in-process turn p99`, value: inProc.latency.p99, unit: 'ms', target: '< 25 ms', met: inProc.latency.p99 < 25 });
  if (r.chatVsHealth) {
    out.push({ name: 'HTTP chat turns/s vs /api/health req/s (20 concurrent)', value: r.chatVsHealth.ratio * 100, unit: '%', target: '≥ 10%', met: Number.isFinite(r.chatVsHealth.ratio) ? r.chatVsHealth.ratio >= 0.1 : null });
  }
  const existing = r.startup.find((s) => s.dataDir === 'existing');
  if (existing) out.push({ name: 'start to first answered message, existing data dir', value: existing.firstReplyMs / 1000, unit: 's', target: '< 2 s', met: existing.firstReplyMs < 2000 });
  return out;
}
