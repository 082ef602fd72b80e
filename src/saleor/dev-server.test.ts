// The dev server over real HTTP, driven by the real client (and raw POSTs for protocol details).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleorDevServer, type SaleorDevServer } from './dev-server.ts';
import { createSaleorClient } from './client.ts';
import { loadCatalog } from './catalog.ts';
import { SaleorError } from './errors.ts';
import type { Product, SaleorClient } from './types.ts';

let server: SaleorDevServer;
let client: SaleorClient;
const catalog = loadCatalog();

// The schema is built at start, not inside the first test's request deadline (slow on a loaded machine).
beforeAll(async () => {
  server = await createSaleorDevServer({ eager: true });
  client = createSaleorClient({ apiUrl: server.url });
}, 60_000);
afterAll(() => server?.close());

const names = (ps: Product[]) => ps.map((p) => p.name).sort();

async function post(body: unknown, path = '/graphql/') {
  const res = await fetch(server.url.replace('/graphql/', path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() as any };
}

describe('Saleor dev server: product search', () => {
  it('search "hoodie" finds the three hoodies, and nothing else', async () => {
    const found = await client.searchProducts({ search: 'hoodie', first: 50 });
    expect(names(found)).toEqual(['Blue Hoodie', 'Grey Hoodie', 'White Hoodie']);
    expect(found.every((p) => p.category?.slug === 'sweatshirts')).toBe(true);
  });

  it('search terms must all match: "grey hoodie" is the Grey Hoodie only; plurals match', async () => {
    expect(names(await client.searchProducts({ search: 'grey hoodie' }))).toEqual(['Grey Hoodie']);
    expect(names(await client.searchProducts({ search: 'hoodies' }))).toHaveLength(3);
    expect(await client.searchProducts({ search: 'grey sneakers' })).toEqual([]);
  });

  it('the grey hoodie: slug, category, material, price and an untracked (always available) variant', async () => {
    const [grey] = await client.searchProducts({ search: 'grey', categories: ['apparel'] });
    expect(grey).toMatchObject({
      name: 'Grey Hoodie', slug: 'grey-hoodie', category: { slug: 'sweatshirts', name: 'Sweatshirts' },
      price: { amount: 30, currency: 'USD' }, attributes: { material: ['Cotton'] },
    });
    expect(grey.thumbnail).toMatch(/grey-hoodie.*\.png/);
    expect(grey.variants).toHaveLength(1);
    expect(grey.variants[0].size).toBeUndefined(); // sweatshirts have no size attribute in the demo catalogue
    expect(grey.variants[0].quantityAvailable).toBe(catalog.limitQuantityPerCheckout);
  });

  it('category filter by slug, including sub-categories', async () => {
    const tees = await client.searchProducts({ categories: ['t-shirts'], first: 50 });
    const expected = catalog.products.filter((p) => catalog.category(p.categoryPk!)?.slug === 't-shirts').map((p) => p.name).sort();
    expect(names(tees)).toEqual(expected);
    const shirts = await client.searchProducts({ categories: ['shirts'], first: 50 });
    expect(names(shirts)).toContain('Darko Polo'); // polo-shirts-2 is a child of shirts
    expect(shirts.length).toBe(tees.length + 1);
  });

  it('an unknown category yields no products (not the whole catalogue)', async () => {
    expect(await client.searchProducts({ categories: ['trousers'] })).toEqual([]);
  });

  it('price range applies to the lowest discounted price', async () => {
    const found = await client.searchProducts({ price: { gte: 20, lte: 30 }, first: 100 });
    expect(found.length).toBeGreaterThan(3);
    for (const p of found) {
      expect(p.price!.amount).toBeGreaterThanOrEqual(20);
      expect(p.price!.amount).toBeLessThanOrEqual(30);
    }
    expect(names(found)).toEqual(expect.arrayContaining(['Grey Hoodie', 'Monospace Tee', 'Cubes Fountain Tee']));
    // Blue Plimsolls cost 75 but are 10% off (67.50): the sale counts
    expect(names(await client.searchProducts({ categories: ['sneakers'], price: { lte: 70 } }))).toEqual(["Blue Plimsolls", "Paul's Balance 420"]);
  });

  it('attribute filter size M: products with an M variant, each variant with its size and stock', async () => {
    const found = await client.searchProducts({ attributes: [{ slug: 'size', values: ['m'] }], first: 50 });
    expect(found.length).toBeGreaterThan(3);
    for (const p of found) expect(p.variants.some((v) => v.size === 'M')).toBe(true);
    expect(names(found)).not.toContain('Reversed Monotype Tee'); // XL and XXL only
    const tee = found.find((p) => p.slug === 'ascii-tee')!;
    expect(tee.variants.map((v) => v.size)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    // 200 in stock, capped by the site's per-checkout limit as Saleor does
    expect(tee.variants.every((v) => v.quantityAvailable === Math.min(200, catalog.limitQuantityPerCheckout ?? 200))).toBe(true);
  });

  it('shoe sizes and combined filters', async () => {
    const found = await client.searchProducts({ categories: ['sneakers'], attributes: [{ slug: 'shoe-size', values: ['45'] }] });
    expect(names(found)).toEqual(["Paul's Balance 420", 'White Plimsolls']);
    expect(await client.searchProducts({ categories: ['sneakers'], attributes: [{ slug: 'size', values: ['m'] }] })).toEqual([]);
  });

  it('variant stock: sold-out variants report 0', async () => {
    const book = await client.getProduct('own-your-stack-and-data');
    expect(book?.variants.map((v) => v.quantityAvailable)).toEqual([0, 0]);
  });

  it('sale prices: discounted price, undiscounted price, onSale', async () => {
    const p = (await client.getProduct('blue-plimsolls'))!;
    expect(p.price).toEqual({ amount: 67.5, currency: 'USD' });
    expect(p.undiscountedPrice).toEqual({ amount: 75, currency: 'USD' });
    expect(p.onSale).toBe(true);
  });

  it('getProduct by slug and by ID; unknown → null', async () => {
    const bySlug = (await client.getProduct('dash-force'))!;
    expect(bySlug.name).toBe('Dash Force');
    expect((await client.getProduct(bySlug.id))?.slug).toBe('dash-force');
    expect(await client.getProduct('no-such-product')).toBeNull();
  });

  it('another channel has its own currency; an unknown channel is a GraphQL error', async () => {
    const pln = createSaleorClient({ apiUrl: server.url, channel: 'channel-pln' });
    const [p] = await pln.searchProducts({ search: 'grey hoodie' });
    expect(p.price?.currency).toBe('PLN');
    const nowhere = createSaleorClient({ apiUrl: server.url, channel: 'mars' });
    await expect(nowhere.searchProducts({ search: 'hoodie' })).rejects.toMatchObject({ name: 'SaleorError', kind: 'graphql', message: expect.stringContaining("'mars'") });
  });
});

describe('Saleor dev server: protocol', () => {
  it('serves /graphql and /graphql/; other paths 404; GET 405', async () => {
    expect((await post({ query: '{ categories(first: 1) { totalCount } }' }, '/graphql')).body.data.categories.totalCount).toBe(catalog.categories.length);
    expect((await post({ query: '{ __typename }' }, '/nope')).status).toBe(404);
    expect((await fetch(server.url)).status).toBe(405);
  });

  it('thumbnails resolve to a placeholder image served by the dev server', async () => {
    const grey = (await client.getProduct('grey-hoodie'))!;
    const res = await fetch(grey.thumbnail!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('grey hoodie');
  });

  it('invalid queries get 400 with validation errors; bad JSON 400', async () => {
    const bad = await post({ query: '{ products(first: 1) { edges { node { colour } } } }' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/Cannot query field "colour"/);
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
  });

  it('unimplemented fields resolve to null instead of failing', async () => {
    const { body } = await post({ query: '{ product(slug: "grey-hoodie", channel: "default-channel") { name weight { value } taxClass { id } stocksNull: variants { stocks { id } } } }' });
    expect(body.errors).toBeUndefined();
    expect(body.data.product).toEqual({ name: 'Grey Hoodie', weight: null, taxClass: null, stocksNull: [{ stocks: null }] });
  });

  it('`where` filters, sorting and pagination follow Saleor', async () => {
    const q = `query($where: ProductWhereInput, $after: String) {
      products(channel: "default-channel", first: 2, after: $after, where: $where, sortBy: { field: PRICE, direction: ASC }) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { name pricing { priceRange { start { gross { amount } } } } } }
      } }`;
    const where = { category: { oneOf: [catalog.categories.find((c) => c.slug === 'sweatshirts')!.id] } };
    const page1 = (await post({ query: q, variables: { where } })).body.data.products;
    expect(page1.totalCount).toBe(3);
    expect(page1.edges.map((e: any) => e.node.name)).toEqual(['Grey Hoodie', expect.stringMatching(/Hoodie/)]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await post({ query: q, variables: { where, after: page1.pageInfo.endCursor } })).body.data.products;
    expect(page2.edges).toHaveLength(1);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const noFirst = await post({ query: '{ products(channel: "default-channel") { totalCount } }' });
    expect(noFirst.body.errors[0].message).toMatch(/must provide a `first` or `last`/);
  });

  it('attribute filter with the non-deprecated `value` input', async () => {
    const { body } = await post({
      query: 'query($f: ProductFilterInput) { products(channel: "default-channel", first: 50, filter: $f) { edges { node { slug } } } }',
      variables: { f: { attributes: [{ slug: 'material', value: { slug: { eq: 'wool' } } }] } },
    });
    expect(body.data.products.edges.map((e: any) => e.node.slug)).toEqual(['tactical-neck-warmer']);
  });

  it('resolver errors reach the client as SaleorError with the server message', async () => {
    const err = (await client.request('{ product { name } }').catch((e) => e)) as SaleorError;
    expect(err).toBeInstanceOf(SaleorError);
    expect(err.kind).toBe('graphql');
    expect(err.graphqlErrors[0]).toMatch(/At least one of arguments is required/);
  });
});
