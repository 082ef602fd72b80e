// Replies and follow-ups, end to end against the local Saleor dev server (real HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate } from 'switchboard';
import { createSaleorClient, createSaleorDevServer, findProducts, type Product, type SaleorClient, type SaleorDevServer, SaleorError } from 'switchboard/saleor';
import { defaultVocabulary, devCatalogueFile, extractProductEntities, fashionConfig, vocabularyFromConfig, type ProductEntities } from './entities.ts';
import { describeEntities, formatMoney, formatNoProducts, formatNotSold, formatOtherColors, formatProductList } from './replies.ts';
import { followUpQuery, refersToShownProducts, type PreviousSearch } from './follow-up.ts';

let server: SaleorDevServer;
let client: SaleorClient;
const vocab = defaultVocabulary();

// The schema is built at start, not inside the first test's request deadline (slow on a loaded machine).
beforeAll(async () => {
  server = await createSaleorDevServer({ eager: true, dataFile: devCatalogueFile(fashionConfig()) });
  client = createSaleorClient({ apiUrl: server.url });
}, 60_000);
afterAll(() => server?.close());

async function ask(text: string, previous?: PreviousSearch) {
  const fu = followUpQuery(previous, text, vocab);
  const found = await findProducts(client, fashionConfig(), fu.entities, { excludeProductIds: fu.excludeProductIds, relax: fu.relax });
  return { fu, found, next: { entities: found.request, products: found.products } satisfies PreviousSearch };
}

