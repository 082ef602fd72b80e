// Product search, filters (`filter: ProductFilterInput` and `where: ProductWhereInput`) and sorting
// for the dev server, following Saleor's semantics closely enough for a storefront client.
import { GraphQLError } from 'graphql';
import type { Catalog, CatalogChannel, CatalogProduct } from './catalog.ts';
import { fromGlobalId } from './ids.ts';
import { isAvailableForPurchase, minimalPrice, productPrices, productVariants, variantInStock } from './dev-pricing.ts';

type Input = Record<string, any>;

// --- search: every query word must match a word of the product (prefix match, so "hoodies" finds "hoodie") ---

const words = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').match(/[a-z0-9]+/g) ?? [];

function wordMatches(query: string, doc: string): boolean {
  if (query === doc) return true;
  if (query.length >= 3 && doc.startsWith(query)) return true;
  return doc.length >= 4 && query.startsWith(doc) && query.length - doc.length <= 2;
}

/** The words Saleor indexes for a product: name, slug, description, category, type, attribute values, variant names and SKUs. */
function searchDocument(catalog: Catalog, p: CatalogProduct): { name: string[]; rest: string[] } {
  const rest: string[] = [p.slug, p.descriptionPlaintext];
  if (p.categoryPk !== null) rest.push(catalog.category(p.categoryPk)?.name ?? '');
  rest.push(catalog.productType(p.productTypePk)?.name ?? '');
  for (const a of p.attributes) for (const v of a.valuePks) rest.push(catalog.attributeValue(v)?.name ?? '');
  for (const vpk of p.variantPks) {
    const v = catalog.variant(vpk)!;
    rest.push(v.name, v.sku ?? '');
    for (const a of v.attributes) for (const x of a.valuePks) rest.push(catalog.attributeValue(x)?.name ?? '');
  }
  return { name: words(p.name), rest: words(rest.join(' ')) };
}

/** 0 when the product does not match; otherwise a rank (name matches weigh more). */
export function searchRank(catalog: Catalog, p: CatalogProduct, query: string): number {
  const terms = words(query);
  if (!terms.length) return 1;
  const doc = searchDocument(catalog, p);
  let rank = 0;
  for (const t of terms) {
    if (doc.name.some((w) => wordMatches(t, w))) rank += 3;
    else if (doc.rest.some((w) => wordMatches(t, w))) rank += 1;
    else return 0;
  }
  return rank;
}

// --- filters ---

function pksOf(ids: string[] | undefined, type: string): number[] {
  return (ids ?? []).map((id) => {
    const parsed = fromGlobalId(id);
    if (!parsed || parsed.type !== type) throw new GraphQLError(`Invalid ID: ${id}. Expected: ${type}.`);
    return Number(parsed.pk);
  });
}

function idFilter(f: Input | undefined, type: string): number[] | null {
  if (!f) return null;
  if (f.eq !== undefined && f.eq !== null) return pksOf([f.eq], type);
  if (f.oneOf) return pksOf(f.oneOf, type);
  return null;
}

function stringFilter(value: string, f: Input | undefined | null): boolean {
  if (!f) return true;
  if (f.eq !== undefined && f.eq !== null) return value === f.eq;
  if (f.oneOf) return f.oneOf.includes(value);
  return true;
}

function decimalFilter(values: number[], f: Input | undefined | null): boolean {
  if (!f) return true;
  const ok = (n: number) => {
    if (f.eq !== undefined && f.eq !== null) return n === Number(f.eq);
    if (f.oneOf) return f.oneOf.map(Number).includes(n);
    if (f.range) return inRange(n, f.range);
    return true;
  };
  return values.some(ok);
}

function inRange(n: number, r: Input | null | undefined): boolean {
  if (!r) return true;
  if (r.gte !== undefined && r.gte !== null && n < Number(r.gte)) return false;
  if (r.lte !== undefined && r.lte !== null && n > Number(r.lte)) return false;
  return true;
}

