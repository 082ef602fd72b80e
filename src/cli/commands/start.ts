// switchboard start — every bot, the API and the console on one port.
import type { AddressInfo } from 'node:net';
import { boot, openStore } from '../boot.ts';
import type { Runtime } from '../../engine/index.ts';
import type { AuthConfig } from '../../server/index.ts';

export async function run(_argv: string[]): Promise<number> {
  const env = process.env;
  const t0 = performance.now();
  // The store opens first and the server's modules load meanwhile: PGlite starts Postgres in a worker thread
  // (a new data directory's files written on libuv's threads) while this thread compiles the modules.
  const opening = openStore(env, undefined, true);
  opening.catch(() => {}); // awaited by boot below; until then a failure must not count as unhandled
  const [{ authFromEnv, buildServer }, { createChannels, channelsConfigFromEnv, deliveryRetentionStep }, { createLogger, setupObservability }] = await Promise.all([
    import('../../server/index.ts'),
    import('../../channels/index.ts'),
    import('../../observability/index.ts'),
  ]);
  // In a terminal the start-up lines are plain text; otherwise (a container, a process manager) JSON log lines.
  const logger = createLogger({ env });
  const log = process.stdout.isTTY ? (m: string) => console.log(m) : (m: string) => logger.info(m.trim());
  log(`Switchboard starting (storage: ${storageName(env)})…`);
  const { runtime, db } = await boot({ log, only: botsFromEnv(env), db: opening });
  const auth = authFromEnv(env);
  const channels = createChannels(runtime, channelsConfigFromEnv(env));
  for (const line of channels.describe()) log(line);
  const observability = await setupObservability({ runtime, adminToken: auth.adminToken, env, logger });
  const app = await buildServer({
    instrument: observability.instrument,
    probes: observability.probes,
    logging: observability.logging,
    plugins: [channels.routes],
    runtime,
    auth,
    ...serverSettingsFromEnv(env),
  });
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });
  void observability.readiness.track(runtime.warmUp());
  // PORT=0 takes a free port from the system: the lines below give the one taken.
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  log(`\nReady in ${((performance.now() - t0) / 1000).toFixed(1)} s — bots: ${[...runtime.bots.keys()].join(', ')}`);
  for (const line of addressLines(base, auth, runtime)) log(line);

  // Timed-out handoffs go back to the bot even when the customer stays silent (one process sweeps at a time).
  const sweeper = setInterval(() => void runtime.sweepHandoffs().catch((err) => console.error('[sweeper]', err.message)), 30_000);
  sweeper.unref();
  // Old conversations, traces and delivery records pruned in small batches between turns (docs/performance.md#retention).
  const { Retention, coreRetentionSteps, retentionPolicyFromEnv } = await import('../../store/index.ts');
  const retention = new Retention(db, [...coreRetentionSteps, deliveryRetentionStep], retentionPolicyFromEnv(env), {
    quiet: () => runtime.quiet(200),
    onError: (err) => console.error('[retention]', err.message),
  });
  retention.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: finishing turns in flight…`);
    observability.readiness.drain();
    clearInterval(sweeper);
    retention.stop();
    await app.close(); // stops accepting requests; the ones in flight (and their turns) finish
    await channels.whenIdle(); // webhook turns already accepted
    await runtime.close();
    await db.close();
    await observability.close(); // the last spans are exported
    log('stopped.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return -1; // keep running
}

/** Where the store is, for the first line. */
function storageName(env: NodeJS.ProcessEnv): string {
  return env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR ?? './data'}`;
}

/** SWITCHBOARD_BOTS: the bots to serve (comma-separated); undefined for all of them. */
function botsFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const only = env.SWITCHBOARD_BOTS?.split(',').map((b) => b.trim()).filter(Boolean);
  return only?.length ? only : undefined;
}

/** The server's settings the environment gives: limits, CORS, the proxy, the default bot, streaming. */
function serverSettingsFromEnv(env: NodeJS.ProcessEnv) {
  return {
    probeRateLimitPerMinute: Number(env.SWITCHBOARD_PROBE_RATE_LIMIT) || undefined,
    corsOrigins: env.SWITCHBOARD_CORS_ORIGINS?.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: env.SWITCHBOARD_TRUST_PROXY === '1' || env.SWITCHBOARD_TRUST_PROXY === 'true',
    rateLimitPerMinute: Number(env.SWITCHBOARD_RATE_LIMIT) || undefined,
    chatRateLimitPerMinute: Number(env.SWITCHBOARD_CHAT_RATE_LIMIT) || undefined,
    defaultBot: env.SWITCHBOARD_DEFAULT_BOT?.trim() || undefined,
    stream: { keepAliveMs: optionalNumber(env.SWITCHBOARD_STREAM_KEEPALIVE_MS), pieceMs: optionalNumber(env.SWITCHBOARD_STREAM_PIECE_MS) },
  };
}

/** The lines that say where the simulator, the console and the API docs are, and how to try the first bot. */
function addressLines(base: string, auth: AuthConfig & { generated: boolean }, runtime: Runtime): string[] {
  // A token chosen by the operator stays out of log files; a generated one must be shown to be usable.
  const token = auth.generated || process.stdout.isTTY ? auth.adminToken : '<SWITCHBOARD_ADMIN_TOKEN>';
  const lines = [
    `  Simulator   ${base}/`,
    `  Console     ${base}/admin#token=${token}${auth.generated ? '   (generated admin token: set SWITCHBOARD_ADMIN_TOKEN to keep one)' : ''}`,
    `  API docs    ${base}/docs`,
  ];
  const [first] = runtime.bots.values();
  if (first) {
    // An example the first bot was trained on, so the hint gets a real answer in the bot's language.
    const example = Object.values(first.intents).find((i) => i.examples.length)?.examples[0] ?? 'hello';
    lines.push(`  Try it      curl -s ${base}/api/bots/${first.config.id}/chat -H 'content-type: application/json' -d '${JSON.stringify({ message: example }).replace(/'/g, "'\\''")}'`);
  }
  return lines;
}

/** A number from the environment (0 included), or undefined when unset or not a number. */
function optionalNumber(raw: string | undefined): number | undefined {
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