describe('purchase flow against the dev server', () => {
  it('"áo hoodie màu xám" finds the hoodies with a grey variant and lists them in Vietnamese with price, colours and sizes', async () => {
    const { found } = await ask('shop ơi có áo hoodie màu xám không ạ');
    expect(found.products.map((p) => p.slug).sort()).toEqual(['ao-hoodie-ni-bong-essential', 'ao-hoodie-zip-urban', 'ao-sweater-co-tron-basic']);
    expect(found.relaxed).toEqual([]);
    const text = formatProductList(found.products, found.request);
    expect(text.split('\n')[0]).toBe('Shop có 3 mẫu áo hoodie màu xám cho bạn nè:');
    expect(text).toContain('Áo hoodie Nỉ Bông Essential — 449.000₫ · màu: xám, đen, be · size còn: M, L, XL');
  });

  it('sizes in stock are listed; a VND budget is searched in VND', async () => {
    const { found } = await ask('ao thun size M duoi 250k');
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) {
      expect(p.price).toMatchObject({ currency: 'VND' });
      expect(p.price!.amount).toBeLessThanOrEqual(250_000);
      expect(p.variants.some((v) => v.size === 'M')).toBe(true);
    }
    const text = formatProductList(found.products, found.request);
    expect(text.split('\n')[0]).toBe(`Shop có ${found.products.length} mẫu áo thun size M giá dưới 250.000₫ cho bạn nè:`);
    expect(text).toContain('Áo thun Basic Cổ Tròn — 199.000₫ · màu: trắng, đen, xám, be · size còn: S, M, L, XL, XXL');
  });

  it('"còn màu khác không?" keeps the product type and leaves out the colours shown, not the products', async () => {
    const first = await ask('có áo hoodie xám không shop');
    const { fu, found } = await ask('còn màu khác không?', { ...first.next, colors_shown: ['grey'] });
    expect(fu.kind).toBe('other_colors');
    expect(fu.entities.color).toBeUndefined();
    expect(fu.entities.product_type).toBe('sweatshirts');
    expect(fu.excludeColors).toEqual(['grey']);
    const other = formatOtherColors(found.products, fu.entities, fu.excludeColors!);
    expect(other.colors).not.toContain('grey');
    expect(other.colors).toEqual(expect.arrayContaining(['black', 'white', 'pink', 'green']));
    expect(other.text.split('\n')[0]).toMatch(/^Ngoài màu xám, áo hoodie còn màu đen, /);
    expect(other.text).toContain('Áo hoodie Nỉ Bông Essential — 449.000₫ · màu: đen, be');
    const none = formatOtherColors(found.products, fu.entities, [...fu.excludeColors!, ...other.colors]);
    expect(none.colors).toEqual([]);
    expect(none.text).toMatch(/^Dạ áo hoodie hiện chỉ có màu .*xám.* thôi ạ/);
  });

  it('"có size S không?" refines the previous search to the products with S in stock', async () => {
    const first = await ask('áo hoodie');
    const { fu, found } = await ask('có size S không?', first.next);
    expect(fu.kind).toBe('refine');
    expect(fu.entities).toMatchObject({ product_type: 'sweatshirts', size: 'S' });
    expect(found.relaxed).toEqual([]);
    expect(found.products.map((p) => p.slug).sort()).toEqual(['ao-hoodie-theu-logo-mini', 'ao-sweater-co-tron-basic']);
  });

  it('"cái thứ 2 còn size M không" points at the second product shown', async () => {
    const first = await ask('áo thun dưới 1tr');
    const { fu } = await ask('cái thứ 2 còn size M không', first.next);
    expect(fu.kind).toBe('about_shown');
    expect(fu.productSlugs).toEqual([first.next.products[1].slug]);
    expect(fu.entities.size).toBe('M');
  });

  it('"có cái nào rẻ hơn không" searches below the cheapest shown, giving up only material and colour', async () => {
    const first = await ask('giày thể thao size 42');
    const cheapest = Math.min(...first.next.products.map((p) => p.price!.amount));
    const { fu, found } = await ask('có cái nào rẻ hơn không', first.next);
    expect(fu.kind).toBe('cheaper');
    expect(fu.relax).toEqual(['material', 'color']);
    expect(fu.entities.price).toEqual({ lte: cheapest - 1000, currency: 'VND' });
    for (const p of found.products) expect(p.price!.amount).toBeLessThan(cheapest);
    expect(found.products.every((p) => !first.next.products.some((q) => q.id === p.id))).toBe(true);
  });

  it('a new product type starts a new search; a colour the shop lacks is relaxed and said', async () => {
    const first = await ask('áo thun trắng size M');
    const { fu, found } = await ask('có áo hoodie đỏ không', first.next);
    expect(fu.kind).toBe('new');
    expect(fu.entities).toEqual({ keywords: [], product_type: 'sweatshirts', color: 'red' });
    expect(found.relaxed).toEqual(['color']);
    expect(formatProductList(found.products, found.request, { relaxed: found.relaxed, requested: fu.entities }))
      .toMatch(/^Shop chưa có đúng áo hoodie màu đỏ bạn tìm/);
  });

  it('a product type the shop does not sell finds nothing, whatever was dropped, and says so', async () => {
    const { fu, found } = await ask('shop có bán khăn len xám không');
    expect(found.products).toEqual([]);
    expect(found.request).toEqual({ keywords: [], product_type: 'scarfs' }); // every constraint dropped, still nothing
    expect(formatNotSold(fu.entities.product_type!)).toMatch(/^Dạ shop chưa có khăn quàng cổ ạ 😢 Hiện shop có áo thun/);
    expect(formatNoProducts(fu.entities)).toBe('Dạ hiện shop chưa có khăn quàng cổ màu xám chất len ạ 😢 Bạn thử đổi màu, size hoặc mức giá khác, hoặc hỏi mình mẫu tương tự nhé!');
  });

  it('with a size asked, the colour goes before the size: other colours in the size the customer wears', async () => {
    const { found } = await ask('shop oi co ao polo nau sz S ko');
    expect(found.relaxed).toEqual(['color']);
    expect(found.request).toMatchObject({ product_type: 'polo-shirts-2', size: 'S' });
    for (const p of found.products) expect(p.variants.some((v) => v.size === 'S')).toBe(true);
    const text = formatProductList(found.products, found.request, { relaxed: found.relaxed, requested: extractProductEntities('ao polo nau sz S') });
    expect(text.split('\n')[0]).toBe('Shop chưa có đúng áo polo màu nâu size S bạn tìm, bạn tham khảo các mẫu áo polo size S này nhé:');
  });

  it('when no product has the size at all, the colour is kept and the size dropped', async () => {
    const { found } = await ask('áo hoodie màu xám size XXL');
    expect(found.relaxed).toEqual(['size']);
    expect(found.products.map((p) => p.slug).sort()).toEqual(['ao-hoodie-ni-bong-essential', 'ao-hoodie-zip-urban', 'ao-sweater-co-tron-basic']);
  });

  it('the size and colour asked must be one variant in stock', async () => {
    // the Essential hoodie comes in beige and in M, but its beige M is sold out
    const { found } = await ask('áo hoodie màu be size M');
    expect(found.products.map((p) => p.slug)).toEqual(['ao-sweater-co-tron-basic']);
  });

  it('the relaxed intro names only what is still searched', async () => {
    const { fu, found } = await ask('mũ len màu xanh lá chất len có không');
    expect(found.relaxed).toEqual(['color']);
    expect(formatProductList(found.products, found.request, { relaxed: found.relaxed, requested: fu.entities }).split('\n')[0])
      .toBe('Shop chưa có đúng mũ len màu xanh lá chất len bạn tìm, bạn tham khảo các mẫu mũ len chất len này nhé:');
  });

  it('a product asked for by name is searched by name when the vocabulary has the catalogue names', async () => {
    const names = (await client.searchProducts({ first: 100 })).map((p) => p.name);
    const withNames = vocabularyFromConfig(fashionConfig(), names);
    const entities = extractProductEntities('cho xin giá cái áo sơ mi Oxford', withNames);
    expect(entities).toMatchObject({ product_type: 'dress-shirts', keywords: ['oxford'] });
    const found = await findProducts(client, fashionConfig(), entities);
    expect(found.products.map((p) => p.name)).toEqual(['Áo sơ mi Oxford Trắng']);
    expect(extractProductEntities('cho xin giá cái áo sơ mi Oxford', vocabularyFromConfig(fashionConfig())).keywords).toEqual([]);
  });

  it('Saleor down: findProducts rejects with SaleorError', async () => {
    const down = createSaleorClient({ apiUrl: 'http://127.0.0.1:9/graphql/', timeoutMs: 500 });
    const err = await findProducts(down, fashionConfig(), extractProductEntities('áo hoodie xám')).catch((e) => e);
    expect(err).toBeInstanceOf(SaleorError);
  });
});

