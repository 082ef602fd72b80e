// The shape of a bot's `bot.yaml`, validated with zod when the bot loads.
import { z } from 'zod';
import { actionsSchema } from '../actions/schema.ts';
import { formSchema } from '../forms/schema.ts';
import { guardrailsSchema } from '../guardrails/settings.ts';
import { channelSettingsSchema } from './channel-settings.ts';
import { botConfigProblems } from './config-checks.ts';
import { refineRulesSchema } from './refine-schema.ts';
import { routingSchema } from './route-schema.ts';
import { profileSchema } from '../profile/schema.ts';
import { answersSchema, intentAnswerSchema } from '../knowledge/cascade-schema.ts';
import { skillsSchema } from '../skills/config.ts';
import { searchesSchema } from '../catalogue/table-search-schema.ts';
import { tablesSchema } from '../catalogue/table-load-schema.ts';
import { dataSchema, gazetteerFromSchema } from './data-schema.ts';
import { recordsSchema } from '../store/records-schema.ts';
import { intentSearchSchema } from '../catalogue/intent-search-schema.ts';
import { sizeChartSchema } from '../catalogue/size-chart-schema.ts';
import { saleorConfigSchema } from '../saleor/config-schema.ts';
import { formDataSchema } from '../contract/index.ts';
import { embeddingsSchema } from '../llm/embeddings-schema.ts';
import { regexProblem } from '../text/index.ts';

