// The vocabulary the entity extractor uses: bot.yaml's gazetteers plus the words of the catalogue's
// product names ("Oxford", "AirRun", "Raglan"), so a product asked for by name is searched by name.
// The names come from Saleor once, in the background (start-up never waits for Saleor); until they arrive,
// or while Saleor is unreachable, the gazetteers alone are used and the load is retried.
import { type BackgroundValue, type BackgroundValueOptions, type BotConfig, loadInBackground } from 'switchboard';
import type { SaleorClient } from 'switchboard/saleor';
import { vocabularyFromConfig, type CatalogVocabulary } from './entities.ts';

export type VocabularySource = BackgroundValue<CatalogVocabulary>;

export function catalogueVocabulary(client: Pick<SaleorClient, 'searchProducts'>, config: BotConfig, options: BackgroundValueOptions = {}): VocabularySource {
  const load = async () => vocabularyFromConfig(config, (await client.searchProducts({ first: 100 })).map((p) => p.name));
  return loadInBackground(vocabularyFromConfig(config), load, { ...options, log: (m) => options.log?.(`product names ${m}`) });
}