describe('formatting', () => {
  const product = (over: Partial<Product>): Product => ({
    id: 'P1', name: 'Team Shirt', slug: 'team-shirt', category: null, productType: null, onSale: false,
    price: { amount: 40, currency: 'USD' }, variants: [], attributes: {}, ...over,
  });
  const variant = (size: string, quantityAvailable: number | null) => ({ id: size, name: size, sku: null, size, price: null, quantityAvailable, attributes: {} });

  it('money: VND as đồng, USD with its VND equivalent', () => {
    expect(formatMoney({ amount: 450000, currency: 'VND' })).toBe('450.000₫');
    expect(formatMoney({ amount: 40.5, currency: 'USD' })).toBe('40,5 USD (~1.013.000₫)');
    expect(formatMoney({ amount: 100, currency: 'PLN' })).toBe('100 PLN');
  });

  it('lists only sizes in stock, says when a size is sold out, and caps the list', () => {
    const p = product({ variants: [variant('S', 0), variant('M', 3), variant('L', null)] });
    expect(formatProductList([p], { keywords: [], size: 'S' })).toMatch(/size còn: M, L · không có size S/);
    const many = Array.from({ length: 8 }, (_, i) => product({ id: `P${i}`, name: `Tee ${i}` }));
    const text = formatProductList(many, { keywords: [] });
    expect(text.split('\n')).toHaveLength(1 + vocab.maxProductsShown + 1);
    expect(text).toMatch(/… và 3 mẫu khác/);
    expect(formatProductList([product({ variants: [variant('M', 0)] })], { keywords: [] })).toMatch(/tạm hết size/);
  });

  it('sale prices show the original price', () => {
    const p = product({ price: { amount: 67.5, currency: 'USD' }, undiscountedPrice: { amount: 75, currency: 'USD' }, onSale: true });
    expect(formatProductList([p], { keywords: [] })).toMatch(/67,5 USD \(~1\.688\.000₫\) — đang giảm giá, giá gốc 75 USD/);
  });

  it('describes what was asked in Vietnamese', () => {
    const e: ProductEntities = { keywords: [], product_type: 'polo-shirts-2', color: 'blue', size: 'XL', material: 'cotton', price: { gte: 200000, lte: 400000, currency: 'VND' } };
    expect(describeEntities(e)).toBe('áo polo màu xanh dương size XL chất cotton giá từ 200.000₫ đến 400.000₫');
    expect(describeEntities({ keywords: ['dash', 'force'], price: { lte: 50, currency: 'USD' } })).toBe('sản phẩm “dash force” giá dưới 50 USD');
  });

  it('no products without any constraint gives the generic text; templates can be overridden', () => {
    expect(formatNoProducts({ keywords: [] })).toMatch(/^Dạ mình chưa tìm thấy sản phẩm phù hợp/);
    expect(formatNoProducts({ keywords: [], color: 'red' }, { templates: { no_products: 'Không có {query}.' } })).toBe('Không có sản phẩm màu đỏ.');
    expect(fillTemplate('{a} {b} {c}', { a: 1, b: 'x' })).toBe('1 x {c}');
  });

});

