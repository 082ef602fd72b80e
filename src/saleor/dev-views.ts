// GraphQL objects of the dev server. graphql-js's default resolver reads a property or calls a
// method named like the field with (args, context), so each Saleor type is a small class whose
// members are its fields. Fields not implemented here resolve to null.
import type {
  CatalogAttribute, CatalogAttributeValue, CatalogCategory, CatalogChannel, CatalogCollection,
  CatalogProduct, CatalogProductType, CatalogVariant, AssignedAttribute,
} from './catalog.ts';
import { isAvailableForPurchase, productPrices, productVariants, quantityAvailable, variantInStock, variantPrice } from './dev-pricing.ts';
import { toGlobalId } from './ids.ts';
import { common, enumOf, json, listProducts, paginate, resolveChannel, taxedMoney, type Args, type DevContext } from './dev-view-helpers.ts';

export { type DevContext } from './dev-view-helpers.ts';

// --- attributes ---

export class AttributeView {
  readonly __typename = 'Attribute';
  constructor(readonly a: CatalogAttribute, readonly ctx: DevContext) {}
  get id() { return this.a.id; }
  get name() { return this.a.name; }
  get slug() { return this.a.slug; }
  get inputType() { return enumOf(this.a.inputType); }
  get type() { return enumOf(this.a.type); }
  get valueRequired() { return this.a.valueRequired; }
  get visibleInStorefront() { return this.a.visibleInStorefront; }
  get withChoices() { return ['dropdown', 'multiselect', 'swatch'].includes(this.a.inputType); }
  readonly filterableInStorefront = true;
  readonly filterableInDashboard = true;
  readonly availableInGrid = true;
  readonly storefrontSearchPosition = 0;
  readonly entityType = null;
  readonly unit = null;
  readonly metadata = [];
  readonly privateMetadata = [];
  choices(args: Args) {
    const values = this.ctx.catalog.attributeValues.filter((v) => v.attributePk === this.a.pk).sort((x, y) => x.sortOrder - y.sortOrder);
    return paginate(values.map((v) => new AttributeValueView(v, this.a)), args, 'choices');
  }
}

class AttributeValueView {
  readonly __typename = 'AttributeValue';
  constructor(readonly v: CatalogAttributeValue, readonly a: CatalogAttribute) {}
  get id() { return this.v.id; }
  get name() { return this.v.name; }
  get slug() { return this.v.slug; }
  get value() { return this.v.value; }
  get inputType() { return enumOf(this.a.inputType); }
  readonly reference = null;
  readonly file = null;
  readonly richText = null;
  readonly plainText = null;
  readonly boolean = null;
  readonly date = null;
  readonly dateTime = null;
  readonly translation = null;
  readonly externalReference = null;
}

function selectedAttributes(ctx: DevContext, assigned: AssignedAttribute[], attributePks?: number[]) {
  const { catalog } = ctx;
  // Saleor lists every attribute of the product type, with the values assigned (possibly none).
  const pks = attributePks ?? assigned.map((a) => a.attributePk);
  return pks.map((pk) => catalog.attribute(pk)).filter((a): a is CatalogAttribute => Boolean(a)).map((attr) => ({
    attribute: new AttributeView(attr, ctx),
    values: (assigned.find((x) => x.attributePk === attr.pk)?.valuePks ?? [])
      .map((v) => catalog.attributeValue(v))
      .filter((v): v is CatalogAttributeValue => Boolean(v))
      .map((v) => new AttributeValueView(v, attr)),
  }));
}

function assignedAttributes(ctx: DevContext, assigned: AssignedAttribute[]) {
  const out: object[] = [];
  for (const sel of selectedAttributes(ctx, assigned)) {
    const choice = (v: AttributeValueView) => ({ name: v.name, slug: v.slug, translation: null });
    if (sel.attribute.a.inputType === 'dropdown') {
      out.push({ __typename: 'AssignedSingleChoiceAttribute', attribute: sel.attribute, value: sel.values[0] ? choice(sel.values[0]) : null });
    } else if (sel.attribute.a.inputType === 'multiselect') {
      out.push({ __typename: 'AssignedMultiChoiceAttribute', attribute: sel.attribute, value: () => sel.values.map(choice) });
    }
  }
  return out;
}

