// Start-up of the bot: load the edu-br data into the store (once, under a cross-process lock so two servers
// starting together do not both load it), build the course/city catalog for slot extraction, and configure
// the web search. What `setup` returns is the turn's `ctx.services`.
import { resolve } from 'node:path';
import type { BotSetupContext } from '../../src/engine/index.ts';
import type { Database, Sql } from '../../src/store/index.ts';
import { loadEduData } from './data.ts';
import { defaultCatalog, loadCatalog, type Catalog } from './extract.ts';
import type { WebSearchOptions } from './web.ts';

export interface CloudinhaServices {
  catalog: Catalog;
  web: WebSearchOptions;
}

// The router runs before any specialist and sees the store but not the services: it finds the catalog here.
const catalogs = new WeakMap<object, Catalog>();

export function catalogFor(sql: Sql): Catalog {
  return catalogs.get(sql) ?? defaultCatalog;
}

export function servicesOf(services: unknown): CloudinhaServices {
  return (services as CloudinhaServices | undefined) ?? { catalog: defaultCatalog, web: {} };
}

export async function setup({ sql, config, dir, log, env }: BotSetupContext): Promise<CloudinhaServices> {
  // settings.data_dir is relative to the repository root (bots/<id>/../..); CLOUDINHA_DATA_DIR overrides it.
  const dataDir = env.CLOUDINHA_DATA_DIR || resolve(dir, '../..', String(config.settings.data_dir ?? '../shared/edu-br'));
  const load = () => loadEduData(sql, { dataDir, onProgress: log });
  const db = sql as Partial<Database>;
  try {
    await (typeof db.withLock === 'function' ? db.withLock('cloudinha:edu-data', load) : load());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // Without the data the bot still answers questions; searches find nothing until the data is there.
    log(`edu-br data not found (${(err as Error).message}): opportunity search will return nothing`);
  }
  const catalog = await loadCatalog(sql);
  catalogs.set(sql, catalog);
  const timeoutMs = Number(config.settings.web_search_timeout_ms) || undefined;
  return { catalog, web: { baseUrl: env.CLOUDINHA_WEB_SEARCH_URL || undefined, timeoutMs, env } };
}
