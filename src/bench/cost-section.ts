// The bench's whole-system cost section: Switchboard and the peer on one Postgres (a private cluster when the
// machine has Postgres's binaries, so the WAL measured is theirs alone), the same conversations played in
// alternating blocks, in process and over HTTP.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { destination } from 'pino';
import { startEvalServer, type ConversationFile, type EvalServer } from '../eval/index.ts';
import { createLogger } from '../observability/index.ts';
import { openDatabase, type Database } from '../store/index.ts';
import { startPrivateCluster, type PrivateCluster } from './cluster.ts';
import { measureTurnCost, withApplicationName, type CostContender, type TurnCost } from './cost.ts';
import { startPeerServer, type PeerServer } from './peer.ts';
import { benchPostgresUrl, benchSchemaName, redactUrl } from './postgres.ts';
import { httpPlayer, inProcessPlayer, type Player } from './replay.ts';

export interface CostSection {
  /** Where it ran: 'private cluster' or the bench's Postgres (whose WAL then includes other clients'). */
  postgres: string;
  rows: TurnCost[];
  loadAverage: { start: number; end: number };
}

const SWITCHBOARD_APP = 'switchboard_bench';
const PEER_APP = 'peer_bench';

/** The peer's graph called directly, one thread per conversation (what its HTTP route does, without HTTP). */
function peerPlayer(peer: PeerServer): Player {
  return async (c, timed) => {
    const thread = randomUUID();
    for (const t of c.turns) {
      if (t.user === undefined) continue;
      const t0 = performance.now();
      await peer.turn(thread, t.user);
      timed(performance.now() - t0);
    }
  };
}

export async function measureCostSection(opts: { bot: string; botsDir: string; file: ConversationFile; blocks: number; env: NodeJS.ProcessEnv; loadAverage: () => number; log: (l: string) => void }): Promise<CostSection> {
  const start = opts.loadAverage();
  const cluster: PrivateCluster | null = opts.env.BENCH_COST_SHARED ? null : await startPrivateCluster(opts.env);
  const url = cluster?.url ?? benchPostgresUrl(opts.env);
  const where = cluster ? 'a private cluster (initdb in a temporary directory, default durability)' : `${redactUrl(url)} (shared: its WAL includes other clients')`;
  opts.log(`  on ${where}`);
  const admin = new pg.Client({ connectionString: url });
  let db: Database | undefined;
  let server: EvalServer | undefined;
  let peer: PeerServer | undefined;
  const sbSchema = benchSchemaName('cost_sb');
  const peerSchema = benchSchemaName('cost_peer');
  try {
    await admin.connect();
    db = await openDatabase({ databaseUrl: withApplicationName(url, SWITCHBOARD_APP), schema: sbSchema });
    const observe = { env: opts.env, logger: createLogger({ env: opts.env, stream: destination({ dest: '/dev/null', sync: false }) }) };
    server = await startEvalServer({ only: [opts.bot], botsDir: opts.botsDir, db, keepDb: true, withModels: false, env: { ...opts.env, SWITCHBOARD_MODEL: '' }, observe });
    peer = await startPeerServer({ databaseUrl: withApplicationName(url, PEER_APP), schema: peerSchema });
    const sb = server;
    const paths: { path: TurnCost['path']; contenders: CostContender[] }[] = [
      {
        path: 'in-process',
        contenders: [
          { system: 'switchboard', path: 'in-process', applicationName: SWITCHBOARD_APP, play: inProcessPlayer(sb, opts.bot) },
          { system: 'peer', path: 'in-process', applicationName: PEER_APP, play: peerPlayer(peer) },
        ],
      },
      {
        path: 'http',
        contenders: [
          { system: 'switchboard', path: 'http', applicationName: SWITCHBOARD_APP, play: httpPlayer({ url: sb.url, token: sb.token, server: sb }, opts.bot, 100) },
          { system: 'peer', path: 'http', applicationName: PEER_APP, play: httpPlayer(peer, opts.bot, 160) },
        ],
      },
    ];
    const rows: TurnCost[] = [];
    for (const { path, contenders } of paths) {
      opts.log(`  ${path}: warm-up pass, then ${opts.blocks} alternating blocks of ${opts.file.conversations.length} conversations each`);
      await measureTurnCost(admin, contenders, opts.file, 1); // warm-up (JIT, pools, classifier)
      rows.push(...(await measureTurnCost(admin, contenders, opts.file, opts.blocks)));
    }
    return { postgres: cluster ? 'private cluster' : redactUrl(url), rows, loadAverage: { start, end: opts.loadAverage() } };
  } finally {
    await server?.close();
    await peer?.close();
    if (!cluster) for (const s of [sbSchema, peerSchema]) await admin.query(`drop schema if exists ${s} cascade`).catch(() => {});
    await db?.close();
    await admin.end().catch(() => {});
    await cluster?.stop();
  }
}
