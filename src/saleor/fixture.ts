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

/** The fixture rows of a compact catalogue; throws on a reference to an unknown category, attribute value or collection. */
export function buildSaleorFixture(c: CompactCatalogue): Row[] {
  const rows: Row[] = [];
  const at = c.publishedAt ?? '2026-01-01T00:00:00Z';
  let pk = 0;
  const next = () => ++pk;
  const add = (model: string, fields: Record<string, unknown>, id: number | string = next()) => {
    rows.push({ model, pk: id, fields });
    return id;
  };

  const channel = add('channel.channel', { name: c.channel.name, slug: c.channel.slug, currency_code: c.channel.currency, default_country: c.channel.country ?? 'US', is_active: true }) as number;
  const warehouse = `00000000-0000-4000-8000-${String(next()).padStart(12, '0')}`;
  add('warehouse.warehouse', { name: c.warehouse ?? 'Warehouse', slug: slugify(c.warehouse ?? 'warehouse'), email: '', is_private: true, click_and_collect_option: 'disabled' }, warehouse);
  add('site.sitesettings', { limit_quantity_per_checkout: 50, track_inventory_by_default: true });

  // attributes and their values
  const attributePk = new Map<string, number>();
  const valuePk = new Map<string, number>(); // "attribute/value slug" → pk
  for (const [slug, a] of Object.entries(c.attributes)) {
    const id = add('attribute.attribute', { slug, name: a.name, type: 'product-type', input_type: 'dropdown', value_required: false, visible_in_storefront: true, filterable_in_storefront: true }) as number;
    attributePk.set(slug, id);
    const values = Array.isArray(a.values) ? a.values.map((name) => [slugify(name), name] as const) : Object.entries(a.values);
    values.forEach(([valueSlug, name], i) => valuePk.set(`${slug}/${valueSlug}`, add('attribute.attributevalue', { attribute: id, name, slug: valueSlug, value: '', sort_order: i }) as number));
  }
  const value = (attribute: string, slug: string) => {
    const id = valuePk.get(`${attribute}/${slug}`) ?? valuePk.get(`${attribute}/${slugify(slug)}`);
    if (id === undefined) throw new Error(`unknown ${attribute} value "${slug}"`);
    return id;
  };

  // categories: parents before children, levels from the tree
  const categoryPk = new Map<string, number>();
  const levelOf = (slug: string, seen: string[] = []): number => {
    const parent = c.categories[slug]?.parent;
    if (!parent) return 0;
    if (seen.includes(parent) || !c.categories[parent]) throw new Error(`category "${slug}": bad parent "${parent}"`);
    return levelOf(parent, [...seen, slug]) + 1;
  };
  const categories = Object.keys(c.categories).sort((a, b) => levelOf(a) - levelOf(b));
  for (const slug of categories) {
    const cat = c.categories[slug];
    categoryPk.set(slug, add('product.category', { name: cat.name, slug, parent: cat.parent ? categoryPk.get(cat.parent) : null, level: levelOf(slug), description: null, seo_title: '', seo_description: '', updated_at: at }) as number);
  }

  const collectionPk = new Map<string, number>();
  for (const [slug, name] of Object.entries(c.collections ?? {})) {
    const id = add('product.collection', { name, slug, description: null, seo_title: '', seo_description: '' }) as number;
    collectionPk.set(slug, id);
    add('product.collectionchannellisting', { collection: id, channel, is_published: true, published_at: at });
  }

  // one product type per kind of variant: clothing sizes, shoe sizes, colours alone
  const productTypes = new Map<string, number>();
  const productType = (sizeAttribute: string | null, hasColors: boolean) => {
    const key = `${sizeAttribute ?? 'none'}+${hasColors}`;
    let id = productTypes.get(key);
    if (id === undefined) {
      const name = sizeAttribute === 'shoe-size' ? 'Giày dép' : sizeAttribute ? 'Quần áo' : 'Phụ kiện';
      id = add('product.producttype', { name, slug: slugify(`${name}-${key}`), kind: 'normal', has_variants: true, is_shipping_required: true }) as number;
      productTypes.set(key, id);
      if (attributePk.has('material')) add('attribute.attributeproduct', { attribute: attributePk.get('material'), product_type: id, sort_order: 0 });
      for (const [i, slug] of [sizeAttribute, hasColors ? 'color' : null].filter((s): s is string => Boolean(s)).entries()) {
        add('attribute.attributevariant', { attribute: attributePk.get(slug), product_type: id, sort_order: i, variant_selection: true });
      }
    }
    return id;
  };

  const sales: { amount: number; products: number[] }[] = [];
  const slugs = new Set<string>();
  for (const p of c.products) {
    const category = categoryPk.get(p.category);
    if (category === undefined) throw new Error(`product "${p.name}": unknown category "${p.category}"`);
    const slug = p.slug ?? slugify(p.name);
    if (slugs.has(slug)) throw new Error(`duplicate product slug "${slug}"`);
    slugs.add(slug);
    const sizeAttribute = p.sizes?.length ? (p.shoe ? 'shoe-size' : 'size') : null;
    const colors = p.colors ?? [];
    const id = next();
    add('product.product', {
      name: p.name, slug, product_type: productType(sizeAttribute, colors.length > 0), category,
      description: p.description ? richText(p.description) : null, description_plaintext: p.description ?? '',
      seo_title: p.name, seo_description: p.description ?? '', created_at: at, updated_at: at, rating: null,
    }, id);
    add('product.productchannellisting', { product: id, channel, is_published: true, published_at: at, visible_in_listings: true, available_for_purchase_at: at, currency: c.channel.currency, discounted_price_amount: String(p.price) });
    if (p.material) add('attribute.assignedproductattributevalue', { product: id, value: value('material', p.material), sort_order: 0 });
    for (const col of p.collections ?? []) {
      const collection = collectionPk.get(col);
      if (collection === undefined) throw new Error(`product "${p.name}": unknown collection "${col}"`);
      add('product.collectionproduct', { collection, product: id, sort_order: null });
    }
    const combos = (colors.length ? colors : [null]).flatMap((color) => (p.sizes?.length ? p.sizes : [null]).map((size) => ({ color, size })));
    combos.forEach(({ color, size }, i) => {
      const key = [color, size].filter(Boolean).join('/');
      const variant = next();
      const names = [color ? c.attributes.color?.values && (c.attributes.color.values as Record<string, string>)[color] : null, size].filter(Boolean);
      add('product.productvariant', { product: id, name: names.join(' / ') || p.name, sku: `${slug}${key ? `-${key.replace('/', '-')}` : ''}`, track_inventory: true, sort_order: i, created_at: at, updated_at: at, default: i === 0 }, variant);
      add('product.productvariantchannellisting', { variant, channel, currency: c.channel.currency, price_amount: String(p.price), discounted_price_amount: String(p.price) });
      add('warehouse.stock', { warehouse, product_variant: variant, quantity: p.stock?.[key] ?? DEFAULT_STOCK, quantity_allocated: 0 });
      for (const [attribute, v] of [[sizeAttribute, size], ['color', color]] as const) {
        if (!attribute || !v) continue;
        const assignment = add('attribute.assignedvariantattribute', { variant, assignment: null }) as number;
        add('attribute.assignedvariantattributevalue', { assignment, value: value(attribute, v), sort_order: 0 });
      }
    });
    if (p.sale) {
      const same = sales.find((s) => s.amount === p.sale);
      if (same) same.products.push(id);
      else sales.push({ amount: p.sale, products: [id] });
    }
  }
  for (const s of sales) {
    const sale = add('discount.sale', { name: `-${s.amount} ${c.channel.currency}`, type: 'fixed', start_date: at, end_date: null, products: s.products, categories: [], collections: [], variants: [] });
    add('discount.salechannellisting', { sale, channel, discount_value: String(s.amount), currency: c.channel.currency });
  }
  return rows;
}

