// The shapes a bot author meets: what a specialist receives, what it returns, and the events of a turn.
import type { Profile } from '../profile/schema.ts';
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import type { Entity, Understander, Understanding } from '../nlu/types.ts';
import type { CommandClause } from '../nlu/commands.ts';
import type { WebSearchResult } from '../knowledge/web-search.ts';
import type { SessionRow, Sql, Migration } from '../store/index.ts';
import type { DeclaredValidator, FormHooks, SlotExtractor, SlotValidator } from '../forms/types.ts';
import type { SlotTextReader, SlotVocabulary } from '../forms/reading.ts';
import type { DeferredWrite, WriteRejected } from './outcomes.ts';
import type { ActionTool } from '../actions/queue.ts';
import type { TableSearchParams, TableSearchResult } from '../catalogue/table-search.ts';

/** One short piece of the reply, produced by one specialist or action; the narrate node joins them. */
export interface Segment {
  intent: string;
  text: string;
  ok: boolean;
  data?: unknown;
}

/** The events of a turn and its result travel as the wire contract defines them. */
export type { ChatResult, TurnEvent, TurnResult, UiPart } from '../contract/index.ts';
import type { TurnEvent, UiPart } from '../contract/index.ts';

/** One entry of a turn's trace: which node ran, when, for how long. */
export interface TraceEntry {
  node: string;
  startMs: number;
  ms: number;
  ok?: boolean;
  /** On the understanding entry: the classifier's best scores of the whole message, and the intents chosen. */
  scores?: { id: string; confidence: number }[];
  chosen?: { id: string; confidence: number }[];
  /** Why the node failed (a rejected or failed write), kept for the operator's trace view. */
  error?: string;
  /** On the understanding entry (and a gate's or a confirmation's): the policy that decided the route, and why. */
  policy?: string;
  why?: string;
  /** On the understanding entry: the entities read from the message, with where they are in it. */
  entities?: TracedSpan[];
  /** On the understanding entry: the rule that decided where the message goes ("skill: human", "intents → routes"). */
  rule?: string;
  /** On a form's entry (`form:<id>`): what the message gave its slots and the state it left. */
  form?: FormTrace;
}

/** A value read from the message and where (`start`, `end`: offsets in the message; absent when not located). */
export interface TracedSpan {
  type: string;
  value: unknown;
  text?: string;
  start?: number;
  end?: number;
}

/** A form's turn in the trace: the values read per slot (before checks), the ones refused, and the state after. */
export interface FormTrace {
  stage: string | null;
  slots: Record<string, unknown>;
  read: TracedSpan[];
  refused: string[];
}

/** A model call made during the turn: defined by src/llm, which records them (a type only: no runtime import). */
export type { ModelCallRecord } from '../llm/binding.ts';

export interface Passage {
  doc: string;
  heading: string;
  content: string;
  score: number;
}

/**
 * The conversation as a bot sees it. `userId` is the verified user only (a signed user token, a channel's own
 * identity, the console); an id a caller merely claimed is `claimedUserId`, a label for operators that a bot
 * must never use as a key. The session's secret is not part of it.
 */
export type BotSession = Readonly<Omit<SessionRow, 'userId' | 'userVerified' | 'secret'>> & {
  readonly userId: string | null;
  readonly claimedUserId: string | null;
};

/** A conversation's lasting state: top-level keys, each usually owned by one flow or specialist. */
export type Memory = Record<string, unknown>;

/** A turn's scratch, shared along one specialist's steps (what one step found, for the next). */
export type TurnData = Record<string, unknown>;

/**
 * Everything a specialist step can see and do during one turn. `Services` is what the bot's `setup` returned,
 * `M` the shape of its lasting memory, `D` the shape of the turn's scratch (see defineBot).
 */
