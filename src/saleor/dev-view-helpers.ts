// What the dev server's GraphQL views share: the request context, Saleor's money shape, Relay-style
// pagination, and the channel and product listing every products field starts from.
import { GraphQLError } from 'graphql';
import type { Catalog, CatalogChannel, CatalogProduct } from './catalog.ts';
import { isVisible } from './dev-pricing.ts';
import { matchesFilter, matchesWhere, searchRank, sortProducts } from './dev-filters.ts';

export interface DevContext {
  catalog: Catalog;
  /** Where media URLs point (the server's own origin). */
  baseUrl: string;
}

export type Args = Record<string, any>;

// --- small helpers ---

const FRACTION_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0 };

function money(amount: number, currency: string) {
  const fractionDigits = FRACTION_DIGITS[currency] ?? 2;
  return { currency, amount, fractionDigits, fractionalAmount: Math.round(amount * 10 ** fractionDigits) };
}

export function taxedMoney(amount: number, currency: string) {
  return { currency, gross: money(amount, currency), net: money(amount, currency), tax: money(0, currency) };
}

export const json = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

export const enumOf = (v: string) => v.toUpperCase().replace(/-/g, '_');

/** Relay-style page of `items`, with Saleor's rules: `first` or `last` required, at most 100. */
export function paginate<T>(items: T[], args: Args, connection: string) {
  const { first, last, after, before } = args;
  if (first == null && last == null) throw new GraphQLError(`You must provide a \`first\` or \`last\` value to properly paginate the \`${connection}\` connection.`);
  for (const [name, n] of [['first', first], ['last', last]] as const) {
    if (n == null) continue;
    if (n < 0) throw new GraphQLError(`Argument \`${name}\` on connection \`${connection}\` cannot be less than 0.`);
    if (n > 100) throw new GraphQLError(`Requesting ${n} records on the \`${connection}\` connection exceeds the \`${name}\` limit of 100 records.`);
  }
  const cursor = (i: number) => Buffer.from(`cursor:${i}`).toString('base64');
  const index = (c: string) => Number(Buffer.from(c, 'base64').toString('utf8').replace('cursor:', ''));
  let start = 0;
  let end = items.length;
  if (after) start = Math.max(start, index(after) + 1);
  if (before) end = Math.min(end, index(before));
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  const edges = items.slice(start, end).map((node, i) => ({ node, cursor: cursor(start + i) }));
  return {
    edges,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** The channel a query runs in: the given slug, else `default-channel` (Saleor asks anonymous clients to name one when several exist). */
export function resolveChannel(ctx: DevContext, slug: string | null | undefined): CatalogChannel {
  const wanted = slug ?? 'default-channel';
  const channel = ctx.catalog.channel(wanted) ?? (slug ? undefined : ctx.catalog.channels[0]);
  if (!channel || !channel.isActive) throw new GraphQLError(`Channel with '${wanted}' slug does not exist.`);
  return channel;
}

/** Products listed in a channel after search, filter/where and sorting. */
export function listProducts(ctx: DevContext, channel: CatalogChannel, args: Args, base?: (p: CatalogProduct) => boolean): CatalogProduct[] {
  if (args.filter && args.where) throw new GraphQLError('Only one filtering argument (filter or where) can be specified.');
  const search: string | undefined = args.search ?? args.filter?.search ?? undefined;
  const list = ctx.catalog.products.filter((p) =>
    isVisible(p, channel, { listing: true }) &&
    (!base || base(p)) &&
    (!search || searchRank(ctx.catalog, p, search) > 0) &&
    (!args.filter || matchesFilter(ctx.catalog, p, args.filter, channel)) &&
    (!args.where || matchesWhere(ctx.catalog, p, args.where, channel)));
  return sortProducts(ctx.catalog, list, channel, args.sortBy ?? undefined, search);
}

export const common = { metadata: [], privateMetadata: [], metafield: null, metafields: null, privateMetafield: null, privateMetafields: null, translation: null, externalReference: null };
