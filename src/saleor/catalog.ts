// Saleor's demo catalogue (populatedb_data.json, a Django fixture of {model, pk, fields})
// parsed into a small in-memory model for the dev server and for building vocabularies.
import { readFileSync } from 'node:fs';
import { defaultDataFile } from './paths.ts';
import { toGlobalId } from './ids.ts';

export interface CatalogChannel { pk: number; id: string; slug: string; name: string; currency: string; isActive: boolean; defaultCountry: string }
export interface CatalogCategory { pk: number; id: string; name: string; slug: string; parentPk: number | null; level: number; description: unknown; seoTitle: string; seoDescription: string; updatedAt: string }
export interface CatalogProductType { pk: number; id: string; name: string; slug: string; kind: string; hasVariants: boolean; isShippingRequired: boolean; productAttributePks: number[]; variantAttributePks: number[] }
export interface CatalogAttribute { pk: number; id: string; slug: string; name: string; inputType: string; type: string; valueRequired: boolean; visibleInStorefront: boolean }
export interface CatalogAttributeValue { pk: number; id: string; attributePk: number; name: string; slug: string; value: string; sortOrder: number }
/** Attribute values assigned to a product or variant, grouped by attribute. */
export interface AssignedAttribute { attributePk: number; valuePks: number[] }
interface ProductListing { channelPk: number; isPublished: boolean; publishedAt: string | null; visibleInListings: boolean; availableForPurchaseAt: string | null; currency: string; discountedPrice: number | null }
interface VariantListing { channelPk: number; currency: string; price: number; discountedPrice: number | null }
interface CatalogMedia { pk: number; image: string; alt: string; sortOrder: number; type: string }
interface CatalogStock { warehouseId: string; quantity: number; allocated: number }
export interface CatalogProduct {
  pk: number; id: string; name: string; slug: string;
  description: unknown; descriptionPlaintext: string; seoTitle: string; seoDescription: string;
  categoryPk: number | null; productTypePk: number;
  createdAt: string; updatedAt: string; rating: number | null;
  attributes: AssignedAttribute[];
  listings: ProductListing[];
  media: CatalogMedia[];
  variantPks: number[];
  collectionPks: number[];
}
export interface CatalogVariant {
  pk: number; id: string; productPk: number; name: string; sku: string | null; trackInventory: boolean;
  sortOrder: number; createdAt: string; updatedAt: string; isDefault: boolean;
  attributes: AssignedAttribute[];
  listings: VariantListing[];
  stocks: CatalogStock[];
}
export interface CatalogCollection { pk: number; id: string; name: string; slug: string; productPks: number[] }
/** A percentage or fixed discount on products, categories, collections or variants (Saleor's legacy "sale"). */
export interface CatalogSale {
  pk: number; name: string; type: 'percentage' | 'fixed'; start: string | null; end: string | null;
  productPks: number[]; categoryPks: number[]; collectionPks: number[]; variantPks: number[];
  valueByChannel: Map<number, number>;
}

export interface Catalog {
  channels: CatalogChannel[];
  categories: CatalogCategory[];
  productTypes: CatalogProductType[];
  attributes: CatalogAttribute[];
  attributeValues: CatalogAttributeValue[];
  products: CatalogProduct[];
  variants: CatalogVariant[];
  collections: CatalogCollection[];
  sales: CatalogSale[];
  /** Site setting: the most units one checkout line may hold (caps `quantityAvailable`); null when unset. */
  limitQuantityPerCheckout: number | null;
  // lookups
  channel(slug: string): CatalogChannel | undefined;
  category(pk: number): CatalogCategory | undefined;
  productType(pk: number): CatalogProductType | undefined;
  attribute(pk: number): CatalogAttribute | undefined;
  attributeValue(pk: number): CatalogAttributeValue | undefined;
  product(pk: number): CatalogProduct | undefined;
  variant(pk: number): CatalogVariant | undefined;
  /** The category and all its descendants. */
  categoryWithDescendants(pk: number): number[];
}

interface FixtureRow { model: string; pk: number | string; fields: Record<string, any> }

const cache = new Map<string, Catalog>();

/** Parses the fixture (cached per file). */
export function loadCatalog(dataFile: string = defaultDataFile()): Catalog {
  const cached = cache.get(dataFile);
  if (cached) return cached;
  const rows = JSON.parse(readFileSync(dataFile, 'utf8')) as FixtureRow[];
  const catalog = buildCatalog(rows);
  cache.set(dataFile, catalog);
  return catalog;
}

