import { describe, expect, it } from 'vitest';
import { loadCatalog, productFilter } from 'switchboard/saleor';
import { defaultVocabulary, devCatalogueFile, extractProductEntities, fold, vocabularyFromConfig, fashionConfig, type ProductEntities } from './entities.ts';

type Expected = Omit<ProductEntities, 'keywords'> & { keywords?: string[] };

// How customers write on Facebook/Zalo: diacritics or not, teen-code, abbreviations.
const CASES: [string, Expected][] = [
  // product type + colour
  ['shop ơi có áo hoodie màu xám không ạ', { product_type: 'sweatshirts', color: 'grey' }],
  ['shop oi co ao hoodie mau xam ko', { product_type: 'sweatshirts', color: 'grey' }],
  ['hoodie xam con hang ko shop', { product_type: 'sweatshirts', color: 'grey' }],
  ['cần tìm áo nỉ màu ghi mặc mùa đông', { product_type: 'sweatshirts', color: 'grey' }],
  ['ao hoodie xanh da troi', { product_type: 'sweatshirts', color: 'blue' }],
  ['áo polo xanh lá cây', { product_type: 'polo-shirts-2', color: 'green' }],
  ['áo phông đỏ', { product_type: 't-shirts', color: 'red' }],
  ['shop co mu len mau den k', { product_type: 'beanies', color: 'black' }],
  ['có áo thun màu be không ạ', { product_type: 't-shirts', color: 'beige' }],
  ['ao polo vang', { product_type: 'polo-shirts-2', color: 'yellow' }],
  ['kính mát đen', { product_type: 'sunglasses', color: 'black' }],
  ['Giày Đỏ', { product_type: 'sneakers', color: 'red' }],
  ['áo thun hồng pastel', { product_type: 't-shirts', color: 'pink' }],
  ['ao thun mau hong', { product_type: 't-shirts', color: 'pink' }],
  // sizes
  ['mình muốn mua áo thun trắng size M', { product_type: 't-shirts', color: 'white', size: 'M' }],
  ['ad ơi áo thun đen còn sz L hok', { product_type: 't-shirts', color: 'black', size: 'L' }],
  ['áo polo có size XXL không shop', { product_type: 'polo-shirts-2', size: 'XXL' }],
  ['ao thun 2xl', { product_type: 't-shirts', size: 'XXL' }],
  ['còn XL không shop', { size: 'XL' }],
  ['áo thun cỡ s', { product_type: 't-shirts', size: 'S' }],
  ['cho mình xem giày thể thao size 42 với', { product_type: 'sneakers', size: '42' }],
  ['sz 40 giày trắng còn ko ad', { product_type: 'sneakers', color: 'white', size: '40' }],
  ['giay sneaker nam size 43 con k', { product_type: 'sneakers', size: '43' }],
  ['giày chạy bộ số 44', { product_type: 'sneakers', size: '44' }],
  ['chân mình 41 đi giày nào vừa', { product_type: 'sneakers', size: '41' }],
  // material
  ['tìm áo hoodie chất cotton', { product_type: 'sweatshirts', material: 'cotton' }],
  ['mình cần khăn quàng cổ chất len', { product_type: 'scarfs', material: 'wool' }],
  ['khăn len xám', { product_type: 'scarfs', color: 'grey', material: 'wool' }],
  ['áo thun vải polyester', { product_type: 't-shirts', material: 'polyester' }],
  ['giày da size 42', { product_type: 'sneakers', size: '42', material: 'leather' }],
  ['mũ len đen', { product_type: 'beanies', color: 'black' }], // "mũ len" is the beanie itself, not a material
  // prices in VND
  ['có áo polo nào dưới 500k không shop', { product_type: 'polo-shirts-2', price: { lte: 500_000, currency: 'VND' } }],
  ['tìm giày sneaker tầm 1 triệu', { product_type: 'sneakers', price: { gte: 800_000, lte: 1_200_000, currency: 'VND' } }],
  ['khoảng 300 nghìn có áo phông nào ko', { product_type: 't-shirts', price: { gte: 240_000, lte: 360_000, currency: 'VND' } }],
  ['có áo nào trên 1tr không shop', { product_type: 'tops', price: { gte: 1_000_000, currency: 'VND' } }],
  ['mua áo thun < 200k', { product_type: 't-shirts', price: { lte: 200_000, currency: 'VND' } }],
  ['xem giúp mình mấy đôi giày tầm 2 triệu đổ lại', { product_type: 'sneakers', price: { lte: 2_000_000, currency: 'VND' } }],
  ['áo thun từ 200k đến 400k', { product_type: 't-shirts', price: { gte: 200_000, lte: 400_000, currency: 'VND' } }],
  ['hoodie 300-500k', { product_type: 'sweatshirts', price: { gte: 300_000, lte: 500_000, currency: 'VND' } }],
  ['giày 800-1tr2', { product_type: 'sneakers', price: { gte: 800_000, lte: 1_200_000, currency: 'VND' } }],
  ['áo 1tr5 đổ lại', { product_type: 'tops', price: { lte: 1_500_000, currency: 'VND' } }],
  ['giày dưới 1 triệu rưỡi', { product_type: 'sneakers', price: { lte: 1_500_000, currency: 'VND' } }],
  ['áo thun dưới 300.000đ', { product_type: 't-shirts', price: { lte: 300_000, currency: 'VND' } }],
  ['polo không quá 450 ngàn', { product_type: 'polo-shirts-2', price: { lte: 450_000, currency: 'VND' } }],
  ['tui có 2 củ, mua giày gì', { product_type: 'sneakers', price: { gte: 1_600_000, lte: 2_400_000, currency: 'VND' } }],
  ['áo thun trên 200k dưới 500k', { product_type: 't-shirts', price: { gte: 200_000, lte: 500_000, currency: 'VND' } }],
  ['ao thun duoi 300', { product_type: 't-shirts', price: { lte: 300_000, currency: 'VND' } }], // bare number = thousands of đồng
  // prices in USD
  ['giày thể thao từ 50 đến 100 đô có mẫu nào', { product_type: 'sneakers', price: { gte: 50, lte: 100, currency: 'USD' } }],
  ['tu 20 den 50 do', { price: { gte: 20, lte: 50, currency: 'USD' } }],
  ['kính râm dưới 20 đô', { product_type: 'sunglasses', price: { lte: 20, currency: 'USD' } }],
  ['áo thun trắng size 2xl dưới 30$', { product_type: 't-shirts', color: 'white', size: 'XXL', price: { lte: 30, currency: 'USD' } }],
  ['hoodie under $40', { product_type: 'sweatshirts', price: { lte: 40, currency: 'USD' } }],
  // catalogue names as keywords
  ['ad ơi đôi AirRun còn size 41 hok', { size: '41', keywords: ['airrun'] }],
  ['Raglan tee sz XL', { product_type: 't-shirts', size: 'XL', keywords: ['raglan'] }],
  ['shop còn áo sơ mi Oxford không', { product_type: 'dress-shirts', keywords: ['oxford'] }],
  // types the catalogue does not sell are still recognised
  ['shop có bán quần jean không', { product_type: 'jeans' }],
  ['có quần nào dưới 300k không', { product_type: 'pants', price: { lte: 300_000, currency: 'VND' } }],
  ['tìm váy dự tiệc màu đỏ tầm 800k', { product_type: 'dresses', color: 'red', price: { gte: 640_000, lte: 960_000, currency: 'VND' } }],
  ['giày cao gót', { product_type: 'heels' }],
  // a specific type named after a generic one wins
  ['mình muốn mua áo, loại hoodie ấy', { product_type: 'sweatshirts' }],
];

