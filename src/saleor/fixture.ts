// A catalogue written compactly (categories, attributes, products with colours × sizes, prices, stock) turned into
// the Django fixture Saleor's own demo data is ({model, pk, fields} rows): the shape loadCatalog reads, so the
// local Saleor server serves a shop's own catalogue exactly as it serves the demo one.
import { slugify } from '../text/index.ts';

export interface CompactCatalogue {
  channel: { slug: string; name: string; currency: string; country?: string };
  warehouse?: string;
  /** When the products were published (ISO); the fixture's timestamps too. */
  publishedAt?: string;
  /** slug → name and values; `values` is a list of names (slugs from them) or slug → name. */
  attributes: Record<string, { name: string; values: string[] | Record<string, string> }>;
  categories: Record<string, { name: string; parent?: string }>;
  collections?: Record<string, string>;
  products: CompactProduct[];
}

export interface CompactProduct {
  name: string;
  slug?: string;
  category: string;
  description?: string;
  material?: string;
  price: number;
  /** An amount off, in the channel's currency (a Saleor sale on the product). */
  sale?: number;
  colors?: string[];
  sizes?: string[];
  /** Sizes are shoe sizes (attribute `shoe-size`) rather than clothing sizes (`size`). */
  shoe?: boolean;
  /** Units per variant ("black/XL", or "black" for a product without sizes); the rest have `defaultStock`. */
  stock?: Record<string, number>;
  collections?: string[];
}

type Row = { model: string; pk: number | string; fields: Record<string, unknown> };

const DEFAULT_STOCK = 15;

const richText = (text: string) => ({ time: 0, blocks: [{ id: 'p1', type: 'paragraph', data: { text } }], version: '2.22.2' });

/** The rows being written, and the pks every part refers to. */
interface Build {
  c: CompactCatalogue;
  /** Timestamp of everything published or created. */
  at: string;
  rows: Row[];
  /** The next free pk. */
  next(): number;
  /** Adds a row (with the next pk unless given one) and returns its pk. */
  add(model: string, fields: Record<string, unknown>, id?: number | string): number;
  channel: number;
  warehouse: string;
}

/** The pks products refer to by slug. */
interface Refs {
  categoryPk: Map<string, number>;
  collectionPk: Map<string, number>;
  /** The pk of an attribute's value, by slug or by name. */
  value(attribute: string, slug: string): number;
  productType(sizeAttribute: string | null, hasColors: boolean): number;
}

/** The fixture rows of a compact catalogue; throws on a reference to an unknown category, attribute value or collection. */
export function buildSaleorFixture(c: CompactCatalogue): Row[] {
  const b = startBuild(c);
  const { attributePk, valuePk } = addAttributes(b);
  const refs: Refs = {
    value: valueLookup(valuePk),
    categoryPk: addCategories(b),
    collectionPk: addCollections(b),
    productType: productTypeMaker(b, attributePk),
  };
  const slugs = new Set<string>();
  const sales: { amount: number; products: number[] }[] = [];
  for (const p of c.products) {
    const id = addProduct(b, p, refs, slugs);
    if (p.sale) addToSale(sales, p.sale, id);
  }
  addSales(b, sales);
  return b.rows;
}

/** The build with its channel, warehouse and site settings written. */
function startBuild(c: CompactCatalogue): Build {
  const rows: Row[] = [];
  let pk = 0;
  const next = () => ++pk;
  const add = (model: string, fields: Record<string, unknown>, id: number | string = next()) => {
    rows.push({ model, pk: id, fields });
    return id as number;
  };
  const channel = add('channel.channel', { name: c.channel.name, slug: c.channel.slug, currency_code: c.channel.currency, default_country: c.channel.country ?? 'US', is_active: true });
  const warehouse = `00000000-0000-4000-8000-${String(next()).padStart(12, '0')}`;
  add('warehouse.warehouse', { name: c.warehouse ?? 'Warehouse', slug: slugify(c.warehouse ?? 'warehouse'), email: '', is_private: true, click_and_collect_option: 'disabled' }, warehouse);
  add('site.sitesettings', { limit_quantity_per_checkout: 50, track_inventory_by_default: true });
  return { c, at: c.publishedAt ?? '2026-01-01T00:00:00Z', rows, next, add, channel, warehouse };
}

interface AttributePks {
  /** attribute slug → pk */
  attributePk: Map<string, number>;
  /** "attribute/value slug" → pk */
  valuePk: Map<string, number>;
}

