// Shapes the rest of Switchboard sees: a product as a shop assistant needs it, flattened from
// Saleor's GraphQL types (channel pricing, variants with size/colour, stock).

export interface Money {
  amount: number;
  currency: string;
}

export interface ProductVariant {
  id: string;
  name: string;
  sku: string | null;
  /** Value of the variant's size attribute (`size` or `shoe-size`), e.g. 'M' or '42'. */
  size?: string;
  /** Value of the variant's colour attribute (`color`/`colour`) when the catalogue has one. */
  color?: string;
  price: Money | null;
  /** Units available to buy; null when the variant's stock is not tracked (always available). */
  quantityAvailable: number | null;
  /** Variant attributes: attribute slug → value names. */
  attributes: Record<string, string[]>;
}

export interface Product {
  id: string;
  name: string;
  slug: string;
  category: { id: string; name: string; slug: string } | null;
  productType: { name: string; slug: string } | null;
  /** Lowest (discounted) price of the product in the channel; null when it has no price there. */
  price: Money | null;
  /** Price before a sale, when the product is on sale. */
  undiscountedPrice?: Money;
  onSale: boolean;
  thumbnail?: string;
  /** Plain text of the product's rich-text description. */
  description?: string;
  variants: ProductVariant[];
  /** Product attributes: attribute slug → value names (e.g. material → ['Cotton']). */
  attributes: Record<string, string[]>;
}

export interface ProductSearchFilter {
  /** Full-text search over names, descriptions, attribute values (Saleor's `search`). */
  search?: string;
  /** Category slugs or Saleor category IDs; a category includes its sub-categories. */
  categories?: string[];
  /** Attribute slug + value slugs, e.g. { slug: 'size', values: ['m'] }; a product matches when it or one of its variants has one of the values. */
  attributes?: { slug: string; values: string[] }[];
  /** Price range in the channel's currency, on the lowest discounted price of the product. */
  price?: { gte?: number; lte?: number };
  /** Page size, 1..100; default 10. */
  first?: number;
}

export interface SaleorClient {
  readonly apiUrl: string;
  readonly channel: string;
  searchProducts(filter?: ProductSearchFilter): Promise<Product[]>;
  /** By Saleor ID or slug; null when it does not exist (or is not published in the channel). */
  getProduct(idOrSlug: string): Promise<Product | null>;
  /** Low-level: one GraphQL request, errors as SaleorError. */
  request<T = unknown>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export interface SaleorClientOptions {
  /** GraphQL endpoint, e.g. https://demo.saleor.io/graphql/ */
  apiUrl: string;
  channel?: string;
  /** Bearer token (app or staff), when the API needs one. */
  token?: string;
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}
