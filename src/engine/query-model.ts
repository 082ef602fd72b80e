// A bot.yaml query (`queries.<name>`) read from a message by the rules (gazetteers, budgets, sizes) and, with
// `understanding.entities: model` and a model configured, by the model too: it fills the fields the rules did not
// read ("áo màu rêu", "đồ mặc đi đám cưới"), choosing gazetteer fields among the gazetteer's own values, so what
// it adds is always something the bot can search.
import { readBotQuery, type QueryValue } from '../nlu/index.ts';
import type { TurnContext } from './types.ts';

export interface QueryReading {
  values: Record<string, QueryValue>;
  /** The fields the model filled (none without a model or with `understanding.entities: rules`). */
  fromModel: string[];
}

/** What each field may hold, told to the model. */
function describeField(kind: string, values: string[] | undefined): string {
  if (values) return `one of: ${values.join(', ')}`;
  if (kind === 'budget') return 'a price range {"gte"?: number, "lte"?: number, "currency": "VND"|"USD"|"BRL"|"ARS"|"EUR"}';
  if (kind === 'size') return 'a clothing size (S, M, L, XL, XXL) or a shoe size number, as a string';
  if (kind === 'height') return "the person's height in cm, a number";
  if (kind === 'weight') return "the person's weight in kg, a number";
  return 'text';
}

/** The model's value for a field, when it is one the field can hold; else undefined. */
function validValue(kind: string, values: string[] | undefined, raw: unknown): QueryValue | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (values) return typeof raw === 'string' && values.includes(raw) ? raw : undefined;
  return Object.hasOwn(VALUE_OF_KIND, kind) ? VALUE_OF_KIND[kind](raw) : undefined;
}

/** A height (cm) or a weight (kg): a positive number under 300. */
function measure(raw: unknown): QueryValue | undefined {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 && n < 300 ? n : undefined;
}

/** A size, upper case ("m" is M, 38 is "38"). */
function size(raw: unknown): QueryValue | undefined {
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw).toUpperCase() : undefined;
}

/** A price range with at least one bound (non-negative numbers), and its currency when named. */
function budget(raw: unknown): QueryValue | undefined {
  if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : undefined);
  const range = { gte: num(r.gte), lte: num(r.lte), currency: typeof r.currency === 'string' ? r.currency : undefined };
  if (range.gte === undefined && range.lte === undefined) return undefined;
  return Object.fromEntries(Object.entries(range).filter(([, v]) => v !== undefined)) as QueryValue;
}

/** The model's value for a field of each kind with a shape of its own (other kinds take none). */
const VALUE_OF_KIND: Record<string, (raw: unknown) => QueryValue | undefined> = { height: measure, weight: measure, size, budget };

/**
 * The query's fields in the message: the rules' reading, plus the model's for the fields the rules left empty when
 * the bot reads entities with a model (`understanding.entities: model`). A failing model leaves the rules' reading.
 * `terms` fields are the rules' alone (the caller's word list).
 */
export async function readQueryWithModel(ctx: TurnContext, name: string, terms?: Iterable<string>, text: string = ctx.text): Promise<QueryReading> {
  const values = readBotQuery(ctx.bot, name, text, terms);
  const fields = ctx.bot.queries[name];
  if (!fields || !ctx.model || ctx.bot.understanding.entities !== 'model') return { values, fromModel: [] };
  const missing = Object.entries(fields).filter(([field, spec]) => spec.kind !== 'terms' && values[field] === undefined);
  if (!missing.length) return { values, fromModel: [] };
  const known = (kind: string) => {
    const g = ctx.bot.gazetteers.find((x) => x.type === kind);
    return g ? Object.keys(g.values) : undefined;
  };
  const system =
    `Read the customer's message (language: ${ctx.bot.language}) and answer with one JSON object holding, for each field below, its value or null when the message does not say it. ` +
    'Never guess a value the message does not state or clearly imply.\n' +
    missing.map(([field, spec]) => `- ${field}: ${describeField(spec.kind, known(spec.kind))}`).join('\n');
  let answer: unknown;
  try {
    answer = await ctx.model.json({ system, user: text, purpose: `entities:${name}` });
  } catch (err) {
    console.warn(`[${ctx.bot.id}] the model could not read the ${name} query: ${(err as Error).message}`);
    return { values, fromModel: [] };
  }
  const read = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const fromModel: string[] = [];
  for (const [field, spec] of missing) {
    const value = validValue(spec.kind, known(spec.kind), read[field]);
    if (value === undefined) continue;
    values[field] = value;
    fromModel.push(field);
  }
  return { values, fromModel };
}