// Words that change meaning without diacritics must not become entities out of context.
const NOTHING: string[] = [
  'tối nay MU đá với ai', // đá ≠ da (leather), MU ≠ mũ
  'cam on shop nhieu', // cảm ơn ≠ cam (orange)
  'hom nay an gi, nau an the nao', // nấu ≠ nâu
  'tim giup minh cai', // tìm ≠ tím
  'vang a', // vâng ≠ vàng
  'cho bé nhà mình', // bé ≠ be
  'kinh doanh online co kho khong', // kinh doanh ≠ kính
  'cao 1m70 nặng 65kg mặc size gì', // heights and weights are not sizes or prices
  'co dep ko shop', // có đẹp không ≠ dép
  'mua 2 cái thì sao',
];

const vocab = defaultVocabulary();

describe('extractProductEntities', () => {
  for (const [text, expected] of CASES) {
    it(text, () => {
      expect(extractProductEntities(text, vocab)).toEqual({ keywords: [], ...expected });
    });
  }

  for (const text of NOTHING) {
    it(`nothing in: ${text}`, () => {
      const e = extractProductEntities(text, vocab);
      expect({ ...e, keywords: undefined }).toEqual({ keywords: undefined });
    });
  }

  it('"đến" between prices is not the colour black, "đồ" is not red', () => {
    expect(extractProductEntities('áo thun từ 200k đến 500k').color).toBeUndefined();
    expect(extractProductEntities('mua đồ đi biển').color).toBeUndefined();
    expect(extractProductEntities('tu 200k den 500k').color).toBeUndefined();
  });

  it('"hong" at the end of a southern question means "không", not pink', () => {
    expect(extractProductEntities('có áo thun hong shop').color).toBeUndefined();
    expect(extractProductEntities('có áo thun hồng không shop').color).toBe('pink');
  });

  it('"len" after a product or cue is wool, otherwise it is "lên" (lên đơn)', () => {
    expect(extractProductEntities('len don ao hoodie giup minh').material).toBeUndefined();
    expect(extractProductEntities('áo len').material).toBe('wool');
  });

  it('decomposed Unicode input (combining marks) reads the same as precomposed', () => {
    const decomposed = 'áo thun trắng size M'.normalize('NFD');
    expect(extractProductEntities(decomposed)).toEqual(extractProductEntities('áo thun trắng size M'));
  });
});

