// The vocabulary the entity extractor uses: bot.yaml's gazetteers plus the words of the catalogue's
// product names ("DRY", "Dash Force", "Monospace"), so a product asked for by name is searched by name.
// The names come from Saleor once, at warm-up or on the first search (start-up never waits for Saleor); until
// they arrive, or while Saleor is unreachable, the gazetteers alone are used and the load is retried.
import type { BotConfig } from 'switchboard';
import type { SaleorClient } from 'switchboard/saleor';
import { vocabularyFromConfig, type CatalogVocabulary } from './entities.ts';

export interface VocabularySource {
  /** The best vocabulary known now (never waits). */
  current(): CatalogVocabulary;
  /** The vocabulary with product names, waiting for a load in progress (or starting one, or a retry). */
  get(): Promise<CatalogVocabulary>;
}

export interface VocabularySourceOptions {
  /** Wait this long after a failed load before trying again; default 60 s. */
  retryMs?: number;
  log?: (msg: string) => void;
  now?: () => number;
}

export function catalogueVocabulary(client: Pick<SaleorClient, 'searchProducts'>, config: BotConfig, options: VocabularySourceOptions = {}): VocabularySource {
  const retryMs = options.retryMs ?? 60_000;
  const now = options.now ?? Date.now;
  let current = vocabularyFromConfig(config);
  let loaded = false;
  let pending: Promise<void> | null = null;
  let failedAt = -Infinity;
  const load = () => {
    pending ??= client
      .searchProducts({ first: 100 })
      .then((products) => {
        current = vocabularyFromConfig(config, products.map((p) => p.name));
        loaded = true;
      })
      .catch((err: Error) => {
        failedAt = now();
        options.log?.(`product names not loaded (${err.message}); searching without them for now`);
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return {
    current: () => current,
    async get() {
      if (!loaded && !pending && now() - failedAt >= retryMs) void load();
      if (pending) await pending;
      return current;
    },
  };
}
