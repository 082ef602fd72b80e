// Contracts of local understanding. Everything in src/nlu implements or returns these shapes;
// the engine and the LLM understander depend only on them.

import type { MoneySpec, NumberSpec } from './slot-reader/numbers.ts';
import type { HouseholdSpec } from './slot-reader/household.ts';
import type { IndifferentSpec } from './slot-reader/indifferent.ts';
import type { NameSpec } from './slot-reader/names.ts';
import type { PlaceSpec } from './slot-reader/places.ts';

export type Language = 'pt' | 'es' | 'vi' | 'en';

/** One labelled training utterance. */
export interface Example {
  text: string;
  intent: string;
}

export interface IntentScore {
  id: string;
  confidence: number; // 0..1, calibrated enough that a threshold means something
}

export interface Entity {
  type: string; // 'date' | 'time' | 'datetime' | 'number' | 'money' | 'score' | 'phone' | 'email' | 'person' | 'company' | 'yesno' | gazetteer type…
  value: unknown; // normalised value (ISO date 'YYYY-MM-DD', 'HH:MM', number, canonical gazetteer value, boolean…)
  text: string; // the matched surface text
  /**
   * Another reading of the same words, for a reader that can tell which one fits: a time said on the 12-hour
   * clock without its half of the day ("a las 9", "às 7") is 09:00 with `alt` 21:00.
   */
  alt?: unknown;
  /**
   * A date said as a span of days rather than a day ("next week", "next month"): its value is the span's first day,
   * for a reader that needs a date; a form asking for a day asks which.
   */
  vague?: boolean;
  start?: number;
  end?: number;
}

/** The slot kinds a pending flow stage can wait for; any other string is an entity type (a gazetteer's, a regex entity's). */
export type SlotKind = 'yesno' | 'date' | 'time' | 'datetime' | 'number' | 'money' | 'name' | 'email' | 'phone' | 'text' | (string & {});

/** An active flow as understanding sees it: which intent owns it and what it waits for. */
export interface ActiveFlowContext {
  flow: string; // flow id, e.g. 'trial'
  intent: string; // the intent that continues it, e.g. 'trial'
  stage: string; // e.g. 'ask_date'
  expects?: SlotKind[]; // slot kinds that continue the flow at this stage
  description?: string; // human text for LLM prompts ("Cliente está no meio de um agendamento…")
}

export interface Gazetteer {
  type: string; // entity type, e.g. 'product_type'
  values: Record<string, string[]>; // canonical value → synonyms (surface forms)
  /** GazetteerReader only: ambiguous words without diacritics, the cue words and preceding types that settle them. */
  ambiguous?: string[];
  cues?: string[];
  after?: string[];
  /** GazetteerReader only: ambiguous words that, last or before one of `before`, close a question ("hong" = không). */
  finalParticles?: { words: string[]; before: string[] };
  /** Phrases holding a form that do not mean this type ("boa noite" names no shift). */
  not?: string[];
  /** Words right before a form (one word may come between) that make it something else ("escola pública"). */
  exceptAfter?: string[];
  /** readGazetteer only: `first` (default) or `longest` form in the message wins. */
  pick?: 'first' | 'longest';
  /** readGazetteer only: forms (or `all`) read only right after a `cuesBefore` phrase, or when the slot was asked. */
  cueOnly?: string[] | 'all';
  cuesBefore?: string[];
  /** readIndifferent only: phrases (and their filler words) that mean any of the values will do. */
  indifferent?: IndifferentSpec;
}

export interface UnderstandInput {
  text: string;
  flows: ActiveFlowContext[];
  history?: { role: 'user' | 'assistant'; content: string }[];
  now: Date; // clock for relative dates
  timeZone?: string;
  /** Facts the bot supplies for model prompts (catalogue lines, knowledge passages); unused locally. */
  context?: string;
  /** The turn's understanding budget (src/nlu/bounds.ts): once spent, understanding stops where it is and falls back. */
  budget?: { readonly spent: boolean };
  /** Model calls made while understanding are appended here (the turn's trace). */
  trace?: { model: string; purpose: string; latencyMs: number; inputTokens?: number; outputTokens?: number; ok: boolean; error?: string }[];
}