/** Attribute values (slug, name) of a product and all its variants, per attribute slug. */
function attributeValuesOf(catalog: Catalog, p: CatalogProduct): Map<string, { slug: string; name: string }[]> {
  const out = new Map<string, { slug: string; name: string }[]>();
  const add = (assigned: { attributePk: number; valuePks: number[] }[]) => {
    for (const a of assigned) {
      const attr = catalog.attribute(a.attributePk);
      if (!attr) continue;
      const list = out.get(attr.slug) ?? [];
      for (const pk of a.valuePks) {
        const v = catalog.attributeValue(pk);
        if (v) list.push({ slug: v.slug, name: v.name });
      }
      out.set(attr.slug, list);
    }
  };
  add(p.attributes);
  for (const vpk of p.variantPks) add(catalog.variant(vpk)!.attributes);
  return out;
}

function matchesAttribute(catalog: Catalog, p: CatalogProduct, input: Input): boolean {
  if (!input.slug) throw new GraphQLError('Attribute filter requires `slug`.');
  const values = attributeValuesOf(catalog, p).get(input.slug) ?? [];
  if (input.values?.length) return values.some((v) => input.values.includes(v.slug));
  if (input.value) {
    const v = input.value;
    if (v.slug) return values.some((x) => stringFilter(x.slug, v.slug));
    if (v.name) return values.some((x) => stringFilter(x.name, v.name));
    if (v.numeric) return decimalFilter(values.map((x) => Number(x.name)).filter((n) => !Number.isNaN(n)), v.numeric);
    throw new GraphQLError('The dev server supports attribute value filters by slug, name or numeric only.');
  }
  if (input.valuesRange) return values.some((x) => inRange(Number(x.name), input.valuesRange));
  return values.length > 0;
}

function inStock(catalog: Catalog, p: CatalogProduct, channel: CatalogChannel): boolean {
  // Saleor's stock filter looks at stock rows; untracked variants without stock rows count as out of stock there.
  return productVariants(catalog, p, channel).some((v) => v.stocks.some((s) => s.quantity - s.allocated > 0));
}

function isAvailable(catalog: Catalog, p: CatalogProduct, channel: CatalogChannel): boolean {
  return isAvailableForPurchase(p, channel) && productVariants(catalog, p, channel).some((v) => variantInStock(v));
}

const listingOf = (p: CatalogProduct, channel: CatalogChannel) => p.listings.find((l) => l.channelPk === channel.pk);

const SUPPORTED_FILTER = new Set(['isPublished', 'collections', 'categories', 'hasCategory', 'attributes', 'stockAvailability', 'search', 'isAvailable', 'isVisibleInListing', 'price', 'minimalPrice', 'productTypes', 'giftCard', 'ids', 'slugs', 'channel']);

/** Legacy `filter: ProductFilterInput`. Categories include their sub-categories, as in Saleor. */
export function matchesFilter(catalog: Catalog, p: CatalogProduct, f: Input, channel: CatalogChannel): boolean {
  for (const [key, value] of Object.entries(f)) {
    if (value === null || value === undefined) continue;
    if (!SUPPORTED_FILTER.has(key)) throw new GraphQLError(`The Saleor dev server does not implement the product filter \`${key}\`.`);
  }
  if (f.ids?.length && !pksOf(f.ids, 'Product').includes(p.pk)) return false;
  if (f.slugs?.length && !f.slugs.includes(p.slug)) return false;
  if (f.categories?.length) {
    const allowed = pksOf(f.categories, 'Category').flatMap((c) => catalog.categoryWithDescendants(c));
    if (p.categoryPk === null || !allowed.includes(p.categoryPk)) return false;
  }
  if (f.collections?.length && !pksOf(f.collections, 'Collection').some((c) => p.collectionPks.includes(c))) return false;
  if (f.productTypes?.length && !pksOf(f.productTypes, 'ProductType').includes(p.productTypePk)) return false;
  if (f.hasCategory !== undefined && f.hasCategory !== null && (p.categoryPk !== null) !== f.hasCategory) return false;
  if (f.isPublished !== undefined && f.isPublished !== null && Boolean(listingOf(p, channel)?.isPublished) !== f.isPublished) return false;
  if (f.isVisibleInListing !== undefined && f.isVisibleInListing !== null && Boolean(listingOf(p, channel)?.visibleInListings) !== f.isVisibleInListing) return false;
  if (f.giftCard !== undefined && f.giftCard !== null && (catalog.productType(p.productTypePk)?.kind === 'gift_card') !== f.giftCard) return false;
  for (const a of f.attributes ?? []) if (!matchesAttribute(catalog, p, a)) return false;
  if (f.stockAvailability) {
    const stocked = inStock(catalog, p, channel);
    if (f.stockAvailability === 'IN_STOCK' ? !stocked : stocked) return false;
  }
  if (f.isAvailable !== undefined && f.isAvailable !== null && isAvailable(catalog, p, channel) !== f.isAvailable) return false;
  if (f.price && !productPrices(catalog, p, channel).some((x) => inRange(x.price, f.price))) return false;
  if (f.minimalPrice) {
    const min = minimalPrice(catalog, p, channel);
    if (min === null || !inRange(min, f.minimalPrice)) return false;
  }
  if (f.search && searchRank(catalog, p, f.search) === 0) return false;
  return true;
}

