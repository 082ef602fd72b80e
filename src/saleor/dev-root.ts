// The Query root of the dev server: each top-level field looks its objects up in the catalog and
// wraps them in their views.
import { GraphQLError } from 'graphql';
import { isVisible } from './dev-pricing.ts';
import { listProducts, paginate, resolveChannel, type Args, type DevContext } from './dev-view-helpers.ts';
import { AttributeView, CategoryView, ChannelView, CollectionView, ProductTypeView, ProductView, VariantView } from './dev-views.ts';
import { pkOf } from './ids.ts';

export function createRoot(ctx: DevContext) {
  const { catalog } = ctx;
  const byPk = <T extends { pk: number }>(items: T[], id: string, type: string) => {
    const pk = pkOf(id, type);
    if (pk === null) throw new GraphQLError(`Invalid ID: ${id}. Expected: ${type}.`);
    return items.find((x) => x.pk === Number(pk));
  };
  return {
    products(args: Args) {
      const channel = resolveChannel(ctx, args.channel ?? args.filter?.channel);
      return paginate(listProducts(ctx, channel, args).map((p) => new ProductView(p, channel, ctx)), args, 'products');
    },
    product(args: Args) {
      const channel = resolveChannel(ctx, args.channel);
      if (!args.id && !args.slug && !args.externalReference) throw new GraphQLError("At least one of arguments is required: 'id', 'slug', 'external_reference'.");
      const p = args.id ? byPk(catalog.products, args.id, 'Product') : catalog.products.find((x) => x.slug === args.slug);
      return p && isVisible(p, channel, { listing: false }) ? new ProductView(p, channel, ctx) : null;
    },
    productVariant(args: Args) {
      const channel = resolveChannel(ctx, args.channel);
      const v = args.id ? byPk(catalog.variants, args.id, 'ProductVariant') : catalog.variants.find((x) => args.sku && x.sku === args.sku);
      if (!v || !v.listings.some((l) => l.channelPk === channel.pk)) return null;
      return isVisible(catalog.product(v.productPk)!, channel, { listing: false }) ? new VariantView(v, channel, ctx) : null;
    },
    productVariants(args: Args) {
      const channel = resolveChannel(ctx, args.channel);
      const ids: string[] | undefined = args.ids;
      const search = (args.search ?? args.filter?.search ?? '').toLowerCase();
      const skus: string[] | undefined = args.filter?.sku;
      const list = catalog.variants.filter((v) =>
        v.listings.some((l) => l.channelPk === channel.pk) &&
        isVisible(catalog.product(v.productPk)!, channel, { listing: true }) &&
        (!ids?.length || ids.includes(v.id)) &&
        (!skus?.length || (v.sku !== null && skus.includes(v.sku))) &&
        (!search || `${v.name} ${v.sku ?? ''} ${catalog.product(v.productPk)!.name}`.toLowerCase().includes(search)));
      return paginate(list.map((v) => new VariantView(v, channel, ctx)), args, 'productVariants');
    },
    categories(args: Args) {
      const f = args.filter ?? {};
      const ids: string[] | undefined = f.ids;
      const search = (f.search ?? '').toLowerCase();
      const list = catalog.categories.filter((c) =>
        (args.level == null || c.level === args.level) &&
        (!f.slugs?.length || f.slugs.includes(c.slug)) &&
        (!ids?.length || ids.includes(c.id)) &&
        (!search || c.name.toLowerCase().includes(search) || c.slug.includes(search)));
      return paginate(list.map((c) => new CategoryView(c, ctx)), args, 'categories');
    },
    category(args: Args) {
      const c = args.id ? byPk(catalog.categories, args.id, 'Category') : catalog.categories.find((x) => x.slug === args.slug);
      return c ? new CategoryView(c, ctx) : null;
    },
    collections(args: Args) {
      const channel = resolveChannel(ctx, args.channel);
      return paginate(catalog.collections.map((c) => new CollectionView(c, channel, ctx)), args, 'collections');
    },
    collection(args: Args) {
      const channel = resolveChannel(ctx, args.channel);
      const c = args.id ? byPk(catalog.collections, args.id, 'Collection') : catalog.collections.find((x) => x.slug === args.slug);
      return c ? new CollectionView(c, channel, ctx) : null;
    },
    productType(args: Args) {
      const t = byPk(catalog.productTypes, args.id, 'ProductType');
      return t ? new ProductTypeView(t, ctx) : null;
    },
    productTypes(args: Args) {
      return paginate(catalog.productTypes.map((t) => new ProductTypeView(t, ctx)), args, 'productTypes');
    },
    attributes(args: Args) {
      const slugs: string[] | undefined = args.filter?.slugs ?? args.where?.slug?.oneOf;
      const search = (args.search ?? args.filter?.search ?? '').toLowerCase();
      const list = catalog.attributes.filter((a) => (!slugs?.length || slugs.includes(a.slug)) && (!search || a.name.toLowerCase().includes(search)));
      return paginate(list.map((a) => new AttributeView(a, ctx)), args, 'attributes');
    },
    attribute(args: Args) {
      const a = args.id ? byPk(catalog.attributes, args.id, 'Attribute') : catalog.attributes.find((x) => x.slug === args.slug);
      return a ? new AttributeView(a, ctx) : null;
    },
    channel(args: Args) {
      const c = args.id ? byPk(catalog.channels, args.id, 'Channel') : catalog.channel(args.slug);
      return c ? new ChannelView(c) : null;
    },
  };
}
