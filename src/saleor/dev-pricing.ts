// Channel-dependent facts the dev server computes the way Saleor does: visibility, prices after
// sales, stock available for one checkout.
import type { Catalog, CatalogChannel, CatalogProduct, CatalogSale, CatalogVariant } from './catalog.ts';

export interface VariantPrice { currency: string; price: number; discounted: number }

const round = (n: number) => Math.round(n * 1000) / 1000;

function saleIsActive(sale: CatalogSale, now: Date): boolean {
  return (!sale.start || new Date(sale.start) <= now) && (!sale.end || new Date(sale.end) > now);
}

function saleApplies(sale: CatalogSale, product: CatalogProduct, variant: CatalogVariant, catalog: Catalog): boolean {
  if (sale.productPks.includes(product.pk) || sale.variantPks.includes(variant.pk)) return true;
  if (product.collectionPks.some((c) => sale.collectionPks.includes(c))) return true;
  if (product.categoryPk !== null) {
    return sale.categoryPks.some((c) => catalog.categoryWithDescendants(c).includes(product.categoryPk!));
  }
  return false;
}

export function variantPrice(catalog: Catalog, variant: CatalogVariant, channel: CatalogChannel, now = new Date()): VariantPrice | null {
  const listing = variant.listings.find((l) => l.channelPk === channel.pk);
  if (!listing) return null;
  const product = catalog.product(variant.productPk)!;
  let discounted = listing.price;
  for (const sale of catalog.sales) {
    const value = sale.valueByChannel.get(channel.pk);
    if (value === undefined || !saleIsActive(sale, now) || !saleApplies(sale, product, variant, catalog)) continue;
    const candidate = sale.type === 'percentage' ? listing.price * (1 - value / 100) : listing.price - value;
    discounted = Math.min(discounted, Math.max(0, candidate));
  }
  return { currency: listing.currency, price: round(listing.price), discounted: round(discounted) };
}

export function productVariants(catalog: Catalog, product: CatalogProduct, channel: CatalogChannel): CatalogVariant[] {
  return product.variantPks.map((pk) => catalog.variant(pk)!).filter((v) => v.listings.some((l) => l.channelPk === channel.pk));
}

/** Prices of the product's variants in the channel. */
export function productPrices(catalog: Catalog, product: CatalogProduct, channel: CatalogChannel, now = new Date()): VariantPrice[] {
  return productVariants(catalog, product, channel)
    .map((v) => variantPrice(catalog, v, channel, now))
    .filter((p): p is VariantPrice => p !== null);
}

/** Lowest price after discounts (Saleor keeps it on the product channel listing as `discounted_price`). */
export function minimalPrice(catalog: Catalog, product: CatalogProduct, channel: CatalogChannel, now = new Date()): number | null {
  const prices = productPrices(catalog, product, channel, now).map((p) => p.discounted);
  if (prices.length) return Math.min(...prices);
  return product.listings.find((l) => l.channelPk === channel.pk)?.discountedPrice ?? null;
}

/** Published in the channel (and, for listings, visible in them). */
export function isVisible(product: CatalogProduct, channel: CatalogChannel, opts: { listing: boolean }, now = new Date()): boolean {
  const l = product.listings.find((x) => x.channelPk === channel.pk);
  if (!l || !l.isPublished) return false;
  if (l.publishedAt && new Date(l.publishedAt) > now) return false;
  return !opts.listing || l.visibleInListings;
}

/** Saleor's `quantityAvailable`: stock minus allocations, capped by the site's per-checkout limit; untracked stock → the limit (or null). */
export function quantityAvailable(catalog: Catalog, variant: CatalogVariant): number | null {
  const limit = catalog.limitQuantityPerCheckout;
  if (!variant.trackInventory) return limit;
  const available = variant.stocks.reduce((sum, s) => sum + Math.max(0, s.quantity - s.allocated), 0);
  return limit === null ? available : Math.min(available, limit);
}

export function variantInStock(variant: CatalogVariant): boolean {
  if (!variant.trackInventory) return true;
  return variant.stocks.some((s) => s.quantity - s.allocated > 0);
}

export function isAvailableForPurchase(product: CatalogProduct, channel: CatalogChannel, now = new Date()): boolean {
  const l = product.listings.find((x) => x.channelPk === channel.pk);
  return Boolean(l?.availableForPurchaseAt && new Date(l.availableForPurchaseAt) <= now);
}
