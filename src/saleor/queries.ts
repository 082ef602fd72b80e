// Every GraphQL document Switchboard sends to Saleor. queries.test.ts validates each of them
// against Saleor's real schema, so add new documents here and nowhere else.
//
// Notes on the API choices (Saleor 3.2x):
// - `products(filter:)` is deprecated in favour of `where`, but `filter.categories` includes
//   sub-categories (`where.category` does not) and `filter.minimalPrice` filters on the discounted
//   price; both still work on current Saleor.
// - `Product.attributes`/`variants` are deprecated in favour of `assignedAttributes`/`productVariants`
//   but remain supported and are far simpler to read.

const MONEY = 'amount currency';

const SELECTED_ATTRIBUTE = `attribute { slug name } values { name slug }`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment ProductFields on Product {
    id
    name
    slug
    description
    category { id name slug }
    productType { name slug }
    thumbnail(size: 512) { url alt }
    pricing {
      onSale
      priceRange { start { gross { ${MONEY} } } }
      priceRangeUndiscounted { start { gross { ${MONEY} } } }
    }
    attributes { ${SELECTED_ATTRIBUTE} }
    variants {
      id
      name
      sku
      quantityAvailable
      pricing { price { gross { ${MONEY} } } }
      attributes { ${SELECTED_ATTRIBUTE} }
    }
  }
`;

export const SEARCH_PRODUCTS = /* GraphQL */ `
  query SearchProducts($channel: String!, $first: Int!, $search: String, $filter: ProductFilterInput) {
    products(channel: $channel, first: $first, search: $search, filter: $filter) {
      edges { node { ...ProductFields } }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const PRODUCT_BY_SLUG = /* GraphQL */ `
  query ProductBySlug($slug: String!, $channel: String!) {
    product(slug: $slug, channel: $channel) { ...ProductFields }
  }
  ${PRODUCT_FIELDS}
`;

export const PRODUCT_BY_ID = /* GraphQL */ `
  query ProductById($id: ID!, $channel: String!) {
    product(id: $id, channel: $channel) { ...ProductFields }
  }
  ${PRODUCT_FIELDS}
`;

export const CATEGORIES_BY_SLUG = /* GraphQL */ `
  query CategoriesBySlug($slugs: [String!]!, $first: Int!) {
    categories(first: $first, filter: { slugs: $slugs }) {
      edges { node { id name slug } }
    }
  }
`;

/** All documents by operation name (the validation test walks this). */
export const SALEOR_QUERIES = {
  SearchProducts: SEARCH_PRODUCTS,
  ProductBySlug: PRODUCT_BY_SLUG,
  ProductById: PRODUCT_BY_ID,
  CategoriesBySlug: CATEGORIES_BY_SLUG,
} as const;