/** Writes the attributes and their values. */
function addAttributes(b: Build): AttributePks {
  const attributePk = new Map<string, number>();
  const valuePk = new Map<string, number>();
  for (const [slug, a] of Object.entries(b.c.attributes)) {
    const id = b.add('attribute.attribute', { slug, name: a.name, type: 'product-type', input_type: 'dropdown', value_required: false, visible_in_storefront: true, filterable_in_storefront: true });
    attributePk.set(slug, id);
    const values = Array.isArray(a.values) ? a.values.map((name) => [slugify(name), name] as const) : Object.entries(a.values);
    values.forEach(([valueSlug, name], i) => valuePk.set(`${slug}/${valueSlug}`, b.add('attribute.attributevalue', { attribute: id, name, slug: valueSlug, value: '', sort_order: i })));
  }
  return { attributePk, valuePk };
}

function valueLookup(valuePk: Map<string, number>): Refs['value'] {
  return (attribute, slug) => {
    const id = valuePk.get(`${attribute}/${slug}`) ?? valuePk.get(`${attribute}/${slugify(slug)}`);
    if (id === undefined) throw new Error(`unknown ${attribute} value "${slug}"`);
    return id;
  };
}

/** A category's depth in the tree; throws on a parent that is unknown or makes a cycle. */
function categoryLevel(categories: CompactCatalogue['categories'], slug: string, seen: string[] = []): number {
  const parent = categories[slug]?.parent;
  if (!parent) return 0;
  if (seen.includes(parent) || !categories[parent]) throw new Error(`category "${slug}": bad parent "${parent}"`);
  return categoryLevel(categories, parent, [...seen, slug]) + 1;
}

/** Writes the categories, parents before children; returns each one's pk by slug. */
function addCategories(b: Build): Map<string, number> {
  const categoryPk = new Map<string, number>();
  const levelOf = (slug: string) => categoryLevel(b.c.categories, slug);
  const categories = Object.keys(b.c.categories).sort((x, y) => levelOf(x) - levelOf(y));
  for (const slug of categories) {
    const cat = b.c.categories[slug];
    categoryPk.set(slug, b.add('product.category', { name: cat.name, slug, parent: cat.parent ? categoryPk.get(cat.parent) : null, level: levelOf(slug), description: null, seo_title: '', seo_description: '', updated_at: b.at }));
  }
  return categoryPk;
}

/** Writes the collections, each published in the channel; returns each one's pk by slug. */
function addCollections(b: Build): Map<string, number> {
  const collectionPk = new Map<string, number>();
  for (const [slug, name] of Object.entries(b.c.collections ?? {})) {
    const id = b.add('product.collection', { name, slug, description: null, seo_title: '', seo_description: '' });
    collectionPk.set(slug, id);
    b.add('product.collectionchannellisting', { collection: id, channel: b.channel, is_published: true, published_at: b.at });
  }
  return collectionPk;
}

/** One product type per kind of variant (clothing sizes, shoe sizes, colours alone), written when first needed. */
function productTypeMaker(b: Build, attributePk: Map<string, number>): Refs['productType'] {
  const productTypes = new Map<string, number>();
  return (sizeAttribute, hasColors) => {
    const key = `${sizeAttribute ?? 'none'}+${hasColors}`;
    let id = productTypes.get(key);
    if (id === undefined) {
      id = addProductType(b, attributePk, key, sizeAttribute, hasColors);
      productTypes.set(key, id);
    }
    return id;
  };
}

function addProductType(b: Build, attributePk: Map<string, number>, key: string, sizeAttribute: string | null, hasColors: boolean): number {
  const name = sizeAttribute === 'shoe-size' ? 'Giày dép' : sizeAttribute ? 'Quần áo' : 'Phụ kiện';
  const id = b.add('product.producttype', { name, slug: slugify(`${name}-${key}`), kind: 'normal', has_variants: true, is_shipping_required: true });
  if (attributePk.has('material')) b.add('attribute.attributeproduct', { attribute: attributePk.get('material'), product_type: id, sort_order: 0 });
  for (const [i, slug] of [sizeAttribute, hasColors ? 'color' : null].filter((s): s is string => Boolean(s)).entries()) {
    b.add('attribute.attributevariant', { attribute: attributePk.get(slug), product_type: id, sort_order: i, variant_selection: true });
  }
  return id;
}

/** The product's slug; throws when another product has it already. */
function uniqueSlug(p: CompactProduct, slugs: Set<string>): string {
  const slug = p.slug ?? slugify(p.name);
  if (slugs.has(slug)) throw new Error(`duplicate product slug "${slug}"`);
  slugs.add(slug);
  return slug;
}

