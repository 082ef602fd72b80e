// bot.yaml `sizeChart:` — which size fits a customer's measurements ("cao 1m65 nặng 55kg mặc size gì?"): the
// measurements read with one of the bot's `queries:`, a row per size with a [min, max] range per measurement.
import { z } from 'zod';

const range = z.tuple([z.number(), z.number()]).refine(([min, max]) => min <= max, 'expected [min, max] with min ≤ max');

export const sizeChartSchema = z.strictObject({
  /** The query of bot.yaml `queries:` that reads the measurements (its `height` and `weight` fields, say). */
  measures: z.string().min(1),
  /** The measurement that decides when they point at different sizes (the last of a row's ranges when unset). */
  decides: z.string().min(1).optional(),
  /** Only for these values of a query's field ("t-shirts"), or when the message names none of that field. */
  for: z.strictObject({ query: z.string().min(1), field: z.string().min(1), values: z.array(z.string().min(1)).min(1) }).optional(),
  /** The sizes, smallest first: `{ size: M, height: [160, 168], weight: [52, 60] }`; ranges are inclusive. */
  rows: z.array(z.object({ size: z.string().min(1) }).catchall(range)).min(1),
});

export type SizeChartConfig = z.infer<typeof sizeChartSchema>;