export interface TurnContext<Services = unknown, M extends object = Memory, D extends object = TurnData> {
  readonly bot: BotConfig;
  readonly intentsConfig: Record<string, IntentConfig>;
  readonly session: BotSession;
  readonly text: string;
  readonly now: Date;
  readonly understanding: Understanding;
  readonly intents: string[];
  readonly entities: Entity[];
  /** In a message with several intents, the entities of the clauses that belong to `intent` (all of them otherwise). */
  entitiesFor(intent: string): Entity[];
  /**
   * The message read as a list of commands without a model: one request per clause with its intent and its own
   * entities (docs/how-to/commands-and-planners.md#commands-one-request-per-clause). Clauses below the understanding threshold join a free-text intent
   * before them or are dropped.
   */
  commands(): CommandClause[];
  /** The lasting per-conversation state as it was when the turn started (merged updates of earlier steps included). */
  readonly memory: Partial<M>;
  /** Per-turn scratch shared along a specialist's steps (e.g. extracted entities → query); a step may also set a key. */
  readonly data: Partial<D>;
  readonly history: { role: 'user' | 'assistant'; content: string }[];
  /** Reads during the turn. Writes go through `defer` so they commit with the reply. */
  readonly sql: Sql;
  readonly model: TurnModel | null;
  /** What the bot's setup returned (clients, servers) for this runtime. */
  readonly services: Services;
  emit(event: TurnEvent): void;
  /** Add an entry to the turn's trace (the debug view of `chat --debug` and the console): what a step read and decided. */
  note?(entry: Omit<TraceEntry, 'startMs' | 'ms'>): void;
  /** Run a tool: emits tool_start/tool_end (with the bot's progress label) and records it in the trace. */
  tool<T>(name: string, input: unknown, run: () => Promise<T>): Promise<T>;
  /**
   * Queue a write for the turn's persist transaction (state, reply and these commit together). It may return
   * `{ memory }` to make the lasting state follow what it really did (the id of the row it kept), and may
   * throw `WriteRejected` when its effect cannot happen: the turn then runs again with `rejected` set.
   */
  defer(write: DeferredWrite): void;
  /**
   * Show a UI part with the reply (`data-cards`, `data-form`, a bot's own `data-<name>`): streamed after the text and
   * returned in `parts`; the web simulator renders it. Channels send only the text, which must stand without it.
   */
  part(part: UiPart): void;
  /** Set when this turn runs again because a deferred write of its first run was rejected: answer for it. */
  readonly rejected?: WriteRejected;
  /** The knowledge passages for `query`, best first; with `documents`, every passage of those documents (matching first). */
  searchKnowledge(query: string, limit?: number, options?: { documents?: string[] }): Promise<Passage[]>;
  /** The web search of bot.yaml `answers.web` (off with SWITCHBOARD_OFFLINE=1; never throws, gives up after its timeout). */
  searchWeb(query: string): Promise<WebSearchResult>;
  /** Run bot.yaml's `search.<name>` over its table as a tool (tool_start/tool_end named by its `tool:`, else `name`). */
  search<Row = Record<string, unknown>>(name: string, params?: TableSearchParams): Promise<TableSearchResult<Row>>;
  /** The bot's local classifier on any text (e.g. to tell which clause of a message is this intent's). */
  classify(text: string): { id: string; confidence: number }[];
  /** What one of bot.yaml's regex entities of this type matches in the text (the message by default), folded; undefined when none does. */
  says(type: string, text?: string): string | undefined;
  /** Every value of bot.yaml's gazetteer of this type the text (the message by default) names, in the gazetteer's order. */
  mentioned(type: string, text?: string): string[];
  /** The bot's reply template `key` with {placeholders} filled. */
  reply(key: string, vars?: Record<string, string | number>): string;
  /**
   * The customer's profile (bot.yaml `profile:`): every declared field, null when not known. Read once a turn
   * through the profile's `read` tool (a tool event), then kept for the turn. Throws when the bot has no profile.
   */
  profile(): Promise<Profile>;
  /**
   * Check and save profile fields (null clears one): the declared, valid ones are written with the reply and the
   * turn's profile shows them at once; the others come back in `rejected`. Announced as the profile's `write` tool.
   */
  saveProfile(updates: Record<string, unknown>): Promise<{ updated: string[]; rejected: string[] }>;
}

/** What a model-enabled turn can ask of the bot's model (see src/llm); null when the bot runs locally. */
export interface TurnModel {
  spec: string;
  generate(args: { system: string; user: string; purpose: string; onDelta?: (text: string) => void }): Promise<string>;
  json(args: { system: string; user: string; purpose: string }): Promise<unknown>;
}

export interface StepResult<M extends object = Memory, D extends object = TurnData> {
  segments?: Segment[];
  /** Shallow-merged into the lasting state (by top-level key). */
  memory?: Partial<M>;
  /** Shallow-merged into the turn's scratch for the next steps. */
  data?: Partial<D>;
  /** Ask the runtime to hand the conversation to a person after this turn. */
  handoff?: { reason: string };
  /** Switch (string) or clear (null) the session's active workflow; a switch tags the turn's user message with it too. */
  workflow?: string | null;
  /** The intents this turn really served, when the specialist knows better than understanding (a planner). */
  intents?: string[];
}

export type Step<Services = unknown, M extends object = Memory, D extends object = TurnData> = (
  ctx: TurnContext<Services, M, D>,
) => Promise<StepResult<M, D> | void> | StepResult<M, D> | void;

/** A specialist is one step, or a named chain of steps that become graph nodes in order. */
export type Specialist<Services = unknown, M extends object = Memory, D extends object = TurnData> = Step<Services, M, D> | { steps: [name: string, step: Step<Services, M, D>][] };

