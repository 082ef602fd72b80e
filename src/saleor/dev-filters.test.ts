import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogProduct } from './catalog.ts';
import { searchRank } from './dev-filters.ts';

// Only what searchRank reads: a product with no category, variants or attributes.
const catalog = { category: () => undefined, productType: () => ({ name: '' }), attributeValue: () => undefined, variant: () => undefined } as unknown as Catalog;
const product = (name: string) => ({ name, slug: '', descriptionPlaintext: '', categoryPk: null, productTypePk: 1, attributes: [], variantPks: [] }) as unknown as CatalogProduct;

describe('dev server search words', () => {
  it('folds Vietnamese đ like the other accents: "đầm" finds "Đầm maxi" and "dam" finds it too', () => {
    expect(searchRank(catalog, product('Đầm maxi hoa'), 'đầm')).toBeGreaterThan(0);
    expect(searchRank(catalog, product('Đầm maxi hoa'), 'dam maxi')).toBeGreaterThan(0);
  });

  it('a word with đ is one word, not what is left after it: "đầm" does not find "Áo len Am"', () => {
    expect(searchRank(catalog, product('Áo len Am'), 'đầm')).toBe(0);
  });
});
