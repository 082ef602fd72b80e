// switchboard start — every bot, the API and the console on one port.
import type { AddressInfo } from 'node:net';
import { boot, openStore } from '../boot.ts';

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
  log(`Switchboard starting (storage: ${env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR ?? './data'}`})…`);
  const only = env.SWITCHBOARD_BOTS?.split(',').map((b) => b.trim()).filter(Boolean);
  const { runtime, db } = await boot({ log, only: only?.length ? only : undefined, db: opening });
  const auth = authFromEnv(env);
  const channels = createChannels(runtime, channelsConfigFromEnv(env));
  for (const line of channels.describe()) log(line);
  const observability = await setupObservability({ runtime, adminToken: auth.adminToken, env, logger });
  const app = await buildServer({
    instrument: observability.instrument,
    probes: observability.probes,
    probeRateLimitPerMinute: Number(env.SWITCHBOARD_PROBE_RATE_LIMIT) || undefined,
    logging: observability.logging,
    plugins: [channels.routes],
    runtime,
    auth,
    corsOrigins: env.SWITCHBOARD_CORS_ORIGINS?.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: env.SWITCHBOARD_TRUST_PROXY === '1' || env.SWITCHBOARD_TRUST_PROXY === 'true',
    rateLimitPerMinute: Number(env.SWITCHBOARD_RATE_LIMIT) || undefined,
    chatRateLimitPerMinute: Number(env.SWITCHBOARD_CHAT_RATE_LIMIT) || undefined,
  });
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });
  void observability.readiness.track(runtime.warmUp());
  // PORT=0 takes a free port from the system: the lines below give the one taken.
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  log(`\nReady in ${((performance.now() - t0) / 1000).toFixed(1)} s — bots: ${[...runtime.bots.keys()].join(', ')}`);
  log(`  Simulator   ${base}/`);
  // A token chosen by the operator stays out of log files; a generated one must be shown to be usable.
  const token = auth.generated || process.stdout.isTTY ? auth.adminToken : '<SWITCHBOARD_ADMIN_TOKEN>';
  log(`  Console     ${base}/admin#token=${token}${auth.generated ? '   (generated admin token: set SWITCHBOARD_ADMIN_TOKEN to keep one)' : ''}`);
  log(`  API docs    ${base}/docs`);
  const [first] = runtime.bots.values();
  if (first) {
    // An example the first bot was trained on, so the hint gets a real answer in the bot's language.
    const example = Object.values(first.intents).find((i) => i.examples.length)?.examples[0] ?? 'hello';
    log(`  Try it      curl -s ${base}/api/bots/${first.config.id}/chat -H 'content-type: application/json' -d '${JSON.stringify({ message: example }).replace(/'/g, "'\\''")}'`);
  }

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
