// bot.yaml saleor.search: a product request as a Saleor product filter, and a search that gives up constraints.
import { describe, expect, it } from 'vitest';
import { saleorConfigSchema } from './config-schema.ts';
import { convertAmount, findProducts, hasVariantInStock, productFilter, type SaleorBotConfig } from './product-search.ts';
import type { Product, ProductSearchFilter, ProductVariant } from './types.ts';

const config: SaleorBotConfig = {
  saleor: saleorConfigSchema.parse({
    currency: 'EUR',
    rates: { EUR: 1, USD: 0.5 },
    search: {
      query: 'item',
      categories: { field: 'kind', groups: { tops: ['shirts', 'jackets'] }, default: ['apparel'] },
      attributes: [{ field: 'size', attribute: 'shoe-size', when: '^\\d+$' }, { field: 'size', attribute: 'size' }, { field: 'colour', attribute: 'color' }],
      text: ['colour', 'words'],
      price: 'budget',
      variant: { size: 'size', color: 'colour' },
      relax: ['colour', 'size', 'budget'],
    },
  }),
  gazetteers: [{ type: 'colour', values: { red: ['Rouge', 'red'], blue: ['Bleu', 'blue'] } }],
  queries: { item: { kind: { kind: 'kind' }, colour: { kind: 'colour' }, size: { kind: 'size' }, budget: { kind: 'budget' }, words: { kind: 'terms' } } },
};
const withoutColourAttribute: SaleorBotConfig = { ...config, saleor: { ...config.saleor!, search: { ...config.saleor!.search!, attributes: config.saleor!.search!.attributes.slice(0, 2) } } };

const variant = (size: string, color: string, quantityAvailable: number | null): ProductVariant => ({ id: `${size}-${color}`, name: size, sku: null, size, color, price: null, quantityAvailable, attributes: {} });
const product = (id: string, variants: ProductVariant[]): Product => ({ id, name: id, slug: id, category: null, productType: null, price: null, onSale: false, variants, attributes: {} });

describe('productFilter', () => {
  it('a category group, attribute value slugs in the configured order, the first matching `when` for each field', () => {
    expect(productFilter(config, { kind: 'tops', colour: 'red', size: 'M', words: [] })).toEqual({
      first: 12, categories: ['shirts', 'jackets'], attributes: [{ slug: 'size', values: ['m'] }, { slug: 'color', values: ['red'] }],
    });
    expect(productFilter(config, { kind: 'shoes', size: '42' })).toEqual({ first: 12, categories: ['shoes'], attributes: [{ slug: 'shoe-size', values: ['42'] }] });
    expect(productFilter(config, {})).toEqual({ first: 12, categories: ['apparel'] });
  });

  it('text fields no attribute takes are searched as words', () => {
    expect(productFilter(config, { colour: 'red', words: ['oxford', 'slim'] }).search).toBe('oxford slim');
    expect(productFilter(withoutColourAttribute, { colour: 'red', words: ['oxford'] }).search).toBe('red oxford');
  });

  it('a budget in the channel currency, converted with the rates, bounds rounded outwards to the cent', () => {
    expect(productFilter(config, { budget: { lte: 30, currency: 'EUR' } }).price).toEqual({ lte: 30 });
    expect(productFilter(config, { budget: { gte: 33.333, lte: 66.666, currency: 'USD' } }).price).toEqual({ gte: 16.66, lte: 33.34 });
    expect(convertAmount(10, 'USD', 'EUR', { EUR: 1, USD: 0.5 })).toBe(5);
    expect(convertAmount(10, 'GBP', 'EUR', { EUR: 1 })).toBe(10); // no rate: as it is
  });

  it('without saleor.search, says what is missing', () => {
    expect(() => productFilter({ gazetteers: [], queries: {} }, {})).toThrow(/saleor\.search/);
  });
});

describe('findProducts', () => {
  const shirt = product('shirt', [variant('M', 'Rouge', 0), variant('L', 'Rouge', 2), variant('M', 'Bleu', null)]);
  const coat = product('coat', [variant('M', 'Rouge', 3)]);
  /** A fake Saleor: products in the asked categories with the asked colour attribute (by variant colour name). */
  function client(products: Product[], calls: ProductSearchFilter[] = []) {
    return {
      async searchProducts(filter: ProductSearchFilter = {}) {
        calls.push(filter);
        const colour = filter.attributes?.find((a) => a.slug === 'color')?.values[0];
        const names: Record<string, string> = { red: 'Rouge', blue: 'Bleu' };
        return products.filter((p) => !colour || p.variants.some((v) => v.color === names[colour]));
      },
    };
  }

  it('keeps only products with the size in stock in the colour asked (named as the gazetteer value\'s first synonym)', async () => {
    const found = await findProducts(client([shirt, coat]), config, { colour: 'red', size: 'M' });
    expect(found).toEqual({ products: [coat], relaxed: [], request: { colour: 'red', size: 'M' } });
    expect(hasVariantInStock(shirt, 'M', 'bleu')).toBe(true);
    expect(hasVariantInStock(shirt, 'S', undefined)).toBe(false);
  });

  it('gives up the relax fields, fewer first and in order, and says which; excluded products never come back', async () => {
    const calls: ProductSearchFilter[] = [];
    const found = await findProducts(client([shirt], calls), config, { colour: 'blue', size: 'L', words: ['x'] });
    expect(found.relaxed).toEqual(['colour']);
    expect(found.request).toEqual({ size: 'L', words: ['x'] });
    expect(calls).toHaveLength(2);
    expect((await findProducts(client([shirt, coat]), config, { kind: 'tops' }, { excludeProductIds: ['shirt'] })).products).toEqual([coat]);
    expect((await findProducts(client([shirt]), config, { colour: 'blue', size: 'L' }, { relax: [] })).products).toEqual([]);
  });
});

describe('bot.yaml saleor', () => {
  it('names a query the bot declares, and only its fields', async () => {
    const { checkedBotConfigSchema } = await import('../bot/config.ts');
    const bot = {
      id: 'shop', language: 'en', understanding: { fallback: 'ask' }, intents: { ask: { label: 'Ask' } },
      queries: { item: { colour: { kind: 'size' } } },
      saleor: { search: { query: 'item', attributes: [{ field: 'colour', attribute: 'color' }], text: ['words'] } },
    };
    expect(checkedBotConfigSchema.safeParse(bot).success).toBe(false);
    expect(checkedBotConfigSchema.safeParse({ ...bot, saleor: { search: { ...bot.saleor.search, text: ['colour'] } } }).success).toBe(true);
    expect(checkedBotConfigSchema.safeParse({ ...bot, saleor: { search: { query: 'product' } } }).success).toBe(false);
  });
});
