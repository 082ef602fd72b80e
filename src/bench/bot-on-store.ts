// One bot on one store (PGlite or Postgres) in a benchmark run: its turn latency in process and over HTTP and,
// for the reference bot, its throughput; both paired with the same-work floor and, on Postgres, the peer.
import { destination } from 'pino';
import { startEvalServer, type ConversationFile, type EvalServer } from '../eval/index.ts';
import type { LoadedBot } from '../engine/index.ts';
import { createLogger } from '../observability/index.ts';
import { openDatabase, type Database } from '../store/index.ts';
import { floorPlayer, startFloorServer, type FloorServer } from './floors.ts';
import { pairedChatLoad } from './load.ts';
import type { LabelledTurn } from './nlu.ts';
import { startPeerServer, type PeerServer } from './peer.ts';
import { benchSchemaName, dropSchema, openBenchPostgres } from './postgres.ts';
import { httpPlayer, inProcessPlayer, replayHttp, replayInProcess, replayPaired, type HttpTarget, type Player } from './replay.ts';
import type { BenchReport, Budget, Driver, System, TurnLatencyRow } from './run.ts';
import { summarize } from './stats.ts';

/** The bots' turns as the local understanding saw them on PGlite, for the NLU comparison. */
export type NluTurns = Map<string, { bot: LoadedBot; turns: LabelledTurn[] }>;

export interface BotOnStore {
  bot: string;
  file: ConversationFile;
  driver: Driver;
  /** The Postgres to measure on; none for PGlite. */
  pgUrl?: string;
  /** The reference bot is paired with the floor (and the peer) and put under load. */
  reference: boolean;
  /** Concurrent conversations of the throughput comparison. */
  concurrency: number;
  botsDir: string;
  env: NodeJS.ProcessEnv;
  skip: Set<string>;
  budget: Budget;
  log: (line: string) => void;
  /** Receives the turn latency and throughput rows. */
  report: BenchReport;
  /** Receives the bot's turns on PGlite. */
  nluTurns: NluTurns;
}

type BenchDatabase = Database & { drop?: () => Promise<void> };

/** The servers of one measurement, filled as they start so that the ones started are closed when another fails. */
interface Servers {
  db?: BenchDatabase;
  server?: EvalServer;
  floorDb?: BenchDatabase;
  floor?: FloorServer;
  peer?: PeerServer;
  peerSchema: string;
}

/** A server the bot's conversations are played against, beside Switchboard. */
interface Other {
  system: System;
  inProcess?: Player;
  http: Player;
  target: HttpTarget;
}

export async function measureBotOnStore(m: BotOnStore): Promise<void> {
  const servers: Servers = { db: m.pgUrl ? await openBenchPostgres(m.pgUrl) : undefined, peerSchema: benchSchemaName('peer') };
  try {
    const sb = await startServers(m, servers);
    const clock0 = new Date(m.file.conversations[0].clock ?? Date.now());
    const sbTarget: HttpTarget = { url: sb.url, token: sb.token, server: sb, beforeLoad: () => sb.clock.set(clock0) };
    const others = otherPlayers(servers, m.bot);
    if (!m.skip.has('turns')) await measureTurnLatency(m, sb, sbTarget, others);
    if (m.reference && !m.skip.has('throughput')) await measureThroughput(m, sbTarget, others);
  } finally {
    await closeServers(servers, m.pgUrl);
  }
}

/** Starts Switchboard's server and, for the reference bot, the floor's and the peer's; gives Switchboard's. */
async function startServers(m: BotOnStore, servers: Servers): Promise<EvalServer> {
  const { bot, botsDir, env, pgUrl } = m;
  // Metrics and JSON request/turn logs on, as `switchboard start` runs (the lines go to /dev/null).
  const observe = { env, logger: createLogger({ env, stream: destination({ dest: '/dev/null', sync: false }) }) };
  const server = await startEvalServer({ only: [bot], botsDir, db: servers.db, keepDb: Boolean(servers.db), withModels: false, env: { ...env, SWITCHBOARD_MODEL: '' }, observe });
  servers.server = server;
  if (m.reference) {
    servers.floorDb = pgUrl ? await openBenchPostgres(pgUrl) : await openDatabase({ dataDir: ':memory:' });
    servers.floor = await startFloorServer(servers.floorDb, bot);
    if (pgUrl && !m.skip.has('peer')) servers.peer = await startPeerServer({ databaseUrl: pgUrl, schema: servers.peerSchema });
  }
  return server;
}

