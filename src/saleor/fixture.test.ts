import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../paths.ts';
import { loadCatalog } from './catalog.ts';
import { slugify } from '../text/index.ts';
import { buildSaleorFixture, type CompactCatalogue } from './fixture.ts';

const dir = resolve(projectRoot, 'bots/fashion-vn/catalogue');
const source = parse(readFileSync(resolve(dir, 'catalogue.yaml'), 'utf8')) as CompactCatalogue;

describe('buildSaleorFixture', () => {
  it("fashion-vn's committed fixture is the build of its catalogue.yaml (run scripts/saleor-fixture.ts after editing it)", () => {
    expect(JSON.parse(readFileSync(resolve(dir, 'populatedb_data.json'), 'utf8'))).toEqual(buildSaleorFixture(source));
  });

  it('loads as a catalogue: a VND channel, categories with parents, variants with size, colour, price and stock', () => {
    const catalog = loadCatalog(resolve(dir, 'populatedb_data.json'));
    expect(catalog.channel('default-channel')).toMatchObject({ currency: 'VND', defaultCountry: 'VN' });
    expect(catalog.products.length).toBeGreaterThanOrEqual(40);
    const jeans = catalog.categories.find((c) => c.slug === 'jeans')!;
    expect(catalog.category(jeans.parentPk!)?.slug).toBe('pants');
    const oxford = catalog.products.find((p) => p.slug === 'ao-so-mi-oxford-trang')!;
    const variants = oxford.variantPks.map((pk) => catalog.variant(pk)!);
    expect(variants).toHaveLength(2 * 5); // white and blue × S–XXL
    const named = (v: (typeof variants)[number]) => v.attributes.flatMap((a) => a.valuePks.map((pk) => catalog.attributeValue(pk)!.name)).sort();
    expect(named(variants[0])).toEqual(['S', 'Trắng']);
    expect(variants[0].listings[0]).toMatchObject({ currency: 'VND', price: 429000 });
    expect(variants[0].stocks[0].quantity).toBe(15);
  });

  it('says which reference is wrong', () => {
    const bad = { ...source, products: [{ name: 'Áo lạ', category: 'nowhere', price: 1 }] };
    expect(() => buildSaleorFixture(bad)).toThrow(/unknown category "nowhere"/);
    const badColor = { ...source, products: [{ name: 'Áo lạ', category: 't-shirts', price: 1, colors: ['teal'] }] };
    expect(() => buildSaleorFixture(badColor)).toThrow(/unknown color value "teal"/);
    expect(slugify('Áo sơ mi Đỏ')).toBe('ao-so-mi-do');
  });
});