describe('the Saleor search of bot.yaml saleor.search (productFilter)', () => {
  const config = fashionConfig();
  const filter = (text: string, c = config) => productFilter(c, extractProductEntities(text, vocab));

  it('maps onto catalogue categories and attribute value slugs (the colour is a variant attribute)', () => {
    expect(filter('áo thun trắng size M chất cotton')).toEqual({ first: 12, categories: ['t-shirts'], attributes: [{ slug: 'size', values: ['m'] }, { slug: 'material', values: ['cotton'] }, { slug: 'color', values: ['white'] }] });
  });

  it('shoe sizes use the shoe-size attribute; groups expand to several categories; default categories without a type', () => {
    expect(filter('giày size 42').attributes).toEqual([{ slug: 'shoe-size', values: ['42'] }]);
    expect(filter('áo nào dưới 30 đô').categories).toEqual(['shirts', 'sweatshirts', 'jackets']);
    expect(filter('có gì màu xám')).toMatchObject({ categories: ['apparel', 'footwear', 'accessories'], attributes: [{ slug: 'color', values: ['grey'] }] });
  });

  it('converts budgets to the catalogue currency with saleor.rates (lower bound down, upper bound up)', () => {
    expect(config.saleor).toMatchObject({ currency: 'VND', rates: { VND: 1, USD: 25000 } });
    expect(filter('áo dưới 500k').price).toEqual({ lte: 500_000 });
    expect(filter('dưới 20 đô').price).toEqual({ lte: 500_000 });
    const usdShop = { ...config, saleor: { ...config.saleor!, currency: 'USD' } };
    expect(filter('áo dưới 500k', usdShop).price).toEqual({ lte: 20 });
    expect(productFilter(usdShop, { keywords: [], price: { gte: 333_333, lte: 666_666, currency: 'VND' } }).price).toEqual({ gte: 13.33, lte: 26.67 });
  });

  it('without a colour attribute, colours are searched by name', () => {
    const search = config.saleor!.search!;
    const byName = { ...config, saleor: { ...config.saleor!, search: { ...search, attributes: search.attributes.filter((a) => a.field !== 'color') } } };
    expect(filter('áo thun đen', byName).search).toBe('black');
  });
});