/** A regex a bot's author writes: valid, and safe to run on any customer message (see src/text/regex.ts). */
const botRegex = z
  .string()
  .min(1)
  .superRefine((pattern, ctx) => {
    const problem = regexProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const intentSchema = z.strictObject({
  label: z.string().min(1),
  description: z.string().default(''),
  handoff: z.boolean().default(false),
  /** Predefined intents (from bot.yaml) can be toggled but not deleted by an admin. */
  predefined: z.boolean().default(true),
  examples: z.array(z.string().min(1)).default([]),
  /** The request carries free text (a note, a title): in `ctx.commands()`, a following clause no intent claims is part of it. */
  freeText: z.boolean().default(false),
  /** Words that may follow the cue word before a request's free text starts (its object: "nota", "tarefa"). */
  opening: z.array(z.string().min(1)).default([]),
  /** Other names a planner model may give this intent (`create_lead` for `lead_criar`). */
  aliases: z.array(z.string().min(1)).default([]),
  /**
   * The slots of this intent's requests: each value's kind and the other names a planner model may use; and where
   * the value comes from when the request is read without a model (`ctx.commands()`, docs/how-to/commands-and-planners.md#command-slots).
   */
  slots: z.record(z.string(), commandSlotSchema()).default({}),
  /** Answered by the tool cascade: its sources in order (`[calendar, knowledge, web]`), subject, documents (docs/how-to/knowledge-and-replies.md#answers-the-tool-cascade). */
  answer: intentAnswerSchema.optional(),
  /** Answered by one of the bot's `search:` entries, its filters from the message (docs/how-to/tables-and-search.md#an-intent-answered-by-a-search). */
  search: intentSearchSchema.optional(),
});

function commandSlotSchema() {
  const words = z.array(z.string().min(1)).min(1);
  return z
    .strictObject({
      kind: z.enum(['text', 'ref', 'number', 'datetime', 'boolean']).default('text'),
      aliases: z.array(z.string().min(1)).default([]),
      entity: z.string().min(1).optional(),
      asTyped: z.boolean().optional(),
      read: z.enum(['text', 'name', 'company', 'deadline', 'reference']).optional(),
      after: words.optional(),
      until: words.optional(),
      capitalized: z.boolean().optional(),
      cut: z.enum(['always', 'opening', 'never']).optional(),
      each: z.boolean().optional(),
      reference: z.string().min(1).optional(),
      /** What the value is, for a planner model's slot catalogue (the bot's language). */
      hint: z.string().min(1).optional(),
      /** false: read without a model only, left out of a planner model's catalogue. */
      planner: z.boolean().optional(),
      /** A `ref` a planner gives as an object with an id and a name: the name also fills this slot. */
      nameSlot: z.string().min(1).optional(),
      /** A planner's value read as one of these (value → words its text may hold), else as `otherwise`. */
      values: z.record(z.string(), z.array(z.string().min(1))).optional(),
      otherwise: z.string().min(1).optional(),
    })
    .refine((s) => (s.read === 'reference') === (s.reference !== undefined), 'read: reference goes with reference: <kind>')
    .refine((s) => !s.until || s.read === 'text' || s.after, 'until goes with read: text or after');
}

export const understandingSchema = z.strictObject({
  mode: z.enum(['local', 'llm', 'cascade']).default('local'),
  threshold: z.number().min(0).max(1).default(0.5),
  fallback: z.string(),
  exclusive: z.array(z.string()).default([]),
  multiIntent: z.boolean().default(true),
  /** The model writes the reply and tags it with [INTENT:x]. */
  taggedReplies: z.boolean().default(false),
  /** When the model fails (timeout, errors, open circuit): answer with local understanding, or hand off to a person. */
  onModelFailure: z.enum(['local', 'handoff']).default('local'),
  /**
   * Pretrained word vectors as extra evidence for local understanding (docs/writing-a-bot.md): on by default for
   * the languages that ship a table (English); false turns them off.
   */
  wordVectors: z.boolean().optional(),
  /**
   * An embedding model ('openai:text-embedding-3-small', 'ollama:nomic-embed-text'): each message's nearest examples
   * join local understanding (one request per message; local understanding answers when it fails).
   */
  embeddings: embeddingsSchema.optional(),
  /**
   * No side effect on doubt: a turn that would write (a specialist's deferred writes) while local understanding is
   * below this confidence asks first (`<intent>_confirm` reply). 0 (the default) never asks.
   */
  confirmBelow: z.number().min(0).max(1).default(0),
  /**
   * How `readQueryWithModel` reads bot.yaml `queries`: `rules` (gazetteers, budgets, sizes) only, or, with a model
   * configured, `model` too: the model fills the fields the rules did not read, with values the gazetteers know.
   */
  entities: z.enum(['rules', 'model']).default('rules'),
  /**
   * The words a request's free text is trimmed of (`ctx.commands()` slots read as `text`), replacing the
   * language's: `leading` polite phrases and fillers, `glue` function words at its ends and beside a cut.
   */
  freeTextWords: z.strictObject({ leading: z.array(z.string().min(1)).optional(), glue: z.array(z.string().min(1)).optional() }).optional(),
  /**
   * Rules that correct the understood intents with the bot's own cues, in order, the first that holds deciding
   * (docs/how-to/code.md#refining-intents-with-rules).
   */
  refine: refineRulesSchema,
});

export const handoffSchema = z.strictObject({
  timeout_minutes: z.number().positive().default(30),
  reset_on_greeting: z.boolean().default(true),
  /** What the bot says when it hands a conversation over. */
  message: z.string().optional(),
  /** System message added when the bot takes a conversation back. */
  resume_message: z.string().optional(),
});

export const gazetteerSchema = z.strictObject({
  type: z.string(),
  values: z.record(z.string(), z.array(z.string())).default({}),
  /** More values from one of `data:`, a row each: its `value` column, its `synonyms` columns (docs/how-to/tables-and-search.md#data-shipped-with-the-bot). */
  from: gazetteerFromSchema.optional(),
  /**
   * Gazetteer types whose mentions hide this one's: a form of this type inside a form of one of them names nothing
   * ("proteina" inside "proteina de arroz", which the shop lacks). For mentions: `says:` in understanding.refine and
   * routing.rules, `ctx.mentioned`, `botVocabulary(...).mentioned` and `.mentions`.
   */
  notInside: z.array(z.string().min(1)).optional(),
  /** For GazetteerReader: words that, typed without diacritics, mean something else too ("den": đen, đến). */
  ambiguous: z.array(z.string()).optional(),
  /** Words right before an ambiguous word that make it this type's ("mau den"). */
  cues: z.array(z.string()).optional(),
  /** Types whose match right before an ambiguous word makes it this type's ("ao den"). */
  after: z.array(z.string()).optional(),
  /**
   * For GazetteerReader: ambiguous words that, ending the message or followed by one of `before`, are a particle
   * closing a question rather than this type's (Vietnamese "hong" = không in "có áo thun hong shop?").
   */
  finalParticles: z.strictObject({ words: z.array(z.string().min(1)), before: z.array(z.string().min(1)).default([]) }).optional(),
  /** Phrases holding a form that do not mean this type ("boa noite" names no shift). */
  not: z.array(z.string()).optional(),
  /** Words right before a form (one word may come between) that make it something else ("escola pública"). */
  exceptAfter: z.array(z.string()).optional(),
  /**
   * The intent a message naming one of these values always is, whatever the classifier read (drugs → the bot's
   * pharmacology intent). A request for a person still hands over.
   */
  intent: z.string().optional(),
  /** readGazetteer: which form wins when several are in the message (`first`, or the `longest` anywhere). */
  pick: z.enum(['first', 'longest']).optional(),
  /** Forms (or `all`) read only right after a `cuesBefore` phrase, or when the slot was asked. */
  cueOnly: z.union([z.array(z.string()), z.literal('all')]).optional(),
  cuesBefore: z.array(z.string()).optional(),
  /** readIndifferent: phrases meaning any value will do, the filler words beside them, the words between two values. */
  indifferent: z
    .strictObject({ phrases: z.array(z.string().min(1)).min(1), filler: z.array(z.string().min(1)).optional(), between: z.array(z.string().min(1)).optional() })
    .optional(),
});

const words = z.array(z.string().min(1)).optional();

const numberSpecShape = {
  before: z.array(z.string().min(1)).optional(),
  within: z.number().int().min(0).max(60).optional(),
  notWithin: z.array(z.string().min(1)).optional(),
  after: z.array(z.string().min(1)).optional(),
  notBefore: z.array(z.string().min(1)).optional(),
  notAfter: z.array(z.string().min(1)).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
  words: z.boolean().optional(),
  counts: z.boolean().optional(),
};

/**
 * A regex entity: every match of `pattern` (case-insensitive) becomes an entity of `type` whose value is the match;
 * or a number read from its cues (`number`), or an amount of money (`money`). Exactly one of the three.
 */
const patternEntitySchema = z
  .strictObject({
    type: z.string().min(1),
    pattern: botRegex.optional(),
    value: z.string().min(1).optional(),
    asked: z.boolean().optional(),
    number: z.strictObject(numberSpecShape).optional(),
    money: z.strictObject({ ...numberSpecShape, units: z.record(z.string(), z.number().positive()).optional(), per: z.record(z.string(), z.array(z.string().min(1))).optional() }).optional(),
    quantity: z.strictObject({ units: z.record(z.string().min(1), z.number().positive()), min: z.number().optional(), max: z.number().optional() }).optional(),
    place: z
      .strictObject({ cities: z.string().min(1), states: z.string().min(1).optional(), cues: words, stop: words, not: words, cityFirst: words })
      .optional(),
    household: z
      .strictObject({
        count: words, with: words, self: words, units: words, alone: words, relatives: words, groups: words, pairs: words, determiners: words, and: words,
        min: z.number().int().min(1).optional(), max: z.number().int().min(1).optional(),
      })
      .optional(),
    name: z.strictObject({ not: words }).optional(),
  })
  .refine(
    (e) => [e.pattern, e.number, e.money, e.quantity, e.place, e.household, e.name].filter((x) => x !== undefined).length === 1,
    'an entity has exactly one of pattern, number, money, quantity, place, household, name',
  )
  .refine((e) => e.pattern !== undefined || (e.value === undefined && e.asked === undefined), 'value and asked go with a pattern');

/** One constraint of a search request: a budget, a size, the caller's terms or a gazetteer's value. */
const queryFieldSchema = z.strictObject({
  kind: z.string().min(1),
  tolerance: z.number().min(0).max(1).optional(),
  generic: z.array(z.string()).optional(),
  stopwords: z.array(z.string().min(1)).optional(),
  except: z.array(z.string().min(1)).optional(),
});

/** A topic table for knowledge answers: a section heading per topic, with the cues that pick it. */
const knowledgeTopicsSchema = z.strictObject({
  topics: z.array(z.strictObject({ section: z.string().min(1), cues: z.array(z.string().min(1)).min(1) })).default([]),
  expansions: z.record(z.string(), z.string()).default({}),
  stopwords: z.string().default(''),
  domainPhrases: z.array(z.string().min(1)).default([]),
  followUp: z.array(botRegex).default([]),
  /** Compare words by this many first letters, accents and a plural "s" aside (off by default). */
  stem: z.number().int().min(3).max(12).optional(),
  /** Question words shorter than this say nothing (2). */
  minWordLength: z.number().int().min(1).max(12).optional(),
  /** Question words a passage must share, unless it holds a pair of them (2). */
  minWords: z.number().int().min(1).max(10).optional(),
  /** The least overlap score of an answer (3: a word in the heading 3, in the text 1, a pair 2). */
  minScore: z.number().min(0).optional(),
  /** Heading starts of overview sections: the answer to a question that names no subject. */
  overview: z.array(z.string().min(1)).default([]),
});

/** bot.yaml `ui.<id>`: a component shown as a UI part (`type: form` → a `data-form` part with the other keys as its data). */
const uiComponentSchema = z.strictObject({ type: z.literal('form'), ...formDataSchema.omit({ locale: true }).shape });

export const botConfigSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().default(''),
  /**
   * A language tag whose language the runtime reads: Portuguese, Spanish, Vietnamese or English, with or without
   * a region (`pt-BR`, `es-AR`, `es-MX`, `es`, `en-GB`). Understanding, dates and numbers follow the language;
   * the region only names the variety to a model.
   */
  language: z
    .string()
    .regex(/^(?:pt|es|vi|en)(?:-[A-Za-z0-9]{2,8})*$/, 'expected pt, es, vi or en, with or without a region: pt-BR, es-AR, es-MX, es, vi, en'),
  persona: z.string().default(''),
  model: z.string().default('local'),
  /** Sampling temperature of the bot's model calls (0–2); unset: the provider's default. The console may override it. */
  temperature: z.number().min(0).max(2).optional(),
  timeZone: z.string().default('America/Sao_Paulo').refine(isTimeZone, 'not a time zone: use an IANA name such as America/Sao_Paulo'),
  understanding: understandingSchema,
  intents: z.record(z.string(), intentSchema).refine((r) => Object.keys(r).length > 0, 'a bot needs at least one intent'),
  handoff: handoffSchema.default({ timeout_minutes: 30, reset_on_greeting: true }),
  /** Greeting patterns (regexes, case-insensitive, matched on accent-folded text) for reset_on_greeting. */
  greetings: z.array(botRegex).default([]),
  /** Folder of markdown knowledge documents, relative to the bot folder. */
  knowledge: z.string().optional(),
  /**
   * A question the knowledge documents do not answer: `reply` says so (`<intent>_not_found`, `knowledge_not_found`);
   * `model`, with a model configured, lets the model answer it from general knowledge (never the shop's facts).
   */
  knowledgeFallback: z.enum(['reply', 'model']).default('reply'),
  /** Which knowledge section answers a loosely written question (docs/how-to/knowledge-and-replies.md#knowledge-topics). */
  knowledgeTopics: knowledgeTopicsSchema.optional(),
  /** The tool cascade's sources: a calendar of dated events, the web search, its reply keys (docs/how-to/knowledge-and-replies.md#answers-the-tool-cascade). */
  answers: answersSchema.optional(),
  gazetteers: z.array(gazetteerSchema).default([]),
  /** Search requests read from a message, field by field (docs/how-to/tables-and-search.md#queries). */
  queries: z.record(z.string(), z.record(z.string(), queryFieldSchema)).default({}),
  /** Which size fits a customer's measurements, read with one of `queries:` (docs/how-to/tables-and-search.md#size-charts). */
  sizeChart: sizeChartSchema.optional(),
  /** A Saleor shop: channel, dev catalogue, currency, how a product request is searched (docs/how-to/saleor.md). */
  saleor: saleorConfigSchema.optional(),
  /** Searches over tables the bot owns: table, columns, filters, sorts, limit, widening (docs/how-to/tables-and-search.md#searching-a-table). */
  search: searchesSchema,
  /** Tables the bot loads from CSV files: the files, each column made from their cells, lookups by key (docs/how-to/tables-and-search.md#loading-a-table-from-csv-files). */
  tables: tablesSchema,
  /** Small tables shipped with the bot (a catalogue file), checked at load and kept in memory (docs/how-to/tables-and-search.md#data-shipped-with-the-bot). */
  data: dataSchema,
  /** Tables the bot's turns write (a CRM's leads), created as declared and read through `recordRows` (docs/how-to/tables-and-search.md#records-the-bot-writes). */
  records: recordsSchema,
  /**
   * The kinds of entity a message may point back at, each with the nouns that name it ("esse lead", "nela"):
   * `referenceReaderFor(config, kind)` reads such phrases (docs/how-to/commands-and-planners.md#references).
   */
  references: z.record(z.string(), z.array(z.string().min(1))).default({}),
  /** Regex entities (order numbers, document ids…). */
  entities: z.array(patternEntitySchema).default([]),
  /** Where messages go: the workflows a conversation stays in and ordered route rules (docs/how-to/code.md#routing-with-rules). */
  routing: routingSchema,
  /** Slot-filling forms (see docs/how-to/forms.md). */
  forms: z.record(z.string(), formSchema).default({}),
  /** What the bot remembers about a customer across conversations (see docs/how-to/forms.md#profile). */
  profile: profileSchema.optional(),
  /** A bot that plans several actions per message: each intent's tool, arguments and replies; see docs. */
  actions: actionsSchema.optional(),
  /** Sign-in required: unknown userId gets replies.blocked_unknown_user. */
  requireUser: z.boolean().default(false),
  /** Guardrails for every message: `true`, or the bot's own names and patterns (src/guardrails/settings.ts). */
  guardrails: guardrailsSchema.default(false),
  /** What happens when a message arrives while the session's turn runs. */
  doubleTexting: z.enum(['queue', 'merge', 'reject']).default('queue'),
  /** With doubleTexting: merge, messages arriving within this window become one turn. */
  mergeWindowMs: z.number().int().min(0).max(10_000).default(1500),
  /** Built-in skills (a request for a person, out of scope, small talk): on by default (docs/skills.md). */
  skills: skillsSchema,
  /** Reply templates and fixed texts, in the bot's language. */
  replies: z.record(z.string(), z.string()).default({}),
  /**
   * Components a reply can show besides its text (docs/how-to/chat-api.md#ui-parts): `type: form` is a small form
   * whose submit sends a message (a form slot's `ui:` shows it with the slot's question). Channels get the text only.
   */
  ui: z.record(z.string(), uiComponentSchema).default({}),
  /** Progress labels per tool for the console ("Consultando seu perfil…"). */
  toolLabels: z.record(z.string(), z.string()).default({}),
  /** Free per-bot settings (timetables, minimum wage…); `channels` is checked (src/bot/channel-settings.ts). */
  settings: z
    .record(z.string(), z.unknown())
    .default({})
    .superRefine((settings, ctx) => {
      if (settings.channels === undefined) return;
      const checked = channelSettingsSchema.safeParse(settings.channels);
      for (const issue of checked.success ? [] : checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['channels', ...issue.path] });
    }),
});

/**
 * The schema plus cross-references: the fallback, exclusive intents, skills' intents and forms' intents must name
 * intents; a slot's kind must be built in, a gazetteer's or a regex entity's; no slot may be called `confirm`; a form
 * read by the slot readers names slots, entities and gazetteers that exist.
 */
export const checkedBotConfigSchema = botConfigSchema.superRefine((c, ctx) => {
  for (const { path, message } of botConfigProblems(c)) ctx.addIssue({ code: 'custom', path, message });
});

export type BotConfig = z.infer<typeof botConfigSchema>;
export type IntentConfig = z.infer<typeof intentSchema>;


/** Whether Intl knows the zone (dates and times are computed in it). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