// --- products ---

export class ProductView {
  readonly __typename = 'Product';
  readonly #ch: CatalogChannel;
  constructor(readonly p: CatalogProduct, channel: CatalogChannel, readonly ctx: DevContext) {
    this.#ch = channel;
  }
  get id() { return this.p.id; }
  get name() { return this.p.name; }
  get slug() { return this.p.slug; }
  get seoTitle() { return this.p.seoTitle; }
  get seoDescription() { return this.p.seoDescription; }
  get description() { return json(this.p.description); }
  get descriptionJson() { return json(this.p.description); }
  get created() { return this.p.createdAt; }
  get updatedAt() { return this.p.updatedAt; }
  get rating() { return this.p.rating; }
  get channel() { return this.#ch.slug; }
  readonly chargeTaxes = true;
  readonly weight = null;
  readonly taxType = null;
  readonly taxClass = null;
  readonly channelListings = null; // needs MANAGE_PRODUCTS in Saleor
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
  readonly externalReference = null;

  productType() {
    const t = this.ctx.catalog.productType(this.p.productTypePk)!;
    return new ProductTypeView(t, this.ctx);
  }
  category() {
    const c = this.p.categoryPk === null ? undefined : this.ctx.catalog.category(this.p.categoryPk);
    return c ? new CategoryView(c, this.ctx) : null;
  }
  thumbnail(args: Args) {
    const m = this.p.media[0];
    return m ? { url: mediaUrl(this.ctx, m.image, args.size), alt: m.alt || this.p.name } : null;
  }
  media() {
    return this.p.media.map((m) => ({
      ...common, __typename: 'ProductMedia', id: toGlobalId('ProductMedia', m.pk), sortOrder: m.sortOrder, alt: m.alt, type: m.type,
      oembedData: '{}', productId: this.p.id, url: (a: Args) => mediaUrl(this.ctx, m.image, a.size),
    }));
  }
  mediaById(args: Args) {
    return this.media().find((m) => m.id === args.id) ?? null;
  }
  images() {
    return this.p.media.map((m) => ({ id: toGlobalId('ProductImage', m.pk), alt: m.alt, sortOrder: m.sortOrder, url: (a: Args) => mediaUrl(this.ctx, m.image, a.size) }));
  }
  pricing() {
    const prices = productPrices(this.ctx.catalog, this.p, this.#ch);
    if (!prices.length) return null;
    const currency = prices[0].currency;
    const range = (values: number[]) => ({ start: taxedMoney(Math.min(...values), currency), stop: taxedMoney(Math.max(...values), currency) });
    const discounted = range(prices.map((x) => x.discounted));
    const undiscounted = range(prices.map((x) => x.price));
    const onSale = prices.some((x) => x.discounted < x.price);
    return {
      onSale,
      displayGrossPrices: true,
      priceRange: discounted,
      priceRangeUndiscounted: undiscounted,
      priceRangePrior: null,
      priceRangeLocalCurrency: null,
      discount: onSale ? taxedMoney(undiscounted.start.gross.amount - discounted.start.gross.amount, currency) : null,
      discountPrior: null,
      discountLocalCurrency: null,
    };
  }
  isAvailable() {
    const variants = productVariants(this.ctx.catalog, this.p, this.#ch);
    return isAvailableForPurchase(this.p, this.#ch) && variants.some((v) => variantInStock(v));
  }
  isAvailableForPurchase() { return isAvailableForPurchase(this.p, this.#ch); }
  get availableForPurchaseAt() { return this.p.listings.find((l) => l.channelPk === this.#ch.pk)?.availableForPurchaseAt ?? null; }
  get availableForPurchase() { return this.availableForPurchaseAt?.slice(0, 10) ?? null; }
  attributes() {
    const type = this.ctx.catalog.productType(this.p.productTypePk);
    return selectedAttributes(this.ctx, this.p.attributes, type?.productAttributePks);
  }
  attribute(args: Args) {
    return this.attributes().find((a) => a.attribute.slug === args.slug) ?? null;
  }
  assignedAttributes() { return assignedAttributes(this.ctx, this.p.attributes); }
  assignedAttribute(args: Args) {
    return this.assignedAttributes().find((a: any) => a.attribute.slug === args.slug) ?? null;
  }
  variants() {
    return productVariants(this.ctx.catalog, this.p, this.#ch).map((v) => new VariantView(v, this.#ch, this.ctx));
  }
  productVariants(args: Args) { return paginate(this.variants(), args, 'productVariants'); }
  defaultVariant() {
    const vs = this.variants();
    return vs.find((v) => v.v.isDefault) ?? vs[0] ?? null;
  }
  collections() {
    return this.p.collectionPks.map((pk) => this.ctx.catalog.collections.find((c) => c.pk === pk)!).map((c) => new CollectionView(c, this.#ch, this.ctx));
  }
}

function mediaUrl(ctx: DevContext, image: string, size?: number | null): string {
  if (/^https?:/.test(image)) return image;
  return `${ctx.baseUrl}/media/${image}${size ? `?size=${size}` : ''}`;
}

export class VariantView {
  readonly __typename = 'ProductVariant';
  readonly #ch: CatalogChannel;
  constructor(readonly v: CatalogVariant, channel: CatalogChannel, readonly ctx: DevContext) {
    this.#ch = channel;
  }
  get id() { return this.v.id; }
  get name() { return this.v.name; }
  get sku() { return this.v.sku; }
  get trackInventory() { return this.v.trackInventory; }
  get created() { return this.v.createdAt; }
  get updatedAt() { return this.v.updatedAt; }
  get channel() { return this.#ch.slug; }
  readonly quantityLimitPerCustomer = null;
  readonly weight = null;
  readonly media = [];
  readonly images = [];
  readonly stocks = null; // needs MANAGE_PRODUCTS in Saleor
  readonly channelListings = null;
  readonly preorder = null;
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
  readonly externalReference = null;

  product() { return new ProductView(this.ctx.catalog.product(this.v.productPk)!, this.#ch, this.ctx); }
  pricing() {
    const price = variantPrice(this.ctx.catalog, this.v, this.#ch);
    if (!price) return null;
    const onSale = price.discounted < price.price;
    return {
      onSale,
      price: taxedMoney(price.discounted, price.currency),
      priceUndiscounted: taxedMoney(price.price, price.currency),
      discount: onSale ? taxedMoney(price.price - price.discounted, price.currency) : null,
      pricePrior: null, discountPrior: null, priceLocalCurrency: null, discountLocalCurrency: null,
    };
  }
  attributes(args: Args) {
    const product = this.ctx.catalog.product(this.v.productPk)!;
    const type = this.ctx.catalog.productType(product.productTypePk);
    const all = selectedAttributes(this.ctx, this.v.attributes, type?.variantAttributePks);
    // every variant attribute of the demo catalogue is a selection attribute
    return args.variantSelection === 'NOT_VARIANT_SELECTION' ? [] : all;
  }
  assignedAttributes() { return assignedAttributes(this.ctx, this.v.attributes); }
  assignedAttribute(args: Args) {
    return this.assignedAttributes().find((a: any) => a.attribute.slug === args.slug) ?? null;
  }
  quantityAvailable() { return quantityAvailable(this.ctx.catalog, this.v); }
}

// --- taxonomy ---

export class CategoryView {
  readonly __typename = 'Category';
  constructor(readonly c: CatalogCategory, readonly ctx: DevContext) {}
  get id() { return this.c.id; }
  get name() { return this.c.name; }
  get slug() { return this.c.slug; }
  get level() { return this.c.level; }
  get description() { return json(this.c.description); }
  get descriptionJson() { return json(this.c.description); }
  get seoTitle() { return this.c.seoTitle; }
  get seoDescription() { return this.c.seoDescription; }
  get updatedAt() { return this.c.updatedAt; }
  readonly backgroundImage = null;
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
  parent() {
    const p = this.c.parentPk === null ? undefined : this.ctx.catalog.category(this.c.parentPk);
    return p ? new CategoryView(p, this.ctx) : null;
  }
  children(args: Args) {
    const kids = this.ctx.catalog.categories.filter((x) => x.parentPk === this.c.pk).map((x) => new CategoryView(x, this.ctx));
    return paginate(kids, args, 'children');
  }
  ancestors(args: Args) {
    const chain: CategoryView[] = [];
    for (let p = this.parent(); p; p = p.parent()) chain.unshift(p);
    return paginate(chain, args, 'ancestors');
  }
  products(args: Args) {
    const channel = resolveChannel(this.ctx, args.channel);
    const pks = this.ctx.catalog.categoryWithDescendants(this.c.pk);
    const list = listProducts(this.ctx, channel, args, (p) => p.categoryPk !== null && pks.includes(p.categoryPk));
    return paginate(list.map((p) => new ProductView(p, channel, this.ctx)), args, 'products');
  }
}

export class ProductTypeView {
  readonly __typename = 'ProductType';
  constructor(readonly t: CatalogProductType, readonly ctx: DevContext) {}
  get id() { return this.t.id; }
  get name() { return this.t.name; }
  get slug() { return this.t.slug; }
  get hasVariants() { return this.t.hasVariants; }
  get isShippingRequired() { return this.t.isShippingRequired; }
  get kind() { return enumOf(this.t.kind); }
  readonly weight = null;
  readonly taxType = null;
  readonly taxClass = null;
  readonly availableAttributes = null;
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
  productAttributes() { return this.t.productAttributePks.map((pk) => new AttributeView(this.ctx.catalog.attribute(pk)!, this.ctx)); }
  variantAttributes() { return this.t.variantAttributePks.map((pk) => new AttributeView(this.ctx.catalog.attribute(pk)!, this.ctx)); }
  assignedVariantAttributes() { return this.variantAttributes().map((attribute) => ({ attribute, variantSelection: true })); }
  products(args: Args) {
    const channel = resolveChannel(this.ctx, args.channel);
    const list = listProducts(this.ctx, channel, {}, (p) => p.productTypePk === this.t.pk);
    return paginate(list.map((p) => new ProductView(p, channel, this.ctx)), args, 'products');
  }
}

export class CollectionView {
  readonly __typename = 'Collection';
  readonly #ch: CatalogChannel;
  constructor(readonly c: CatalogCollection, channel: CatalogChannel, readonly ctx: DevContext) {
    this.#ch = channel;
  }
  get id() { return this.c.id; }
  get name() { return this.c.name; }
  get slug() { return this.c.slug; }
  get channel() { return this.#ch.slug; }
  readonly description = null;
  readonly seoTitle = null;
  readonly seoDescription = null;
  readonly backgroundImage = null;
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
  products(args: Args) {
    const list = listProducts(this.ctx, this.#ch, args, (p) => this.c.productPks.includes(p.pk));
    return paginate(list.map((p) => new ProductView(p, this.#ch, this.ctx)), args, 'products');
  }
}

export class ChannelView {
  readonly __typename = 'Channel';
  constructor(readonly c: CatalogChannel) {}
  get id() { return this.c.id; }
  get slug() { return this.c.slug; }
  get name() { return this.c.name; }
  get isActive() { return this.c.isActive; }
  get currencyCode() { return this.c.currency; }
  get defaultCountry() { return { code: this.c.defaultCountry, country: this.c.defaultCountry, vat: null }; }
  readonly hasOrders = false;
  readonly metadata = common.metadata;
  readonly privateMetadata = common.privateMetadata;
}