describe('demonstratives', () => {
  it('"màu đỏ" (red) is not "mẫu đó" (that model); diacritics decide', () => {
    expect(refersToShownProducts('có váy đầm dự tiệc màu đỏ không')).toBe(false);
    expect(refersToShownProducts('mẫu đó còn size M không')).toBe(true);
    expect(refersToShownProducts('cái này giá bao nhiêu')).toBe(true);
    expect(refersToShownProducts('nó có màu đen không')).toBe(true);
    expect(refersToShownProducts('mau do con size M ko')).toBe(true);
    expect(refersToShownProducts('co vay mau do ko', true)).toBe(false); // another product type: the colour red
  });

  it('a new product type in red after a t-shirt search is a new search, not the t-shirts again', () => {
    const prev: PreviousSearch = { entities: { keywords: [], product_type: 't-shirts', material: 'cotton' }, products: [{ id: 'm', slug: 'monospace-tee', name: 'Monospace Tee' }] };
    expect(followUpQuery(prev, 'có váy đầm dự tiệc màu đỏ không', vocab)).toMatchObject({ kind: 'new', entities: { product_type: 'dresses', color: 'red' } });
    expect(followUpQuery(prev, 'shop co ban vay mau do khong', vocab)).toMatchObject({ kind: 'new', entities: { product_type: 'dresses', color: 'red' } });
  });

  it('after a search by a shoe size, a bare number in that range is the new size, and a price is not', () => {
    const prev: PreviousSearch = { entities: { keywords: [], product_type: 'sneakers', size: '41' }, products: [{ id: 'w', slug: 'white-plimsolls', name: 'White Plimsolls' }] };
    expect(followUpQuery(prev, 'à nhầm, 44 cơ', vocab).entities).toMatchObject({ product_type: 'sneakers', size: '44' });
    expect(followUpQuery(prev, '43 khong shop', vocab).entities).toMatchObject({ size: '43' });
    expect(followUpQuery(prev, 'dưới 40 đô thôi', vocab).entities).toMatchObject({ size: '41' });
    expect(followUpQuery({ ...prev, entities: { keywords: [], product_type: 't-shirts', size: 'L' } }, 'còn 42 không', vocab).entities.size).toBe('L');
  });
});

describe('followUpQuery without products', () => {
  it('without a previous search every message is new', () => {
    expect(followUpQuery(undefined, 'có size L không', vocab)).toMatchObject({ kind: 'new', entities: { size: 'L' }, productSlugs: [] });
  });

  it('"mẫu khác" vs "màu khác": diacritics decide, else the previous colour', () => {
    const prev: PreviousSearch = { entities: { keywords: [], product_type: 't-shirts', color: 'white' }, products: [{ id: 'a', slug: 'a', name: 'A' }] };
    expect(followUpQuery(prev, 'còn mẫu khác không', vocab)).toMatchObject({ kind: 'other_products', entities: { color: 'white' }, excludeProductIds: ['a'] });
    expect(followUpQuery(prev, 'còn màu khác không', vocab).kind).toBe('other_colors');
    expect(followUpQuery(prev, 'con mau khac ko', vocab).kind).toBe('other_colors');
    expect(followUpQuery({ ...prev, entities: { keywords: [], product_type: 't-shirts' } }, 'con mau khac ko', vocab).kind).toBe('other_products');
  });

  it('a generic "áo này" keeps the previous specific type; a short message continues the search', () => {
    const prev: PreviousSearch = { entities: { keywords: [], product_type: 'sweatshirts' }, products: [{ id: 'g', slug: 'grey-hoodie', name: 'Grey Hoodie' }] };
    expect(followUpQuery(prev, 'áo này có màu trắng không', vocab)).toMatchObject({ kind: 'about_shown', entities: { product_type: 'sweatshirts', color: 'white' }, productSlugs: ['grey-hoodie'] });
    expect(followUpQuery(prev, 'còn hàng không shop', vocab)).toMatchObject({ kind: 'refine', entities: { product_type: 'sweatshirts' } });
    expect(followUpQuery(prev, 'màu trắng thì sao', vocab)).toMatchObject({ kind: 'refine', entities: { product_type: 'sweatshirts', color: 'white' } });
    expect(followUpQuery(prev, 'có những size nào', vocab)).toMatchObject({ kind: 'about_shown', asksSizes: true });
  });
});
