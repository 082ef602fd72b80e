// A planner model's reply (JSON, fenced JSON, Python-ish literals) read as the bot's actions: the intent and slot
// names the model chose mapped to the bot's own by the aliases bot.yaml declares (`intents.<id>.aliases`,
// `intents.<id>.slots.<slot>.aliases`), and each slot's value read by its kind. Never throws.
import { deadlineFrom } from '../nlu/entities/deadline.ts';
import { parseNumeral } from '../nlu/entities/numbers.ts';
import { foldDiacritics } from '../text/index.ts';
import type { Language } from '../nlu/types.ts';
import { tryParseJsonLoose } from './json.ts';
import { parseObjectLoose, tryParseLiteral } from './literal.ts';

type PlanSlotKind = 'text' | 'ref' | 'number' | 'datetime' | 'boolean';

export interface PlanIntentSpec {
  aliases?: string[];
  slots?: Record<string, { kind?: PlanSlotKind; aliases?: string[] }>;
}

export interface PlannedAction {
  intent: string;
  slots: Record<string, string | number | boolean>;
  /** The slots as the model wrote them (after parsing), for what a bot reads itself. */
  raw: Record<string, unknown>;
}

export interface PlanReply {
  actions: PlannedAction[];
  /** false when the reply could not be used at all (not JSON, no actions list, nothing known). */
  usable: boolean;
  problems: string[];
}

export interface PlanReadOptions {
  lang: Language;
  now: Date;
  timeZone: string;
}

const key = (name: string) => foldDiacritics(name.toLowerCase()).trim().replace(/[\s-]+/g, '_');
const EMPTY = new Set(['', 'none', 'null', 'undefined', 'n/a', 'na', '-', 'nenhum', 'nenhuma', 'ninguno', 'ninguna']);

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').replace(/[\s,;:.!?]+$/g, '').trim();
}

function textValue(v: unknown): string | undefined {
  if (v === null || v === undefined || typeof v === 'object') return undefined;
  const s = clean(String(v));
  return EMPTY.has(key(s)) ? undefined : s;
}

/** A reference: a string, UUID('…'), or an object such as {'nome': 'Lennon', 'id': UUID('…')} (the id wins). */
export function refValue(v: unknown): string | undefined {
  if (typeof v === 'string') {
    const o = /^[[{(]/.test(v.trim()) ? parseObjectLoose(v) : null;
    if (o) return refValue(o);
    const literal = /^\w+\(/.test(v.trim()) ? tryParseLiteral(v.trim()) : undefined;
    return textValue(typeof literal === 'string' ? literal : v);
  }
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const id = Object.keys(o).find((k) => /(?:^|_)(?:id|uuid)$/.test(key(k)) && o[k] != null);
    if (id) return refValue(o[id]);
    const name = Object.keys(o).find((k) => ['nome', 'name', 'nombre', 'titulo', 'title'].includes(key(k)) && o[k] != null);
    if (name) return refValue(o[name]);
  }
  return undefined;
}

function slotValue(kind: PlanSlotKind, v: unknown, options: PlanReadOptions): string | number | boolean | undefined {
  switch (kind) {
    case 'ref':
      return refValue(v);
    case 'number':
      if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
      return typeof v === 'string' && /\d/.test(v) ? parseNumeral(v.replace(/[^\d.,-]/g, ''), options.lang) ?? undefined : undefined;
    case 'datetime':
      return deadlineFrom(v, options)?.toISOString();
    case 'boolean':
      return v === true || /^(?:true|sim|si|sí|yes|1)$/i.test(String(v));
    case 'text':
      return textValue(v);
  }
}

/** The actions list inside a reply, in whatever shape it came. */
function actionList(raw: unknown): unknown[] | null {
  const value = typeof raw === 'string' ? tryParseJsonLoose(raw) : raw;
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['actions', 'acoes', 'ações', 'acciones', 'plan', 'intents']) {
      if (Array.isArray(o[k])) return o[k] as unknown[];
      if (typeof o[k] === 'string') return actionList(o[k]);
    }
    if ('intent' in o) return [o];
  }
  return null;
}

/** Read a planner reply against the bot's intents; unknown intents are dropped and reported, unknown slots dropped. */
export function readPlanReply(raw: unknown, intents: Record<string, PlanIntentSpec>, options: PlanReadOptions): PlanReply {
  const list = actionList(raw);
  if (!list) return { actions: [], usable: false, problems: ['planner output has no actions list'] };
  const intentOf = intentNames(intents);
  const actions: PlannedAction[] = [];
  const problems: string[] = [];
  for (const item of list) {
    const read = readAction(item, intentOf, intents, options);
    if (typeof read === 'string') problems.push(read);
    else actions.push(read);
  }
  return { actions, usable: actions.length > 0 || (list.length === 0 && problems.length === 0), problems };
}

/** Each intent's id and aliases (as keys) mapped to the intent's id. */
function intentNames(intents: Record<string, PlanIntentSpec>): Map<string, string> {
  const intentOf = new Map<string, string>();
  for (const [id, spec] of Object.entries(intents)) for (const name of [id, ...(spec.aliases ?? [])]) intentOf.set(key(name), id);
  return intentOf;
}

/** One item of the actions list read as an action, or the problem that made it unusable. */
function readAction(item: unknown, intentOf: Map<string, string>, intents: Record<string, PlanIntentSpec>, options: PlanReadOptions): PlannedAction | string {
  const o = parseObjectLoose(item);
  if (!o) return `not an action: ${String(item).slice(0, 60)}`;
  const named = intentName(o);
  const intent = typeof named === 'string' ? intentOf.get(key(named)) : undefined;
  if (!intent) return `unknown intent: ${String(o.intent ?? o.name ?? '?')}`;
  return { intent, ...readSlots(givenSlots(o), intents[intent].slots ?? {}, options) };
}

/** The intent an action names, under whichever key the model used for it. */
function intentName(o: Record<string, unknown>): unknown {
  return o.intent ?? o.intencao ?? o.name ?? o.tool;
}

/** The slots an action gives, under whichever key the model used for them; none when they are not an object. */
function givenSlots(o: Record<string, unknown>): Record<string, unknown> {
  return parseObjectLoose(o.slots ?? o.args ?? o.parametros ?? o.params ?? {}) ?? {};
}

/** Each slot's name and aliases (as keys) mapped to the slot. */
function slotNames(slotSpecs: NonNullable<PlanIntentSpec['slots']>): Map<string, string> {
  const slotOf = new Map<string, string>();
  // A slot's own name first, then aliases in the order declared: the first slot to claim a name keeps it.
  for (const slot of Object.keys(slotSpecs)) slotOf.set(key(slot), slot);
  for (const [slot, spec] of Object.entries(slotSpecs)) for (const name of spec.aliases ?? []) if (!slotOf.has(key(name))) slotOf.set(key(name), slot);
  return slotOf;
}

/** The slots the model gave, kept only when the intent declares them, each read by its kind. */
function readSlots(given: Record<string, unknown>, slotSpecs: NonNullable<PlanIntentSpec['slots']>, options: PlanReadOptions): Pick<PlannedAction, 'slots' | 'raw'> {
  const slotOf = slotNames(slotSpecs);
  const slots: PlannedAction['slots'] = {};
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    const slot = slotOf.get(key(name));
    if (!slot || value === null || value === undefined) continue;
    raw[slot] = value;
    const v = slotValue(slotSpecs[slot].kind ?? 'text', value, options);
    if (v !== undefined) slots[slot] = v;
  }
  return { slots, raw };
}
