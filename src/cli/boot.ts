// Opens the store and the runtime the way `start`, `chat`, `eval` and `bench` all need them.
import { resolve } from 'node:path';
import { Runtime, type RuntimeOptions } from '../engine/index.ts';
import { openDatabase, type Database } from '../store/index.ts';
import { effectiveModelSpec } from '../llm/spec.ts';

export interface BootOptions extends Partial<Omit<RuntimeOptions, 'db'>> {
  env?: NodeJS.ProcessEnv;
  /** Override DATA_DIR (':memory:' for throwaway runs). */
  dataDir?: string;
}

export async function boot(opts: BootOptions = {}): Promise<{ runtime: Runtime; db: Database }> {
  const env = opts.env ?? process.env;
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    schema: env.DATABASE_SCHEMA || undefined,
    dataDir: opts.dataDir ?? resolve(env.DATA_DIR ?? 'data'),
  });
  // The provider SDKs take ~0.4 s to load: only a bot that really has a model pays for them.
  const modelFactory: RuntimeOptions['modelFactory'] =
    opts.modelFactory ??
    (async (config, e) => {
      if (effectiveModelSpec(config.model, e) === 'local') return null;
      return (await import('../llm/index.ts')).modelBindingFor(config, e);
    });
  const runtime = await Runtime.create({ ...opts, db, env, modelFactory });
  return { runtime, db };
}