async function closeServers(servers: Servers, pgUrl: string | undefined): Promise<void> {
  const { server, floor, peer, floorDb, db } = servers;
  await server?.close();
  await floor?.close();
  await peer?.close();
  if (peer && pgUrl) await dropSchema(pgUrl, servers.peerSchema);
  if (floorDb?.drop) await floorDb.drop();
  else await floorDb?.close();
  await db?.drop?.();
}

/** The floor (in process and over HTTP) and the peer (over HTTP), those that were started. */
function otherPlayers(servers: Servers, bot: string): Other[] {
  const { floor, peer } = servers;
  const others: Other[] = [];
  if (floor) others.push({ system: 'floor', inProcess: floorPlayer(floor.floor), http: httpPlayer(floor, bot, 60), target: floor });
  if (peer) others.push({ system: 'peer', http: httpPlayer(peer, bot, 80), target: peer });
  return others;
}

/** Turn latency of every player, the same conversations interleaved conversation by conversation. */
async function measureTurnLatency(m: BotOnStore, sb: EvalServer, sbTarget: HttpTarget, others: Other[]): Promise<void> {
  const { bot, file, driver, budget } = m;
  m.log(`▶ ${bot} on ${driver}: turn latency in process and over HTTP${others.length ? `, paired with ${others.map((o) => o.system).join(' and ')}` : ''}`);
  const onePass = file.conversations.reduce((a, c) => a + c.turns.filter((t) => t.user !== undefined).length, 0);
  await warmUp(m, sb, onePass);
  const players: { system: System; path: TurnLatencyRow['path']; play: Player }[] = [
    { system: 'switchboard', path: 'in-process', play: inProcessPlayer(sb, bot) },
    { system: 'switchboard', path: 'http', play: httpPlayer(sbTarget, bot) },
    ...others.flatMap((o) => [...(o.inProcess ? [{ system: o.system, path: 'in-process' as const, play: o.inProcess }] : []), { system: o.system, path: 'http' as const, play: o.http }]),
  ];
  for (const p of players.slice(2)) await replayPaired([p.play], file, { maxTurns: Math.min(onePass, 30), maxMs: budget.sectionMs }); // warm up
  const latencies = await replayPaired(players.map((p) => p.play), file, { maxTurns: budget.turns, maxMs: budget.sectionMs * (1 + players.length / 2) });
  players.forEach((p, i) => m.report.turns.push({ system: p.system, bot, driver, path: p.path, latency: summarize(latencies[i]) }));
}

/** An untimed pass in process and a shorter one over HTTP; on PGlite it also records each turn's active flows for the NLU comparison. */
async function warmUp(m: BotOnStore, sb: EvalServer, onePass: number): Promise<void> {
  const { bot, file, driver } = m;
  const observed: LabelledTurn[] = [];
  await replayInProcess(sb, bot, file, {
    maxTurns: onePass,
    observe: driver === 'pglite' ? (t) => t.intents?.length === 1 && observed.push({ text: t.text, intent: t.intents[0], flows: t.flows }) : undefined,
  });
  if (driver === 'pglite') m.nluTurns.set(bot, { bot: sb.runtime.bot(bot), turns: observed });
  await replayHttp(sb, bot, file, { maxTurns: Math.min(onePass, 30) }); // warm the HTTP path
}

/** Turns per second at `concurrency` conversations, the servers taking turns. */
async function measureThroughput(m: BotOnStore, sbTarget: HttpTarget, others: Other[]): Promise<void> {
  const { bot, file, driver, budget, concurrency } = m;
  const targets = [{ system: 'switchboard' as System, target: sbTarget }, ...others];
  m.log(`▶ ${bot} on ${driver}: ${concurrency} concurrent conversations, ${targets.map((t) => t.system).join(' / ')} taking turns (${budget.loadSeconds} s each)`);
  const results = await pairedChatLoad(targets.map((t) => t.target), bot, file, concurrency, budget.loadSeconds, budget.loadRounds);
  targets.forEach((t, i) => m.report.throughput.push({ system: t.system, bot, driver, concurrency, result: results[i] }));
}
