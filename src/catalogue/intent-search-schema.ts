// bot.yaml `intents.<id>.search` — an intent answered by one of the bot's `search:` entries without code: which
// filter takes which of the message's entities, follow-ups that keep the last search's filters ("¿y en Belgrano?"),
// refinements ("algo más barato"), and the rows shown as an entity a later message may point at ("el segundo").
import { z } from 'zod';
import { identifier } from './table-search-schema.ts';

const refineSchema = z.strictObject({
  /** Phrases that ask for the refinement (whole words, no accents or case): "más barato", "más económico". */
  phrases: z.array(z.string().min(1)).min(1),
  /** The at_most / at_least filter it sets. */
  filter: z.string().min(1),
  /** The column of the rows shown: an at_most filter gets one less than their lowest value, at_least one more than their highest. */
  than: identifier,
});

/** The keys of an intent's `search:` (docs/writing-a-bot.md lists them). */
export const intentSearchObjectSchema = z.strictObject({
    /** The search of bot.yaml `search:` run. */
    name: identifier,
    /**
     * Filter → the entity type whose value it takes (a gazetteer's type, a `number:`/`money:` entity, a built-in kind),
     * or a list of types, the first the message has winning ("2 ambientes" or "monoambiente").
     */
    filters: z.record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])).default({}),
    /** Filter values used when the message gives none and no follow-up keeps one (`operacion: alquiler`). */
    defaults: z.record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()])).default({}),
    /** A message giving at most this many filters is a follow-up: the last search's other filters are kept. 0: never. */
    followUp: z.number().int().min(0).default(1),
    /** Refinements of the last search a message asks for by a phrase. */
    refine: z.array(refineSchema).default([]),
    /** One of the search's sorts (else its first). */
    sort: z.string().min(1).optional(),
    /** How many rows the reply lists (default: the search's limit). */
    show: z.number().int().min(1).max(20).optional(),
    /**
     * The rows shown become an entity of this `type` for the next messages: by position ("el segundo", "la opción 3")
     * or by a word of one of `names` columns ("el de la calle Juncal", "el 124"); its value is `value` filled from the row.
     */
    results: z
      .strictObject({ type: z.string().min(1), value: z.string().min(1), names: z.array(identifier).min(1) })
      .optional(),
});

export const intentSearchSchema = z.preprocess((v) => (typeof v === 'string' ? { name: v } : v), intentSearchObjectSchema);

export type IntentSearchConfig = z.infer<typeof intentSearchSchema>;