/** Writes a product with its listing, material, collections and variants; returns its pk. */
function addProduct(b: Build, p: CompactProduct, refs: Refs, slugs: Set<string>): number {
  const category = refs.categoryPk.get(p.category);
  if (category === undefined) throw new Error(`product "${p.name}": unknown category "${p.category}"`);
  const slug = uniqueSlug(p, slugs);
  const sizeAttribute = p.sizes?.length ? (p.shoe ? 'shoe-size' : 'size') : null;
  const colors = p.colors ?? [];
  const id = b.next();
  b.add('product.product', {
    name: p.name, slug, product_type: refs.productType(sizeAttribute, colors.length > 0), category,
    description: p.description ? richText(p.description) : null, description_plaintext: p.description ?? '',
    seo_title: p.name, seo_description: p.description ?? '', created_at: b.at, updated_at: b.at, rating: null,
  }, id);
  b.add('product.productchannellisting', { product: id, channel: b.channel, is_published: true, published_at: b.at, visible_in_listings: true, available_for_purchase_at: b.at, currency: b.c.channel.currency, discounted_price_amount: String(p.price) });
  if (p.material) b.add('attribute.assignedproductattributevalue', { product: id, value: refs.value('material', p.material), sort_order: 0 });
  addCollectionProducts(b, p, id, refs.collectionPk);
  addVariants(b, p, { id, slug, sizeAttribute }, refs);
  return id;
}

function addCollectionProducts(b: Build, p: CompactProduct, product: number, collectionPk: Map<string, number>): void {
  for (const col of p.collections ?? []) {
    const collection = collectionPk.get(col);
    if (collection === undefined) throw new Error(`product "${p.name}": unknown collection "${col}"`);
    b.add('product.collectionproduct', { collection, product, sort_order: null });
  }
}

/** Writes one variant per colour × size (a single one without either): listing, stock and attribute values. */
function addVariants(b: Build, p: CompactProduct, product: { id: number; slug: string; sizeAttribute: string | null }, refs: Refs): void {
  const colors = p.colors ?? [];
  const combos = (colors.length ? colors : [null]).flatMap((color) => (p.sizes?.length ? p.sizes : [null]).map((size) => ({ color, size })));
  combos.forEach(({ color, size }, i) => {
    const key = [color, size].filter(Boolean).join('/');
    const variant = b.next();
    const names = [color ? colorName(b.c, color) : null, size].filter(Boolean);
    b.add('product.productvariant', { product: product.id, name: names.join(' / ') || p.name, sku: `${product.slug}${key ? `-${key.replace('/', '-')}` : ''}`, track_inventory: true, sort_order: i, created_at: b.at, updated_at: b.at, default: i === 0 }, variant);
    b.add('product.productvariantchannellisting', { variant, channel: b.channel, currency: b.c.channel.currency, price_amount: String(p.price), discounted_price_amount: String(p.price) });
    b.add('warehouse.stock', { warehouse: b.warehouse, product_variant: variant, quantity: p.stock?.[key] ?? DEFAULT_STOCK, quantity_allocated: 0 });
    for (const [attribute, v] of [[product.sizeAttribute, size], ['color', color]] as const) {
      if (!attribute || !v) continue;
      const assignment = b.add('attribute.assignedvariantattribute', { variant, assignment: null });
      b.add('attribute.assignedvariantattributevalue', { assignment, value: refs.value(attribute, v), sort_order: 0 });
    }
  });
}

/** A colour's display name, when the `color` attribute's values are given as slug → name. */
function colorName(c: CompactCatalogue, color: string): string | undefined {
  return c.attributes.color?.values && (c.attributes.color.values as Record<string, string>)[color];
}

/** Products with the same amount off share one sale. */
function addToSale(sales: { amount: number; products: number[] }[], amount: number, product: number): void {
  const same = sales.find((s) => s.amount === amount);
  if (same) same.products.push(product);
  else sales.push({ amount, products: [product] });
}

function addSales(b: Build, sales: { amount: number; products: number[] }[]): void {
  for (const s of sales) {
    const sale = b.add('discount.sale', { name: `-${s.amount} ${b.c.channel.currency}`, type: 'fixed', start_date: b.at, end_date: null, products: s.products, categories: [], collections: [], variants: [] });
    b.add('discount.salechannellisting', { sale, channel: b.channel, discount_value: String(s.amount), currency: b.c.channel.currency });
  }
}
