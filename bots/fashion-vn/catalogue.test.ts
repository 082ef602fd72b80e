import { describe, expect, it } from 'vitest';
import type { RouteContext } from 'switchboard';
import type { Product, ProductSearchFilter } from 'switchboard/saleor';
import { PREVIOUS_INTENTS_KEY, refineTurnIntents } from 'switchboard/testing';
import { catalogueVocabulary } from './catalogue.ts';
import bot from './index.ts';
import { fashionConfig } from './entities.ts';

const product = (name: string) => ({ name }) as Product;

describe('catalogueVocabulary', () => {
  it('adds the words of the product names once Saleor answers', async () => {
    const calls: ProductSearchFilter[] = [];
    const source = catalogueVocabulary({ searchProducts: async (f) => (calls.push(f ?? {}), [product('DRY Sunglasses'), product('Dash Force')]) }, fashionConfig());
    expect(source.current().nameTerms).toEqual([]); // not loaded yet: gazetteers only
    const v = await source.get();
    expect(v.nameTerms).toEqual(expect.arrayContaining(['dry', 'dash', 'force']));
    expect(v.nameTerms).not.toContain('sunglasses');
    await source.get();
    expect(calls).toEqual([{ first: 100 }]); // loaded once
  });

  it('keeps answering without names while Saleor is down, and retries after the delay', async () => {
    let now = 0;
    let fail = true;
    let calls = 0;
    const logs: string[] = [];
    const source = catalogueVocabulary(
      { searchProducts: async () => { calls++; if (fail) throw new Error('network: connection refused'); return [product('Monospace Tee')]; } },
      fashionConfig(),
      { retryMs: 1000, now: () => now, log: (m) => logs.push(m) },
    );
    expect((await source.get()).nameTerms).toEqual([]);
    expect(logs[0]).toMatch(/connection refused/);
    fail = false;
    now = 500;
    expect((await source.get()).nameTerms).toEqual([]); // too soon to retry
    expect(calls).toBe(1);
    now = 1500;
    expect((await source.get()).nameTerms).toContain('monospace');
    expect(calls).toBe(2);
  });
});

describe('the first turns after start-up', () => {
  it("wait for the catalogue's product names before correcting the classifier", async () => {
    const config = fashionConfig();
    const services = await bot.setup!({ config, env: { SALEOR_DEV: '1', SALEOR_TIMEOUT_MS: '60000' }, log: () => {} } as unknown as Parameters<NonNullable<typeof bot.setup>>[0]);
    try {
      // right after a search, a product asked for by a name only the catalogue knows is a purchase follow-up
      const fashion = { classification_decision: 'purchase', last_search: { entities: { keywords: [] }, products: [{ id: '1', slug: 'a', name: 'A' }] } };
      const memory = { fashion, [PREVIOUS_INTENTS_KEY]: ['purchase'] };
      const understanding = { intents: [{ id: 'off_topic', confidence: 0.9 }], entities: [], language: 'vi', source: 'local' };
      const route = { text: 'có Flannel không', intents: ['off_topic'], understanding, memory, bot: config } as unknown as RouteContext;
      expect((await refineTurnIntents(bot, route)).intents).toEqual(['purchase']);
    } finally {
      await bot.close!(services);
    }
  }, 60_000);
});
