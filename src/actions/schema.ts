// bot.yaml `actions:`: how a bot that plans several actions per message runs them. Per intent: the tool it calls,
// how the planned slots (and the references remembered from earlier actions) become the tool's arguments, and
// the reply templates that narrate its outcome; for the turn: what to remember, the action cap, the re-plan.
import { z } from 'zod';

/** Where a value comes from: a slot (`titulo`), a remembered reference (`$lead_atual.id`); a list: the first with a value. */
const sources = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const VALUE_FORMATS = ['money', 'number', 'datetime', 'count'] as const;

interface VarSpecObject {
  from?: string;
  format?: (typeof VALUE_FORMATS)[number];
  or?: string;
  list?: string;
  item?: string;
  vars?: Record<string, VarSpec>;
  parts?: string[];
  join?: string;
}
export type VarSpec = string | VarSpecObject;

/** A reply placeholder: `field` or `field|format`, or an object (a formatted value, a list, joined parts). */
const varSpecSchema: z.ZodType<VarSpec> = z.lazy(() =>
  z.union([
    z.string().regex(/^[\w.]+(?:\|(?:money|number|datetime|count))?$/, 'a field, or field|format (money, number, datetime, count)'),
    z.strictObject({
      /** The result's field (default: the placeholder's own name). */
      from: z.string().optional(),
      format: z.enum(VALUE_FORMATS).optional(),
      /** A reply key or text when the value is missing. */
      or: z.string().optional(),
      /** A list field: each item rendered with `item` (a reply key or text), joined with `join`. */
      list: z.string().optional(),
      item: z.string().optional(),
      /** The item's own placeholders. */
      vars: z.record(z.string(), varSpecSchema).optional(),
      /** Templates joined with `join`; a part with a placeholder that has no value is left out. */
      parts: z.array(z.string()).optional(),
      join: z.string().optional(),
    }),
  ]),
);

const actionIntentSchema = z.strictObject({
  /** The tool the action calls; none: the action only replies (help). */
  tool: z.string().min(1).optional(),
  /** Tool argument ← source(s). None: the planned slots, under their own names. */
  args: z.record(z.string(), sources).optional(),
  /** The reply on success: a reply key or text; the key may hold placeholders (`tarefas_{filtro}`). Default: the reply named as the intent, if any. */
  reply: z.string().min(1).optional(),
  /** The reply when the result's list `when` is empty. */
  empty: z.strictObject({ when: z.string().min(1), reply: z.string().min(1) }).optional(),
  /** Placeholders computed from the result (the result's and the slots' own fields are placeholders as they are). */
  vars: z.record(z.string(), varSpecSchema).default({}),
  /** The reply on failure, `{reason}` the tool's; default `actions.failure`. */
  failure: z.string().min(1).optional(),
});

const resolveSchema = z.strictObject({
  /**
   * The tool finding it: `{ ref, refs }` in (the first name given, and all the named slots gave, in order),
   * `{ matches: [row, …], ref? }` out (the best matches, each row as a result that `remember` reads; `ref`: the
   * name to ask about, when not `ref`).
   */
  tool: z.string().min(1),
  /** The slots that name it, in order of trust. */
  named: z.array(z.string().min(1)).min(1),
  /**
   * Of `named`, the slots read loosely (any word after a preposition): one that finds nothing is no name unless
   * the action would otherwise fall back to the remembered reference (an argument reading it and `$ref`).
   */
  loose: z.array(z.string().min(1)).default([]),
  /** The question when no row is found; `{ref}`, `{waiting}` (the labels of the actions waiting for it). */
  missing: z.string().min(1),
  /** The question when several are; `{ref}`, `{candidates}`, `{waiting}`. */
  ambiguous: z.string().min(1),
  /**
   * What a "yes" to `missing` does: runs `intent` with the name in `slot` (creating the row), then the actions that
   * waited on it. A "no" drops them and answers `declined` (a reply key or text).
   */
  create: z.strictObject({ intent: z.string().min(1), slot: z.string().min(1), declined: z.string().min(1) }).optional(),
  /** The remembered field a candidate is listed by (default `name`). */
  label: z.string().min(1).default('name'),
});

export const actionsSchema = z.strictObject({
  /**
   * Every message is one plan of actions run by the runtime's specialist of this name (the plan's reply is its
   * segment, what it remembers is kept under this name); the tools are the bot's `tools` (index.ts).
   */
  specialist: z.string().regex(/^[a-z][a-z0-9_]*$/).optional(),
  intents: z.record(z.string(), actionIntentSchema).default({}),
  /** References remembered from results, across actions and turns: `<name>: { <field>: <result field(s)> }`, kept when every field has a value. */
  remember: z.record(z.string(), z.record(z.string(), sources)).default({}),
  /**
   * References a message may name instead of pointing at (`lead_atual` named "Lennon"): found by `tool` before an
   * action that uses them runs. A name that finds no row, or several, makes the action ask (`missing`,
   * `ambiguous`) instead of falling back to the remembered one; until another is named, a pointer ("ele") means
   * the name that was not found.
   */
  resolve: z.record(z.string(), resolveSchema).default({}),
  /** At most this many actions run in one turn (a runaway planner cannot loop the tools). */
  maxPerTurn: z.number().int().min(1).max(100).default(20),
  /** Re-plan once when the queue runs dry while the message still asks for more. */
  replan: z.boolean().default(true),
  /** Headings of a reply with several outcomes: done actions, then failures. */
  done: z.string().default('actions_done'),
  failed: z.string().default('actions_failed'),
  /** The failure reply of an intent without its own; `{reason}`, `{intent}`. */
  failure: z.string().default('action_failed'),
  /** The reason shown when a tool breaks unexpectedly; `{error}`. */
  unexpected: z.string().default('action_unexpected'),
  /** The reply when nothing was done; default the reply of `understanding.fallback`. */
  nothing: z.string().optional(),
  /** The bot's own rules for a planner model (its language), added to the runtime's planner prompt. */
  plannerRules: z.array(z.string().min(1)).default([]),
  /** ISO currency for `money` (default: the language tag's region, pt-BR → BRL, es-AR → ARS, es-MX → MXN, vi → VND). */
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
});

export type ActionsConfig = z.infer<typeof actionsSchema>;
export type ActionIntentConfig = z.infer<typeof actionIntentSchema>;
export type ResolveConfig = z.infer<typeof resolveSchema>;
