// Product search, filters (`filter: ProductFilterInput` and `where: ProductWhereInput`) and sorting
// for the dev server, following Saleor's semantics closely enough for a storefront client.
import { GraphQLError } from 'graphql';
import type { Catalog, CatalogChannel, CatalogProduct } from './catalog.ts';
import { fromGlobalId } from './ids.ts';
import { foldToWords } from '../text/index.ts';
import { isAvailableForPurchase, minimalPrice, productPrices, productVariants, variantInStock } from './dev-pricing.ts';

type Input = Record<string, any>;

// --- search: every query word must match a word of the product (prefix match, so "hoodies" finds "hoodie") ---

const words = (s: string) => foldToWords(s).split(' ').filter(Boolean);

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
  rest.push(...valueNames(catalog, p.attributes));
  for (const vpk of p.variantPks) {
    const v = catalog.variant(vpk)!;
    rest.push(v.name, v.sku ?? '', ...valueNames(catalog, v.attributes));
  }
  return { name: words(p.name), rest: words(rest.join(' ')) };
}

/** The names of assigned attribute values ('' for a value the catalogue lacks). */
function valueNames(catalog: Catalog, assigned: { valuePks: number[] }[]): string[] {
  return assigned.flatMap((a) => a.valuePks.map((pk) => catalog.attributeValue(pk)?.name ?? ''));
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

/** What a filter check looks at. */
interface Subject {
  catalog: Catalog;
  p: CatalogProduct;
  channel: CatalogChannel;
}

/** One filter field: whether the input sets it, and whether the product passes it. Checks run in table order. */
interface FilterCheck {
  key: string;
  applies: (value: any) => boolean;
  passes: (s: Subject, value: any) => boolean;
}

const given = (value: unknown) => value !== undefined && value !== null;
const nonEmpty = (value: any) => Boolean(value?.length);
const truthy = (value: unknown) => Boolean(value);

function inCategories(s: Subject, allowed: number[]): boolean {
  return s.p.categoryPk !== null && allowed.includes(s.p.categoryPk);
}

function stockMatches(s: Subject, availability: string): boolean {
  const stocked = inStock(s.catalog, s.p, s.channel);
  return availability === 'IN_STOCK' ? stocked : !stocked;
}

function minimalPriceMatches(s: Subject, matches: (min: number) => boolean): boolean {
  const min = minimalPrice(s.catalog, s.p, s.channel);
  return min !== null && matches(min);
}

const FILTER_CHECKS: FilterCheck[] = [
  { key: 'ids', applies: nonEmpty, passes: (s, ids) => pksOf(ids, 'Product').includes(s.p.pk) },
  { key: 'slugs', applies: nonEmpty, passes: (s, slugs) => slugs.includes(s.p.slug) },
  { key: 'categories', applies: nonEmpty, passes: (s, ids) => inCategories(s, pksOf(ids, 'Category').flatMap((c) => s.catalog.categoryWithDescendants(c))) },
  { key: 'collections', applies: nonEmpty, passes: (s, ids) => pksOf(ids, 'Collection').some((c) => s.p.collectionPks.includes(c)) },
  { key: 'productTypes', applies: nonEmpty, passes: (s, ids) => pksOf(ids, 'ProductType').includes(s.p.productTypePk) },
  { key: 'hasCategory', applies: given, passes: (s, has) => (s.p.categoryPk !== null) === has },
  { key: 'isPublished', applies: given, passes: (s, published) => Boolean(listingOf(s.p, s.channel)?.isPublished) === published },
  { key: 'isVisibleInListing', applies: given, passes: (s, visible) => Boolean(listingOf(s.p, s.channel)?.visibleInListings) === visible },
  { key: 'giftCard', applies: given, passes: (s, giftCard) => (s.catalog.productType(s.p.productTypePk)?.kind === 'gift_card') === giftCard },
  { key: 'attributes', applies: given, passes: (s, attributes) => attributes.every((a: Input) => matchesAttribute(s.catalog, s.p, a)) },
  { key: 'stockAvailability', applies: truthy, passes: stockMatches },
  { key: 'isAvailable', applies: given, passes: (s, available) => isAvailable(s.catalog, s.p, s.channel) === available },
  { key: 'price', applies: truthy, passes: (s, range) => productPrices(s.catalog, s.p, s.channel).some((x) => inRange(x.price, range)) },
  { key: 'minimalPrice', applies: truthy, passes: (s, range) => minimalPriceMatches(s, (min) => inRange(min, range)) },
  { key: 'search', applies: truthy, passes: (s, search) => searchRank(s.catalog, s.p, search) !== 0 },
];

/** The legacy filter's fields that `where` accepts under the same name and meaning. */
const SHARED_WITH_WHERE = new Set(['hasCategory', 'isPublished', 'isVisibleInListing', 'giftCard', 'attributes', 'stockAvailability', 'isAvailable']);

/** An ID filter ({eq} or {oneOf}) of `where`; passes when it names none. */
function idCheck(key: string, type: string, matches: (s: Subject, pks: number[]) => boolean): FilterCheck {
  return {
    key,
    applies: given,
    passes: (s, f) => {
      const pks = idFilter(f, type);
      return pks === null || matches(s, pks);
    },
  };
}

const WHERE_CHECKS: FilterCheck[] = [
  { key: 'AND', applies: truthy, passes: (s, all) => all.every((x: Input) => matchesWhere(s.catalog, s.p, x, s.channel)) },
  { key: 'OR', applies: truthy, passes: (s, any) => any.some((x: Input) => matchesWhere(s.catalog, s.p, x, s.channel)) },
  { key: 'ids', applies: nonEmpty, passes: (s, ids) => pksOf(ids, 'Product').includes(s.p.pk) },
  { key: 'name', applies: given, passes: (s, f) => stringFilter(s.p.name, f) },
  { key: 'slug', applies: given, passes: (s, f) => stringFilter(s.p.slug, f) },
  idCheck('category', 'Category', inCategories),
  idCheck('productType', 'ProductType', (s, pks) => pks.includes(s.p.productTypePk)),
  idCheck('collection', 'Collection', (s, pks) => pks.some((c) => s.p.collectionPks.includes(c))),
  ...FILTER_CHECKS.filter((check) => SHARED_WITH_WHERE.has(check.key)),
  { key: 'price', applies: truthy, passes: (s, f) => decimalFilter(productPrices(s.catalog, s.p, s.channel).map((x) => x.price), f) },
  { key: 'minimalPrice', applies: truthy, passes: (s, f) => minimalPriceMatches(s, (min) => decimalFilter([min], f)) },
];

// `channel` of the legacy filter is accepted and ignored: the query's own channel argument decides.
const SUPPORTED_FILTER = new Set([...FILTER_CHECKS.map((check) => check.key), 'channel']);
const SUPPORTED_WHERE = new Set(WHERE_CHECKS.map((check) => check.key));

/** Throws on the first field set in the input that the dev server does not implement. */
function rejectUnsupported(input: Input, supported: Set<string>, what: string): void {
  for (const [key, value] of Object.entries(input)) {
    if (!given(value)) continue;
    if (!supported.has(key)) throw new GraphQLError(`The Saleor dev server does not implement the ${what} \`${key}\`.`);
  }
}

function passesAll(checks: FilterCheck[], s: Subject, input: Input): boolean {
  return checks.every((check) => !check.applies(input[check.key]) || check.passes(s, input[check.key]));
}

/** Legacy `filter: ProductFilterInput`. Categories include their sub-categories, as in Saleor. */
export function matchesFilter(catalog: Catalog, p: CatalogProduct, f: Input, channel: CatalogChannel): boolean {
  rejectUnsupported(f, SUPPORTED_FILTER, 'product filter');
  return passesAll(FILTER_CHECKS, { catalog, p, channel }, f);
}

/** `where: ProductWhereInput`. `category` matches exactly (no sub-categories), as in Saleor. */
export function matchesWhere(catalog: Catalog, p: CatalogProduct, w: Input, channel: CatalogChannel): boolean {
  rejectUnsupported(w, SUPPORTED_WHERE, 'product where-filter');
  return passesAll(WHERE_CHECKS, { catalog, p, channel }, w);
}

type SortKey = (catalog: Catalog, p: CatalogProduct, channel: CatalogChannel, search: string | undefined) => number | string;

const byPublished: SortKey = (_catalog, p, channel) => listingOf(p, channel)?.publishedAt ?? '';
const byMinimalPrice: SortKey = (catalog, p, channel) => minimalPrice(catalog, p, channel) ?? Number.MAX_VALUE;

/** The sort key of each `ProductOrderField` the dev server knows; any other field sorts by slug. */
const SORT_KEYS = new Map<string, SortKey>([
  ['NAME', (_catalog, p) => p.name.toLowerCase()],
  ['RANK', (catalog, p, _channel, search) => -searchRank(catalog, p, search ?? '')],
  ['PRICE', byMinimalPrice],
  ['MINIMAL_PRICE', byMinimalPrice],
  ['CREATED_AT', (_catalog, p) => p.createdAt],
  ['LAST_MODIFIED_AT', (_catalog, p) => p.updatedAt],
  ['RATING', (_catalog, p) => p.rating ?? 0],
  ['TYPE', (catalog, p) => catalog.productType(p.productTypePk)?.name ?? ''],
  ['PUBLISHED', byPublished],
  ['PUBLISHED_AT', byPublished],
]);

/** Sorts by `sortBy` ({field, direction}); with a search and no sortBy, by rank; else by slug. */
export function sortProducts(catalog: Catalog, list: CatalogProduct[], channel: CatalogChannel, sortBy: Input | undefined, search: string | undefined): CatalogProduct[] {
  const dir = sortBy?.direction === 'DESC' ? -1 : 1;
  const field: string = sortBy?.field ?? (search ? 'RANK' : 'SLUG');
  const sortKey = SORT_KEYS.get(field) ?? ((_catalog, p) => p.slug);
  const key = (p: CatalogProduct) => sortKey(catalog, p, channel, search);
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
  });
}
