// bot.yaml `saleor:` — a bot over a Saleor shop: the channel, the catalogue the local dev server loads, the
// channel's currency, and how a product request read with one of `queries:` becomes a Saleor product search.
import { z } from 'zod';

const attributeSchema = z.strictObject({
  /** The query field whose value is the attribute's value slug (lowercased: `M` → `m`). */
  field: z.string().min(1),
  /** The variant or product attribute's slug in Saleor. */
  attribute: z.string().min(1),
  /** Only for values matching this regex (`'^\d+$'`: shoe sizes go to `shoe-size`); the first entry that matches wins. */
  when: z.string().min(1).optional(),
});

const searchSchema = z.strictObject({
  /** The query of `queries:` that reads a product request. */
  query: z.string().min(1),
  /** The field naming a category (a category slug, or a group of them), and the categories searched when none is named. */
  categories: z
    .strictObject({ field: z.string().min(1), groups: z.record(z.string(), z.array(z.string().min(1))).default({}), default: z.array(z.string().min(1)).default([]) })
    .optional(),
  /** Fields searched as attribute values, in this order. */
  attributes: z.array(attributeSchema).default([]),
  /** Fields searched as words (a gazetteer field by its value, a `terms` field by its words), unless an attribute takes them. */
  text: z.array(z.string().min(1)).default([]),
  /** The `budget` field searched as the price range, converted to the channel's currency. */
  price: z.string().min(1).optional(),
  /** Fields one variant in stock must meet together: its size, and its colour (named as the gazetteer value's first synonym). */
  variant: z.strictObject({ size: z.string().min(1).optional(), color: z.string().min(1).optional() }).default({}),
  /** Fields given up, fewer first and in this order, when nothing matches; others are never dropped. */
  relax: z.array(z.string().min(1)).default([]),
  /** Products asked of Saleor per search. */
  first: z.number().int().min(1).max(100).default(12),
});

export const saleorConfigSchema = z.strictObject({
  /** The storefront channel. */
  channel: z.string().min(1).default('default-channel'),
  /** The catalogue file the local dev server loads with SALEOR_DEV=1 (relative to the bot folder; SALEOR_DATA wins). */
  devCatalogue: z.string().min(1).optional(),
  /** The channel's currency (ISO code). */
  currency: z.string().regex(/^[A-Z]{3}$/).default('USD'),
  /** What one unit of each currency is worth in a common unit (`{ VND: 1, USD: 25000 }`), for budgets in another currency. */
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()).default({}),
  /** How a product request becomes a product search. */
  search: searchSchema.optional(),
});

export type SaleorConfig = z.infer<typeof saleorConfigSchema>;
export type SaleorSearchConfig = z.infer<typeof searchSchema>;
