// bot.yaml `understanding.refine`: ordered rules that correct the intents understanding chose, with the bot's own
// cues (entities, gazetteers, queries, knowledge topics) and, where only its code knows, named predicates. The
// shape lives here; the rules are applied in src/engine/refine-rules.ts.
import { z } from 'zod';
import type { BotConfig } from './config.ts';

/** One name or a list of names (`intents: otro` or `intents: [otro, saludo]`). */
const names = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** Conditions on a text: the whole message, or one clause of it (`clauses:`). Every condition given must hold. */
const textConditions = {
  /** Every one of these regex entity or gazetteer types is found in the text. */
  says: names.optional(),
  /** None of these regex entity or gazetteer types is found in the text. */
  notSays: names.optional(),
  /** The text has at most this many words. */
  maxWords: z.number().int().min(1).optional(),
  /** true: the text is a greeting (the language's and bot.yaml `greetings`); false: it is not. */
  greeting: z.boolean().optional(),
  /** The `knowledgeTopics` table finds a topic (`true`), a topic by a strong cue (`strong`), or none (`false`). */
  topic: z.union([z.boolean(), z.literal('strong')]).optional(),
  /** true: a short follow-up by `knowledgeTopics.followUp` ("còn giày thì sao?"); false: not one. */
  shortFollowUp: z.boolean().optional(),
  /** `queries.<name>: [fields]`: the query reads at least one of these fields from the text. */
  reads: z.record(z.string().min(1), names).optional(),
  /** Every one of these predicates of the bot's code (defineBot `predicates`) holds for the text. */
  check: names.optional(),
  /** None of these predicates of the bot's code holds for the text. */
  notCheck: names.optional(),
};

export const refineClauseSchema = z.strictObject(textConditions);

export const refineWhenSchema = z.strictObject({
  /** One of the current intents is one of these. */
  intents: names.optional(),
  /** true: exactly one intent was understood (with `intents`: one of those). */
  only: z.boolean().optional(),
  /** Who understood the message: `local` (the classifier) or `llm` (a model). */
  source: z.enum(['local', 'llm']).optional(),
  /** Local understanding was unsure and its best guess was one of these intents. */
  unsureBest: names.optional(),
  /** The intents of the last turn the bot's specialists answered include one of these. */
  previous: names.optional(),
  /** The message splits into clauses, one matching `one` and another matching `other`. */
  clauses: z.strictObject({ one: refineClauseSchema, other: refineClauseSchema }).optional(),
  ...textConditions,
});

export const refineRuleSchema = z.strictObject({
  /** Shown in the turn's trace when the rule changes the intents. */
  name: z.string().min(1).optional(),
  /** What must hold (every condition given); `{}` always holds. */
  when: refineWhenSchema,
  /**
   * The intents from now on: a list of intents; `previous` (the last answered turn's intents); `best` (local
   * understanding's best guess); `keep` (the intents as they are, and no later rule is asked, even with `continue`).
   */
  then: z.union([z.array(z.string().min(1)).min(1), z.enum(['keep', 'previous', 'best'])]),
  /** true: the later rules still run, on the new intents (by default the first rule that holds decides). */
  continue: z.boolean().default(false),
});

export const refineRulesSchema = z.array(refineRuleSchema).default([]);

export type RefineRule = z.infer<typeof refineRuleSchema>;
export type RefineWhen = z.infer<typeof refineWhenSchema>;
export type RefineClause = z.infer<typeof refineClauseSchema>;

/** `intents: otro` and `intents: [otro]` alike. */
export const nameList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : v);

export type Path = (string | number)[];

/** Every predicate name a list of rules uses (`check`, `notCheck`, in its clauses too), with where: for the load-time check against the bot's code. */
export function predicateUses(rules: readonly { when: RefineClause & { clauses?: RefineWhen['clauses'] } }[], at: Path): { name: string; path: Path }[] {
  const out: { name: string; path: Path }[] = [];
  const collect = (cond: RefineClause, path: Path) => {
    for (const key of ['check', 'notCheck'] as const) for (const name of nameList(cond[key])) out.push({ name, path: [...path, key] });
  };
  rules.forEach((rule, i) => {
    const when: Path = [...at, i, 'when'];
    collect(rule.when, when);
    if (rule.when.clauses) for (const part of ['one', 'other'] as const) collect(rule.when.clauses[part], [...when, 'clauses', part]);
  });
  return out;
}

/** Whether a rule reads or gives the previous turn's intents (the runtime then keeps them in the conversation). */
export const usesPrevious = (rules: readonly { then: unknown; when: { previous?: unknown } }[]): boolean => rules.some((r) => r.then === 'previous' || r.when.previous !== undefined);

/**
 * bot.yaml problems of the rules: every intent they name is one of the intents; every `says` type is a regex entity
 * or a gazetteer; every `reads` query and field exists; `topic` and `shortFollowUp` need `knowledgeTopics`.
 */
export function refineProblems(c: BotConfig, need: (id: string, path: Path) => void, problem: (path: Path, message: string) => void): void {
  c.understanding.refine.forEach((rule, i) => {
    const at: Path = ['understanding', 'refine', i];
    whenProblems(c, rule.when, [...at, 'when'], need, problem);
    if (Array.isArray(rule.then)) rule.then.forEach((id, j) => need(id, [...at, 'then', j]));
  });
}

/** The problems of one rule's `when` at `at` (refine rules and `routing.rules` share these conditions). */
export function whenProblems(c: BotConfig, when: RefineWhen, at: Path, need: (id: string, path: Path) => void, problem: (path: Path, message: string) => void): void {
  const types = new Set([...c.entities.map((e) => e.type), ...c.gazetteers.map((g) => g.type)]);
  const textProblems = (cond: RefineClause, at: Path) => {
    for (const key of ['says', 'notSays'] as const) {
      for (const type of nameList(cond[key])) if (!types.has(type)) problem([...at, key], `'${type}' is neither a regex entity type (entities:) nor a gazetteer type (gazetteers:)`);
    }
    for (const [query, fields] of Object.entries(cond.reads ?? {})) {
      const declared = c.queries[query];
      if (!declared) problem([...at, 'reads', query], `'${query}' is not one of the queries (queries:)`);
      else for (const f of nameList(fields)) if (!declared[f]) problem([...at, 'reads', query], `'${f}' is not a field of queries.${query}`);
    }
    if ((cond.topic !== undefined || cond.shortFollowUp !== undefined) && !c.knowledgeTopics) problem(at, 'topic and shortFollowUp need knowledgeTopics');
  };
  for (const key of ['intents', 'unsureBest', 'previous'] as const) for (const id of nameList(when[key])) need(id, [...at, key]);
  textProblems(when, at);
  if (when.clauses) for (const part of ['one', 'other'] as const) textProblems(when.clauses[part], [...at, 'clauses', part]);
}
