// Start-up of the bot: make the edu-br data (loaded into the store once, under a
// cross-process lock so two servers starting together do not both load it) and the course/city catalog for
// the forms' reading ready to load. What `setup` returns is the turn's `ctx.services`.
import { loadTable, type BotSetupContext, type Sql } from 'switchboard';
import { defaultCatalog, loadCatalog, type Catalog } from './extract.ts';

export interface CloudinhaServices {
  /** The catalog once built (the forms' reading awaits it first); the default courses until then. */
  readonly catalog: Catalog;
  /** Loads the edu-br data if it is not in the store yet, then builds the catalog from it. */
  buildCatalog(): Promise<Catalog>;
}

/**
 * Neither is done at start-up: the first start of a new data directory would otherwise wait for ~11,000 rows
 * to be inserted (seconds) before any bot answers. The bot's warm-up (after the server listens, once no turn
 * is in flight) loads the data and builds the catalog (~60 ms); a turn that comes first does it itself: the
 * forms' reading (`slotVocabulary`) and the routing predicates await the catalog here, so the match searches
 * always find the data loaded and the reading the catalog built.
 */
interface CatalogSlot {
  built?: Catalog;
  building?: Promise<Catalog>;
  /** Loads the data (once; again after a failure). */
  loadData?: () => Promise<void>;
}
const catalogs = new WeakMap<object, CatalogSlot>();

export async function catalogFor(sql: Sql): Promise<Catalog> {
  const slot = catalogs.get(sql);
  if (!slot) return defaultCatalog;
  if (slot.built) return slot.built;
  slot.building ??= (async () => {
    await slot.loadData?.();
    return (slot.built = await loadCatalog(sql));
  })().finally(() => (slot.building = undefined));
  return slot.building;
}

/** The services, or stand-ins when a step runs without them (a unit test calling an agent directly). */
export function servicesOf(services: CloudinhaServices | undefined): CloudinhaServices {
  return services ?? { catalog: defaultCatalog, buildCatalog: async () => defaultCatalog };
}

export async function setup({ sql, withLock, config, dir, log, env }: BotSetupContext): Promise<CloudinhaServices> {
  // bot.yaml `tables.opportunities`: its files are in `dir` (CLOUDINHA_DATA_DIR overrides it).
  const load = () => loadTable(sql, config, 'opportunities', { botDir: dir, env, log });
  let loaded = false;
  const slot: CatalogSlot = {
    loadData: async () => {
      if (loaded) return;
      try {
        await withLock('cloudinha:edu-data', load);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        // Without the data the bot still answers questions; searches find nothing until the data is there.
        log(`edu-br data not found (${(err as Error).message}): opportunity search will return nothing`);
      }
      loaded = true;
    },
  };
  catalogs.set(sql, slot);
  return {
    get catalog() {
      return slot.built ?? defaultCatalog;
    },
    buildCatalog: () => catalogFor(sql),
  };
}
