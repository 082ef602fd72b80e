// Saleor: a storefront GraphQL client, a local Saleor-compatible dev server over the demo catalogue, and the connection a bot's environment asks for.
export { createSaleorClient, descriptionText } from './client.ts';
export { SaleorError, isSaleorError, type SaleorErrorKind } from './errors.ts';
export type { Money, Product, ProductVariant, ProductSearchFilter, SaleorClient, SaleorClientOptions } from './types.ts';
export { SALEOR_QUERIES } from './queries.ts';
export { createSaleorDevServer, type SaleorDevServer, type SaleorDevServerOptions } from './dev-server.ts';
// loadSaleorSchema lives in './dev-graphql.ts', imported directly: re-exporting it here would load graphql-js with every import of this folder.
export { loadCatalog, type Catalog, type CatalogProduct, type CatalogVariant, type CatalogCategory, type CatalogAttribute, type CatalogAttributeValue } from './catalog.ts';
export { toGlobalId, fromGlobalId } from './ids.ts';
export { defaultSchemaFile, defaultDataFile } from './paths.ts';
export { connectSaleor, type SaleorConnection, type SaleorConnectionOptions } from './connect.ts';
export { convertAmount, findProducts, hasVariantInStock, productFilter, type FindProductsOptions, type FoundProducts, type ProductRequest, type SaleorBotConfig } from './product-search.ts';
export { saleorConfigSchema, type SaleorConfig, type SaleorSearchConfig } from './config-schema.ts';
