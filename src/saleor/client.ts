// A small Saleor storefront client: real HTTP POST of {query, variables}; every failure
// (network, timeout, HTTP status, GraphQL errors, malformed answer) becomes a SaleorError.
import { SaleorError } from './errors.ts';
import { pkOf } from './ids.ts';
import { CATEGORIES_BY_SLUG, PRODUCT_BY_ID, PRODUCT_BY_SLUG, SEARCH_PRODUCTS } from './queries.ts';
import type { Money, Product, ProductSearchFilter, ProductVariant, SaleorClient, SaleorClientOptions } from './types.ts';

const SIZE_ATTRIBUTES = ['size', 'shoe-size'];
const COLOR_ATTRIBUTES = ['color', 'colour'];

export function createSaleorClient(options: SaleorClientOptions): SaleorClient {
  const { apiUrl, channel = 'default-channel', token, timeoutMs = 5000 } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const categoryIds = new Map<string, string | null>(); // slug → id (null: no such category)

  async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const { res, text } = await post(JSON.stringify({ query, variables }));
    return dataOf<T>(res, text);
  }

  /** POSTs the body; a timeout or an unreachable server becomes a SaleorError. */
  async function post(body: string): Promise<{ res: Response; text: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      const res = await doFetch(apiUrl, { method: 'POST', headers, body, signal: controller.signal });
      return { res, text: await res.text() };
    } catch (err) {
      if (controller.signal.aborted) throw new SaleorError('timeout', `Saleor did not answer within ${timeoutMs} ms (${apiUrl})`, { cause: err });
      const reason = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new SaleorError('network', `Saleor unreachable at ${apiUrl}: ${reason?.code ?? reason?.message ?? (err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Category slugs (or IDs) → IDs; unknown slugs are dropped. Results are cached per client. */
  async function resolveCategoryIds(refs: string[]): Promise<string[]> {
    const ids: string[] = [];
    const missing = refs.filter((r) => pkOf(r, 'Category') === null && !categoryIds.has(r));
    if (missing.length) {
      type Answer = { categories: { edges: { node: { id: string; slug: string } }[] } | null };
      const data = await request<Answer>(CATEGORIES_BY_SLUG, { slugs: missing, first: Math.min(100, missing.length) });
      for (const slug of missing) categoryIds.set(slug, null);
      for (const { node } of data.categories?.edges ?? []) categoryIds.set(node.slug, node.id);
    }
    for (const ref of refs) {
      if (pkOf(ref, 'Category') !== null) ids.push(ref);
      else if (categoryIds.get(ref)) ids.push(categoryIds.get(ref)!);
    }
    return ids;
  }

  async function searchProducts(filter: ProductSearchFilter = {}): Promise<Product[]> {
    const gqlFilter = await productFilter(filter);
    if (!gqlFilter) return []; // asked for categories the shop does not have
    const first = Math.max(1, Math.min(100, Math.floor(filter.first ?? 10)));
    const search = filter.search?.trim() || undefined;
    type Answer = { products: { edges: { node: RawProduct }[] } | null };
    const data = await request<Answer>(SEARCH_PRODUCTS, { channel, first, search, filter: Object.keys(gqlFilter).length ? gqlFilter : undefined });
    return (data.products?.edges ?? []).map((e) => toProduct(e.node));
  }

  /** The GraphQL products filter for a search, or null when none of the asked categories exists. */
  async function productFilter(filter: ProductSearchFilter): Promise<Record<string, unknown> | null> {
    const gqlFilter: Record<string, unknown> = {};
    if (filter.categories?.length) {
      const ids = await resolveCategoryIds(filter.categories);
      if (!ids.length) return null;
      gqlFilter.categories = ids;
    }
    const attributes = (filter.attributes ?? []).filter((a) => a.values.length);
    if (attributes.length) gqlFilter.attributes = attributes.map((a) => ({ slug: a.slug, values: a.values }));
    if (filter.price && (filter.price.gte !== undefined || filter.price.lte !== undefined)) {
      gqlFilter.minimalPrice = { gte: filter.price.gte, lte: filter.price.lte };
    }
    return gqlFilter;
  }

  async function getProduct(idOrSlug: string): Promise<Product | null> {
    type Answer = { product: RawProduct | null };
    const data = pkOf(idOrSlug, 'Product') !== null
      ? await request<Answer>(PRODUCT_BY_ID, { id: idOrSlug, channel })
      : await request<Answer>(PRODUCT_BY_SLUG, { slug: idOrSlug, channel });
    return data.product ? toProduct(data.product) : null;
  }

  return { apiUrl, channel, searchProducts, getProduct, request };
}

/** The answer's data; an HTTP error status, a body that is not JSON, GraphQL errors or no data become a SaleorError. */
function dataOf<T>(res: Response, text: string): T {
  let body: { data?: T | null; errors?: { message?: string }[] } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const messages = (body?.errors ?? []).map((e) => e?.message ?? String(e));
  if (!res.ok) {
    const detail = messages.length ? messages.join('; ') : text.slice(0, 200);
    throw new SaleorError('http', `Saleor HTTP ${res.status}: ${detail}`, { status: res.status, graphqlErrors: messages });
  }
  if (body === undefined || typeof body !== 'object' || body === null) {
    throw new SaleorError('bad_response', `Saleor answered with something that is not JSON: ${text.slice(0, 200)}`, { status: res.status });
  }
  if (messages.length) {
    throw new SaleorError('graphql', `Saleor GraphQL error: ${messages.join('; ')}`, { status: res.status, graphqlErrors: messages });
  }
  if (!body.data) throw new SaleorError('bad_response', 'Saleor answered without data', { status: res.status });
  return body.data;
}

// --- mapping GraphQL answers to Product ---

interface RawMoney { amount: number; currency: string }
interface RawSelectedAttribute { attribute: { slug: string; name: string }; values: { name: string | null; slug: string | null }[] }
interface RawVariant {
  id: string;
  name: string;
  sku: string | null;
  quantityAvailable: number | null;
  pricing: { price: { gross: RawMoney } | null } | null;
  attributes: RawSelectedAttribute[];
}
interface RawProduct {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  category: { id: string; name: string; slug: string } | null;
  productType: { name: string; slug: string } | null;
  thumbnail: { url: string } | null;
  pricing: {
    onSale: boolean | null;
    priceRange: { start: { gross: RawMoney } | null } | null;
    priceRangeUndiscounted: { start: { gross: RawMoney } | null } | null;
  } | null;
  attributes: RawSelectedAttribute[];
  variants: RawVariant[] | null;
}

function attributeRecord(attrs: RawSelectedAttribute[] | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const a of attrs ?? []) out[a.attribute.slug] = a.values.map((v) => v.name ?? v.slug ?? '').filter(Boolean);
  return out;
}

function money(m: RawMoney | null | undefined): Money | null {
  return m ? { amount: Number(m.amount), currency: m.currency } : null;
}

function firstValue(attrs: Record<string, string[]>, slugs: string[]): string | undefined {
  for (const s of slugs) if (attrs[s]?.length) return attrs[s][0];
  return undefined;
}

/** Plain text of an Editor.js description (Saleor's JSONString rich text). */
export function descriptionText(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const doc = typeof json === 'string' ? JSON.parse(json) : json;
    const text = (doc?.blocks ?? [])
      .map((b: { data?: { text?: string; items?: string[] } }) => b.data?.text ?? (b.data?.items ?? []).join(' '))
      .join('\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim();
    return text || undefined;
  } catch {
    return undefined;
  }
}

function toVariant(v: RawVariant): ProductVariant {
  const attributes = attributeRecord(v.attributes);
  const variant: ProductVariant = {
    id: v.id,
    name: v.name,
    sku: v.sku,
    price: money(v.pricing?.price?.gross),
    quantityAvailable: v.quantityAvailable ?? null,
    attributes,
  };
  const size = firstValue(attributes, SIZE_ATTRIBUTES);
  const color = firstValue(attributes, COLOR_ATTRIBUTES);
  if (size) variant.size = size;
  if (color) variant.color = color;
  return variant;
}

function toProduct(p: RawProduct): Product {
  const variants = (p.variants ?? []).map(toVariant);
  const price = money(p.pricing?.priceRange?.start?.gross) ?? cheapestPrice(variants);
  const product: Product = {
    id: p.id,
    name: p.name,
    slug: p.slug,
    category: p.category,
    productType: p.productType,
    price,
    onSale: Boolean(p.pricing?.onSale),
    variants,
    attributes: attributeRecord(p.attributes),
  };
  const undiscounted = money(p.pricing?.priceRangeUndiscounted?.start?.gross);
  if (undiscounted && price && undiscounted.amount > price.amount) product.undiscountedPrice = undiscounted;
  return withOptionalText(product, p);
}

function cheapestPrice(variants: ProductVariant[]): Money | null {
  const prices = variants.map((v) => v.price).filter((m): m is Money => m !== null);
  return prices.sort((a, b) => a.amount - b.amount)[0] ?? null;
}

/** Adds the thumbnail and description when the product has them. */
function withOptionalText(product: Product, p: RawProduct): Product {
  if (p.thumbnail?.url) product.thumbnail = p.thumbnail.url;
  const description = descriptionText(p.description);
  if (description) product.description = description;
  return product;
}
