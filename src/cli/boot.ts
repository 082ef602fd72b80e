// Opens the store and the runtime the way `start`, `chat`, `eval` and `bench` all need them.
import { resolve } from 'node:path';
import type { Runtime, RuntimeOptions } from '../engine/index.ts';
import { openDatabase, type Database } from '../store/db.ts';
import { effectiveModelSpec } from '../llm/spec.ts';

export interface BootOptions extends Partial<Omit<RuntimeOptions, 'db'>> {
  env?: NodeJS.ProcessEnv;
  /** Override DATA_DIR (':memory:' for throwaway runs). */
  dataDir?: string;
  /** A store already being opened (openStore): `start` opens it while the rest of the server's modules load. */
  db?: Promise<Database>;
}

/**
 * The store the environment names: PostgreSQL (DATABASE_URL) or PGlite under DATA_DIR (or `dataDir`). `worker`:
 * PGlite runs in a worker thread unless SWITCHBOARD_PGLITE_WORKER is 0.
 */
export function openStore(env: NodeJS.ProcessEnv = process.env, dataDir?: string, worker = false): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    schema: env.DATABASE_SCHEMA || undefined,
    dataDir: dataDir ?? resolve(env.DATA_DIR ?? 'data'),
    worker: worker && env.SWITCHBOARD_PGLITE_WORKER !== '0',
  });
}

export async function boot(opts: BootOptions = {}): Promise<{ runtime: Runtime; db: Database }> {
  const env = opts.env ?? process.env;
  // The bots' modules load while the store opens. This module is light on purpose (the engine is imported here),
  // so a caller can start opening the store before anything else.
  const sources = opts.sources ?? import('../bot/loader.ts').then((m) => m.loadBots(opts.botsDir, opts.only));
  sources.catch(() => {}); // awaited by Runtime.create; until then a failure must not count as unhandled
  const [db, { Runtime }] = await Promise.all([opts.db ?? openStore(env, opts.dataDir), import('../engine/index.ts')]);
  // The provider SDKs take ~0.4 s to load: only a bot that really has a model pays for them.
  const modelFactory: RuntimeOptions['modelFactory'] =
    opts.modelFactory ??
    (async (config, e) => {
      if (effectiveModelSpec(config.model, e) === 'local') return null;
      return (await import('../llm/index.ts')).modelBindingFor(config, e);
    });
  try {
    return { runtime: await Runtime.create({ ...opts, db, env, modelFactory, sources }), db };
  } catch (err) {
    // A bot that does not load: close the store, so the process can end with the error.
    await db.close().catch(() => {});
    throw err;
  }
}