describe('vocabulary', () => {
  const catalog = loadCatalog(devCatalogueFile(fashionConfig()));

  it('comes from bot.yaml gazetteers; labels are the first synonyms', () => {
    expect(vocab.productTypes.sweatshirts.label).toBe('áo hoodie');
    expect(vocab.colors.grey.label).toBe('xám');
    expect(fashionConfig().saleor?.search?.categories?.groups.tops).toEqual(['shirts', 'sweatshirts', 'jackets']);
  });

  it('product types the catalogue sells map onto its real category slugs', () => {
    const slugs = new Set(catalog.categories.map((c) => c.slug));
    const categories = fashionConfig().saleor!.search!.categories!;
    for (const t of ['t-shirts', 'polo-shirts-2', 'dress-shirts', 'sweatshirts', 'jackets', 'pants', 'jeans', 'shorts', 'trousers', 'dresses', 'sneakers', 'sandals', 'caps', 'beanies', 'bags', 'sunglasses', 'tops', 'apparel', 'headware', 'accessories']) {
      expect(vocab.productTypes[t], t).toBeDefined();
      for (const c of categories.groups[t] ?? [t]) expect(slugs.has(c), `${t} → ${c}`).toBe(true);
    }
    for (const c of categories.default) expect(slugs.has(c)).toBe(true);
  });

  it('sizes and materials are the catalogue\'s attribute values (plus a few materials it lacks)', () => {
    const valuesOf = (slug: string) => {
      const attr = catalog.attributes.find((a) => a.slug === slug)!;
      return catalog.attributeValues.filter((v) => v.attributePk === attr.pk);
    };
    const attribute = (field: string, numeric = false) => fashionConfig().saleor!.search!.attributes.find((a) => a.field === field && (a.when !== undefined) === numeric)!.attribute;
    const letter = valuesOf(attribute('size')).map((v) => v.name);
    const shoe = valuesOf(attribute('size', true)).map((v) => v.name);
    expect([...letter, ...shoe].sort()).toEqual(Object.keys(fashionConfig().gazetteers.find((g) => g.type === 'size')!.values).sort());
    const materials = valuesOf(attribute('material')).map((v) => v.slug);
    for (const m of materials) expect(vocab.materials[m], m).toBeDefined();
    expect(Object.keys(vocab.materials).filter((m) => !materials.includes(m)).sort()).toEqual(['elastane', 'silk']);
    const colors = valuesOf(vocab.colorAttribute!);
    for (const c of colors) expect(vocab.colors[c.slug]?.label, c.slug).toBe(c.name.toLowerCase());
  });

  it('keywords come from catalogue product names, without colours and product words', () => {
    expect(vocab.nameTerms).toEqual(expect.arrayContaining(['airrun', 'oxford', 'raglan', 'indigo']));
    for (const word of ['trang', 'den', 'hoodie', 'jean', 'thun', 'so', 'mi', 'giay']) expect(vocab.nameTerms).not.toContain(word);
  });

  it('a vocabulary can be built without the demo catalogue', () => {
    const v = vocabularyFromConfig(fashionConfig());
    expect(v.nameTerms).toEqual([]);
    expect(extractProductEntities('áo hoodie xám', v)).toEqual({ keywords: [], product_type: 'sweatshirts', color: 'grey' });
  });

  it('fold keeps offsets and folds đ', () => {
    expect(fold('Đỏ đô')).toBe('do do');
    expect(fold('áo thun').length).toBe('áo thun'.length);
  });
});