/** `where: ProductWhereInput`. `category` matches exactly (no sub-categories), as in Saleor. */
export function matchesWhere(catalog: Catalog, p: CatalogProduct, w: Input, channel: CatalogChannel): boolean {
  const supported = new Set(['ids', 'name', 'slug', 'productType', 'category', 'collection', 'isAvailable', 'isPublished', 'isVisibleInListing', 'hasCategory', 'price', 'minimalPrice', 'attributes', 'stockAvailability', 'giftCard', 'AND', 'OR']);
  for (const [key, value] of Object.entries(w)) {
    if (value === null || value === undefined) continue;
    if (!supported.has(key)) throw new GraphQLError(`The Saleor dev server does not implement the product where-filter \`${key}\`.`);
  }
  if (w.AND && !w.AND.every((x: Input) => matchesWhere(catalog, p, x, channel))) return false;
  if (w.OR && !w.OR.some((x: Input) => matchesWhere(catalog, p, x, channel))) return false;
  if (w.ids?.length && !pksOf(w.ids, 'Product').includes(p.pk)) return false;
  if (!stringFilter(p.name, w.name) || !stringFilter(p.slug, w.slug)) return false;
  const cats = idFilter(w.category, 'Category');
  if (cats && (p.categoryPk === null || !cats.includes(p.categoryPk))) return false;
  const types = idFilter(w.productType, 'ProductType');
  if (types && !types.includes(p.productTypePk)) return false;
  const cols = idFilter(w.collection, 'Collection');
  if (cols && !cols.some((c) => p.collectionPks.includes(c))) return false;
  const legacy: Input = {
    isAvailable: w.isAvailable, isPublished: w.isPublished, isVisibleInListing: w.isVisibleInListing,
    hasCategory: w.hasCategory, attributes: w.attributes, stockAvailability: w.stockAvailability, giftCard: w.giftCard,
  };
  if (!matchesFilter(catalog, p, legacy, channel)) return false;
  if (w.price && !decimalFilter(productPrices(catalog, p, channel).map((x) => x.price), w.price)) return false;
  if (w.minimalPrice) {
    const min = minimalPrice(catalog, p, channel);
    if (min === null || !decimalFilter([min], w.minimalPrice)) return false;
  }
  return true;
}

/** Sorts by `sortBy` ({field, direction}); with a search and no sortBy, by rank; else by slug. */
export function sortProducts(catalog: Catalog, list: CatalogProduct[], channel: CatalogChannel, sortBy: Input | undefined, search: string | undefined): CatalogProduct[] {
  const dir = sortBy?.direction === 'DESC' ? -1 : 1;
  const field: string = sortBy?.field ?? (search ? 'RANK' : 'SLUG');
  const key = (p: CatalogProduct): number | string => {
    switch (field) {
      case 'NAME': return p.name.toLowerCase();
      case 'RANK': return -searchRank(catalog, p, search ?? '');
      case 'PRICE':
      case 'MINIMAL_PRICE': return minimalPrice(catalog, p, channel) ?? Number.MAX_VALUE;
      case 'CREATED_AT': return p.createdAt;
      case 'LAST_MODIFIED_AT': return p.updatedAt;
      case 'RATING': return p.rating ?? 0;
      case 'TYPE': return catalog.productType(p.productTypePk)?.name ?? '';
      case 'PUBLISHED':
      case 'PUBLISHED_AT': return listingOf(p, channel)?.publishedAt ?? '';
      default: return p.slug;
    }
  };
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
  });
}