export interface Understanding {
  intents: IntentScore[]; // the chosen set (after multi-intent merging and exclusivity rules), best first
  entities: Entity[];
  language: Language;
  source: 'local' | 'llm';
  /** true when the local result is unsure (below threshold, ambiguous multi-intent, unplaced flow answer) */
  unsure?: boolean;
  /**
   * A built-in skill the message calls for (src/skills): a request for a person, out of scope, or small talk.
   * The engine decides whether it applies (a bot's own handoff intent or active workflow comes first).
   */
  skill?: {
    kind: 'human' | 'out_of_scope' | 'greeting' | 'thanks' | 'acknowledge' | 'goodbye' | 'bot_question';
    confidence: number;
    mentionsBot?: boolean;
    /** Read by its words alone (a short acknowledgement: src/skills/short-replies.ts), not by the detector's model. */
    byWords?: boolean;
  };
  /**
   * The skills' out-of-scope reading of a message that came while a form waits: it does not decide the turn (the
   * form reads what it can), but a handoff intent the classifier gave such a message is not followed. `question`:
   * the message asks something ("?"), so it is no answer to the form however the classifier read it.
   */
  skillAside?: { kind: 'out_of_scope'; confidence: number; question: boolean };
  /** free-text reply some understanders produce for the fallback intent (seed 000's general_response) */
  generalResponse?: string;
  /** A complete reply produced while understanding (seed 004's tagged replies): specialists are skipped. */
  reply?: string;
  /** A line said before the turn's answer (small talk while a form waits, before it asks again). */
  lead?: string;
  /** Why a fallback path answered (e.g. the model failed and local understanding was used). */
  note?: string;
  /**
   * What bounded this reading: `length`, only the message's first MAX_UNDERSTOOD_CHARS characters were read;
   * `budget`, the understanding budget was spent and the bot's fallback answers (src/nlu/bounds.ts).
   */
  bounded?: 'length' | 'budget';
  /** diagnostic scores of the whole utterance, best first */
  scores?: IntentScore[];
}

export interface UnderstandingOptions {
  language: Language;
  /** The bot's language tag (bot.yaml `language`, "en-GB"): whether "3/10" reads day first (src/nlu/entities/date-order.ts); default `language`. */
  locale?: string;
  threshold: number; // below it a clause goes to the fallback intent
  fallback: string; // e.g. 'general', 'off_topic', 'otro'
  exclusive: string[]; // intents that must stand alone
  multiIntent: boolean; // false → single label (best one)
  /** The language's shipped word vectors as extra classifier features (default: where a table exists, English). */
  wordVectors?: boolean;
  gazetteers?: Gazetteer[];
  patterns?: PatternEntity[];
}

/**
 * An entity declared in bot.yaml `entities:`: each match of `pattern` becomes an entity of this type, or a number
 * read from its cue words and units (`number`), or an amount of money (`money`).
 */
export interface PatternEntity {
  type: string;
  pattern?: string;
  /** With `pattern`: the entity's value for every match, `$1`… standing for its groups (else the first group that matched, else the match). */
  value?: string;
  /** With `pattern`: read only when the slot of this type is being asked. */
  asked?: boolean;
  number?: NumberSpec;
  money?: MoneySpec;
  quantity?: QuantitySpec;
  /** Read by readPlace: a city (of a gazetteer, or after a cue) with its state. */
  place?: PlaceSpec;
  /** Read by readHousehold: how many people live in a household. */
  household?: HouseholdSpec;
  /** Read by readPersonName / readBareName: words that are never a name. */
  name?: NameSpec;
}

/** An amount said with a unit ("1,5 kg", "medio kilo"), its value converted to one base unit: `units` give each unit's worth. */
export interface QuantitySpec {
  units: Record<string, number>;
  min?: number;
  max?: number;
}

export interface Understander {
  understand(input: UnderstandInput): Promise<Understanding>;
}