function buildCatalog(rows: FixtureRow[]): Catalog {
  const of = (model: string) => rows.filter((r) => r.model === model);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

  const channels: CatalogChannel[] = of('channel.channel').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('Channel', r.pk), slug: r.fields.slug, name: r.fields.name,
    currency: r.fields.currency_code, isActive: r.fields.is_active !== false, defaultCountry: r.fields.default_country ?? 'US',
  }));

  const categories: CatalogCategory[] = of('product.category').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('Category', r.pk), name: r.fields.name, slug: r.fields.slug,
    parentPk: r.fields.parent ?? null, level: r.fields.level ?? 0, description: r.fields.description ?? null,
    seoTitle: r.fields.seo_title ?? '', seoDescription: r.fields.seo_description ?? '', updatedAt: r.fields.updated_at ?? '2022-01-01T00:00:00Z',
  }));

  const attributeProduct = of('attribute.attributeproduct');
  const attributeVariant = of('attribute.attributevariant');
  const productTypes: CatalogProductType[] = of('product.producttype').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('ProductType', r.pk), name: r.fields.name, slug: r.fields.slug,
    kind: r.fields.kind ?? 'normal', hasVariants: Boolean(r.fields.has_variants), isShippingRequired: Boolean(r.fields.is_shipping_required),
    productAttributePks: attributeProduct.filter((a) => a.fields.product_type === r.pk).map((a) => a.fields.attribute),
    variantAttributePks: attributeVariant.filter((a) => a.fields.product_type === r.pk).map((a) => a.fields.attribute),
  }));

  const attributes: CatalogAttribute[] = of('attribute.attribute').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('Attribute', r.pk), slug: r.fields.slug, name: r.fields.name,
    inputType: r.fields.input_type ?? 'dropdown', type: r.fields.type ?? 'product-type',
    valueRequired: Boolean(r.fields.value_required), visibleInStorefront: r.fields.visible_in_storefront !== false,
  }));

  const attributeValues: CatalogAttributeValue[] = of('attribute.attributevalue').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('AttributeValue', r.pk), attributePk: r.fields.attribute, name: r.fields.name,
    slug: r.fields.slug, value: r.fields.value ?? '', sortOrder: r.fields.sort_order ?? 0,
  }));
  const valueByPk = new Map(attributeValues.map((v) => [v.pk, v]));

  const group = (valuePks: number[]): AssignedAttribute[] => {
    const byAttr = new Map<number, number[]>();
    for (const pk of valuePks) {
      const v = valueByPk.get(pk);
      if (!v) continue;
      byAttr.set(v.attributePk, [...(byAttr.get(v.attributePk) ?? []), pk]);
    }
    return [...byAttr].map(([attributePk, pks]) => ({ attributePk, valuePks: pks }));
  };

  // product attribute values: {value, product}
  const productValues = new Map<number, number[]>();
  for (const r of of('attribute.assignedproductattributevalue')) {
    productValues.set(r.fields.product, [...(productValues.get(r.fields.product) ?? []), r.fields.value]);
  }
  // variant attribute values: assignedvariantattribute {variant, assignment} ← assignedvariantattributevalue {value, assignment}
  const variantOfAssignment = new Map(of('attribute.assignedvariantattribute').map((r) => [Number(r.pk), r.fields.variant as number]));
  const variantValues = new Map<number, number[]>();
  for (const r of of('attribute.assignedvariantattributevalue')) {
    const variantPk = variantOfAssignment.get(r.fields.assignment);
    if (variantPk !== undefined) variantValues.set(variantPk, [...(variantValues.get(variantPk) ?? []), r.fields.value]);
  }

  const variantListings = of('product.productvariantchannellisting');
  const stocks = of('warehouse.stock');
  const variants: CatalogVariant[] = of('product.productvariant').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('ProductVariant', r.pk), productPk: r.fields.product, name: r.fields.name ?? '',
    sku: r.fields.sku ?? null, trackInventory: r.fields.track_inventory !== false, sortOrder: r.fields.sort_order ?? 0,
    createdAt: r.fields.created_at ?? '2022-01-01T00:00:00Z', updatedAt: r.fields.updated_at ?? r.fields.created_at ?? '2022-01-01T00:00:00Z',
    isDefault: Boolean(r.fields.default),
    attributes: group(variantValues.get(Number(r.pk)) ?? []),
    listings: variantListings.filter((l) => l.fields.variant === r.pk).map((l) => ({
      channelPk: l.fields.channel, currency: l.fields.currency, price: Number(l.fields.price_amount),
      discountedPrice: num(l.fields.discounted_price_amount),
    })),
    stocks: stocks.filter((s) => s.fields.product_variant === r.pk).map((s) => ({
      warehouseId: String(s.fields.warehouse), quantity: Number(s.fields.quantity), allocated: Number(s.fields.quantity_allocated ?? 0),
    })),
  }));

  const collectionProducts = of('product.collectionproduct');
  const collections: CatalogCollection[] = of('product.collection').map((r) => ({
    pk: Number(r.pk), id: toGlobalId('Collection', r.pk), name: r.fields.name, slug: r.fields.slug,
    productPks: collectionProducts.filter((c) => c.fields.collection === r.pk).map((c) => c.fields.product),
  }));

  const productListings = of('product.productchannellisting');
  const media = of('product.productmedia');
  const products: CatalogProduct[] = of('product.product').map((r) => {
    const pk = Number(r.pk);
    return {
      pk, id: toGlobalId('Product', pk), name: r.fields.name, slug: r.fields.slug,
      description: r.fields.description ?? null, descriptionPlaintext: r.fields.description_plaintext ?? '',
      seoTitle: r.fields.seo_title ?? '', seoDescription: r.fields.seo_description ?? '',
      categoryPk: r.fields.category ?? null, productTypePk: r.fields.product_type,
      createdAt: r.fields.created_at ?? '2022-01-01T00:00:00Z', updatedAt: r.fields.updated_at ?? r.fields.created_at ?? '2022-01-01T00:00:00Z',
      rating: num(r.fields.rating),
      attributes: group(productValues.get(pk) ?? []),
      listings: productListings.filter((l) => l.fields.product === pk).map((l) => ({
        channelPk: l.fields.channel, isPublished: Boolean(l.fields.is_published), publishedAt: l.fields.published_at ?? null,
        visibleInListings: l.fields.visible_in_listings !== false, availableForPurchaseAt: l.fields.available_for_purchase_at ?? null,
        currency: l.fields.currency, discountedPrice: num(l.fields.discounted_price_amount),
      })),
      media: media.filter((m) => m.fields.product === pk && !m.fields.to_remove)
        .map((m) => ({ pk: Number(m.pk), image: m.fields.image ?? m.fields.external_url ?? '', alt: m.fields.alt ?? '', sortOrder: m.fields.sort_order ?? 0, type: m.fields.type ?? 'IMAGE' }))
        .sort((a, b) => a.sortOrder - b.sortOrder),
      variantPks: variants.filter((v) => v.productPk === pk).sort((a, b) => a.sortOrder - b.sortOrder || a.pk - b.pk).map((v) => v.pk),
      collectionPks: collections.filter((c) => c.productPks.includes(pk)).map((c) => c.pk),
    };
  });

  const saleListings = of('discount.salechannellisting');
  const sales: CatalogSale[] = of('discount.sale').map((r) => ({
    pk: Number(r.pk), name: r.fields.name, type: r.fields.type === 'fixed' ? 'fixed' : 'percentage',
    start: r.fields.start_date ?? null, end: r.fields.end_date ?? null,
    productPks: r.fields.products ?? [], categoryPks: r.fields.categories ?? [], collectionPks: r.fields.collections ?? [], variantPks: r.fields.variants ?? [],
    valueByChannel: new Map(saleListings.filter((l) => l.fields.sale === r.pk).map((l) => [l.fields.channel as number, Number(l.fields.discount_value)])),
  }));

  const index = <T extends { pk: number }>(xs: T[]) => new Map(xs.map((x) => [x.pk, x]));
  const channelBySlug = new Map(channels.map((c) => [c.slug, c]));
  const categoryByPk = index(categories);
  const typeByPk = index(productTypes);
  const attributeByPk = index(attributes);
  const productByPk = index(products);
  const variantByPk = index(variants);

  return {
    channels, categories, productTypes, attributes, attributeValues, products, variants, collections, sales,
    limitQuantityPerCheckout: num(of('site.sitesettings')[0]?.fields.limit_quantity_per_checkout),
    channel: (slug) => channelBySlug.get(slug),
    category: (pk) => categoryByPk.get(pk),
    productType: (pk) => typeByPk.get(pk),
    attribute: (pk) => attributeByPk.get(pk),
    attributeValue: (pk) => valueByPk.get(pk),
    product: (pk) => productByPk.get(pk),
    variant: (pk) => variantByPk.get(pk),
    categoryWithDescendants(pk) {
      const out = [pk];
      for (let i = 0; i < out.length; i++) for (const c of categories) if (c.parentPk === out[i]) out.push(c.pk);
      return out;
    },
  };
}