export interface RouteContext<M extends object = Memory> {
  text: string;
  intents: string[];
  understanding: Understanding;
  memory: Partial<M>;
  session: BotSession;
  bot: BotConfig;
  /** Reads for routing decisions (e.g. a user profile kept in the bot's tables). */
  sql: Sql;
}

/** A named test of a text for `understanding.refine` rules (`check:`); `text` is the message or one clause of it. */
export type RefinePredicate<M extends object = Memory> = (text: string, ctx: RouteContext<M>) => boolean | Promise<boolean>;

export interface BotDefinition<Services = unknown, M extends object = Memory, D extends object = TurnData> {
  /** Specialists by route name; by default an intent routes to the specialist of the same name. */
  specialists: Record<string, Specialist<Services, M, D>>;
  /**
   * Adjust the understood intents before handoff and routing, with knowledge only the bot has
   * (e.g. a product question about something not in the catalogue becomes `precio_stock`).
   */
  refineIntents?: (ctx: RouteContext<M>) => string[] | Promise<string[]>;
  /**
   * Named tests for bot.yaml `understanding.refine` rules (`check: unknownProduct`), for what only the bot's data
   * knows: each says whether it holds for a text (the message, or one clause of it).
   */
  predicates?: Record<string, RefinePredicate<M>>;
  /** Facts for model prompts when a model is configured (catalogue lines, policies); unused locally. */
  modelContext?: (ctx: { text: string; sql: Sql; config: BotConfig }) => Promise<string>;
  /** Route override: which specialists run for this turn (in parallel). */
  route?: (ctx: RouteContext<M>) => string[] | Promise<string[]>;
  /**
   * Values for the placeholders of the runtime's own replies (small talk: `greeting: "Oi{name_suffix}!"`), from what
   * only the bot knows (a profile in its tables). Placeholders without a value are left out.
   */
  replyVars?: (ctx: TurnContext<Services, M, D>) => Record<string, string> | Promise<Record<string, string>>;
  /** Narration override: joins the segments into one reply. */
  narrate?: (segments: Segment[], ctx: { bot: BotConfig; intents: string[] }) => string;
  /**
   * Named slot validators for bot.yaml forms (`validate: { use: name }`): a function, or `{ check, dependsOn }` to
   * check the slot again when one of the slots it reads changes.
   */
  validators?: Record<string, SlotValidator<Services, M, D> | DeclaredValidator<Services, M, D>>;
  /** Named slot readers for bot.yaml forms (`extract: name`), when the bot reads its slots itself. */
  extractors?: Record<string, SlotExtractor<Services, M, D>>;
  /**
   * Readers of single slots for `read: message` forms (slot key `reader`), when a slot needs the bot's own domain
   * (abbreviations of its course names): each reads one value out of the message the runtime is reading.
   */
  slotReaders?: Record<string, SlotTextReader>;
  /**
   * Vocabulary the bot's data adds for reading slots in `read: message` forms: values for its gazetteers and the
   * cities its `place:` entities know. Return the same object while the data does not change (it is compiled once).
   */
  slotVocabulary?: (ctx: TurnContext<Services, M, D>) => SlotVocabulary | undefined | Promise<SlotVocabulary | undefined>;
  /**
   * The tools of bot.yaml `actions:` by name, made for each turn (a store over `ctx.sql` whose writes go through
   * `ctx.defer`): with `actions.specialist`, the runtime plans every message and runs them.
   */
  tools?: (ctx: TurnContext<Services, M, D>) => Record<string, ActionTool>;
  /** Code for bot.yaml forms, by form id: where known values come from and go, what to do when a form completes. */
  forms?: Record<string, FormHooks<Services, M, D>>;
  /** Tables the bot owns. */
  migrations?: Migration[];
  /** Runs once at start-up after migrations (load data, start helpers); what it returns is `ctx.services`. */
  setup?: (ctx: BotSetupContext) => Promise<Services>;
  /** Slower preparation that can wait until the server answers (after every classifier has trained). */
  warmUp?: (services: Services) => Promise<void>;
  /** Replace understanding entirely (e.g. a bot-specific understander). */
  understander?: (defaults: { local: Understander; config: BotConfig }) => Understander;
  /** false: never ask the model to classify (the bot plans with the model itself). */
  modelUnderstanding?: boolean;
  /** Node names of the fixed graph parts, to follow a seed's vocabulary (e.g. understand → classify_question). */
  nodeNames?: { understand?: string; narrate?: string };
  /** Cleanup at shutdown (receives what setup returned). */
  close?: (services: Services) => Promise<void>;
}

export interface BotSetupContext {
  sql: Sql;
  /**
   * Run `fn` holding a lock every process on the same store shares (a one-time data load that two servers
   * starting together must not both do); in-process stores simply run it.
   */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  config: BotConfig;
  dir: string;
  log: (msg: string) => void;
  env: NodeJS.ProcessEnv;
}
