// A request's slots read without a model, as bot.yaml declares them (`intents.<id>.slots.<slot>`, the same slots a
// planner model fills): from one of the clause's entities, its deadline, a name or a text after cue words, the
// person (and company) its free text opens with, a phrase pointing at an earlier entity, or the free text itself,
// trimmed of polite phrases and of the words that glued it to what the other slots cut out of it.
import type { CommandClause } from '../commands.ts';
import { readDeadline } from '../entities/deadline.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import type { ReferenceReader } from '../references.ts';
import { readOpeningName, readPersonName } from '../slot-reader/names.ts';
import { SlotText } from '../slot-reader/slot-text.ts';
import { extractCuedNumbers } from '../entities/patterns.ts';
import type { Entity, Language, PatternEntity } from '../types.ts';
import { coordinatedNames } from './coordinated.ts';
import { ID, readNameAt, type NameAt } from './name-at.ts';
import { cueMatches, Reading, tidyFreeText, type Span } from './reading.ts';
import { freeTextWords, type FreeTextWords, type LanguageWords } from './words.ts';

export type CommandSlotValue = string | number | boolean;

/** Where a slot's value comes from when the request is read without a model (bot.yaml, beside `kind` and `aliases`). */
export interface CommandSlotSpec {
  kind?: 'text' | 'ref' | 'number' | 'datetime' | 'boolean';
  /** The clause's first entity of this type (a `number:`/`money:`/regex entity, `email`, `phone`…). */
  entity?: string;
  /** With `entity`: the entity as typed rather than its value (a phone's spelling, not its digits). */
  asTyped?: boolean;
  /**
   * `text`: the free text, or with `after`, what follows a cue up to punctuation or an `until` phrase;
   * `name` / `company`: the person the free text opens with and what joins them ("Ana Souza da Orbe"), or with
   * `after`, a name after a cue; `deadline`: a date and time; `reference`: true when the clause points at the
   * `reference` kind ("nela", "esse lead").
   */
  read?: 'text' | 'name' | 'company' | 'deadline' | 'reference';
  /** Cue words the value follows ("lead", "pro", "na proposta"); `ref` slots read a name after them by default. */
  after?: string[];
  /**
   * Phrases where the reading stops: a text ends before one ("para", "com desconto", "como feita"); cues are
   * looked for only before one (`[':']`: what follows a colon is the request's content, not its target).
   */
  until?: string[];
  /**
   * With `after`: a name must be Capitalized unless a naming word joins it to the cue ("lead do joão"); a text
   * must be Capitalized unless it runs to the end of the clause.
   */
  capitalized?: boolean;
  /**
   * What the reading removes from the free text: `always` (default), `opening` (only when it opens the text, and
   * not after an article alone, which introduces the text's subject), `never`.
   */
  cut?: 'always' | 'opening' | 'never';
  /** With `read: reference`: the bot.yaml `references:` kind. */
  reference?: string;
  /**
   * With `after` and a name that stays in the free text (`cut: never`): names joined to it ("ligar pro Rui e pra
   * Bia") are each a request of their own, its free text keeping only its own name ("Ligar pro Rui", "Ligar pra Bia").
   */
  each?: boolean;
}

export interface CommandSlotOptions {
  lang: Language;
  /** The bot's language tag (bot.yaml `language`, "en-GB"): whether "3/10" reads day first (src/nlu/entities/date-order.ts); default `lang`. */
  locale?: string;
  now: Date;
  timeZone: string;
  /** The intent's opening words (bot.yaml `intents.<id>.opening`), dropped where the free text resumes after a cut. */
  opening?: string[];
  /** A bot's own polite phrases and glue words (bot.yaml `understanding.freeTextWords`). */
  words?: Partial<FreeTextWords>;
  /** The bot's references (bot.yaml `references:`), by kind: a value that only points is no value. */
  references?: Record<string, ReferenceReader>;
  /**
   * The bot's entities (bot.yaml `entities:`): a slot fed by a `number:` or `money:` one reads it in its own clause,
   * in their declared order, even where the message's entities took the words for a date or a time ("3 horas").
   */
  patterns?: PatternEntity[];
}

type Clause = Pick<CommandClause, 'text' | 'rest' | 'entities'>;

interface Context {
  reading: Reading;
  clause: Clause;
  words: LanguageWords;
  stops: Set<string>;
  options: CommandSlotOptions;
  cued?: Entity[];
  /** Does the intent read a free text (names left in it are the text's, not more requests)? */
  freeText: boolean;
  /** The further entities joined to the one a slot read ("o João e o Pedro"): one request each, its slots' values. */
  more?: Record<string, CommandSlotValue | undefined>[];
  /** With `each`: per request (the first, then each of `more`), the spans its free text leaves out (the others' names). */
  textCuts?: Span[][];
  specs: Record<string, CommandSlotSpec>;
  /** The person (and company) the free text opens with, once read. */
  opening?: { name?: string; company?: string };
}

/** The order slots are read in: a slot's source decides it, so a cue's name is not taken for the opening's. */
function phaseOf(spec: CommandSlotSpec): number {
  if (spec.entity) return 0;
  if (spec.read === 'deadline') return 1;
  if (spec.after?.length) return 2;
  if (spec.read === 'name' || spec.read === 'company') return 3;
  if (spec.read === 'reference') return 4;
  if (spec.read === 'text') return 5;
  return -1;
}

/** Does this slot read anything without a model? */
export const readsLocally = (spec: CommandSlotSpec) => phaseOf(spec) >= 0;

/** The slots of one request of the message (a `ctx.commands()` clause) for its intent's slot declarations. */
export function readCommandSlots(clause: Clause, specs: Record<string, CommandSlotSpec>, options: CommandSlotOptions): Record<string, CommandSlotValue> {
  return readCommandSlotSets(clause, specs, options)[0];
}

/**
 * The slots of one request, once per entity it names: a name slot that reads several names joined by commas and
 * "and" ("cadastra o João e o Pedro", "notas do Davi e da Lia") gives one set per name, the other slots the same.
 * A name that stays in the free text (`cut: never`, or not where `cut: opening` cuts) gives one set.
 */
export function readCommandSlotSets(clause: Clause, specs: Record<string, CommandSlotSpec>, options: CommandSlotOptions): Record<string, CommandSlotValue>[] {
  const cx = readingContext(clause, specs, options);
  const out: Record<string, CommandSlotValue> = {};
  // The clause's entities first (each slot its own), then the other readings in the order of their sources.
  for (const [slot, spec] of Object.entries(specs)) {
    const value = spec.entity ? fromEntity(cx, spec) : undefined;
    if (value !== undefined && value !== '') out[slot] = value;
  }
  for (const [slot, spec] of laterSlots(specs, out)) {
    const value = readLaterSlot(cx, spec, slot);
    if (value === undefined || value === '' || (typeof value === 'string' && pointsOnly(cx, value))) continue;
    out[slot] = value;
    if (spec.read === 'text' && !spec.after?.length) moreTexts(cx, spec, slot);
  }
  return [out, ...(cx.more ?? []).map((values) => withValues(out, values))];
}

function readingContext(clause: Clause, specs: Record<string, CommandSlotSpec>, options: CommandSlotOptions): Context {
  const words = freeTextWords(options.lang, options.words);
  const nouns = Object.values(options.references ?? {}).flatMap((r) => r.nouns);
  const stops = new Set([...words.nameStops, ...nouns.map((n) => foldPreservingOffsets(n))]);
  const readsFreeText = Object.values(specs).some((s) => s.read === 'text' && !s.after?.length && s.kind !== 'ref');
  return { reading: new Reading(clause.text, clause.rest), clause, words, stops, options, freeText: readsFreeText, specs };
}

/** The slots an entity did not fill that read something else, in the order of their sources. */
function laterSlots(specs: Record<string, CommandSlotSpec>, filled: Record<string, CommandSlotValue>): [string, CommandSlotSpec][] {
  const phase = (s: CommandSlotSpec) => phaseOf({ ...s, entity: undefined });
  return Object.entries(specs)
    .filter(([slot, s]) => filled[slot] === undefined && phase(s) > 0)
    .sort(([, a], [, b]) => phase(a) - phase(b));
}

/** A slot's value from its source other than an entity. */
function readLaterSlot(cx: Context, spec: CommandSlotSpec, slot: string): CommandSlotValue | undefined {
  if (spec.read === 'deadline') return fromDeadline(cx, spec);
  if (spec.after?.length) return afterCue(cx, spec, slot);
  if (spec.read === 'name' || spec.read === 'company') return (cx.opening ??= readOpening(cx))[spec.read];
  if (spec.read === 'reference') return fromReference(cx, spec);
  if (spec.read === 'text') return freeText(cx, spec, cx.textCuts?.[0]);
  return undefined;
}

/** True when the clause points at the slot's `reference` kind ("nela", "esse lead"). */
function fromReference(cx: Context, spec: CommandSlotSpec): true | undefined {
  return spec.reference && cx.options.references?.[spec.reference]?.has(cx.clause.text) ? true : undefined;
}

/** Each further request's free text, without the other requests' names (`each`). */
function moreTexts(cx: Context, spec: CommandSlotSpec, slot: string): void {
  const cuts = cx.textCuts;
  if (!cuts || !cx.more) return;
  cx.more.forEach((values, i) => (values[slot] = freeText(cx, spec, cuts[i + 1])));
}

function withValues(slots: Record<string, CommandSlotValue>, values: Record<string, CommandSlotValue | undefined>): Record<string, CommandSlotValue> {
  const out = { ...slots };
  for (const [slot, value] of Object.entries(values)) {
    if (value === undefined) delete out[slot];
    else out[slot] = value;
  }
  return out;
}

/** The names joined to the one a slot read, ending at `end`: taken and cut like it, kept as the slot's further values. */
function readMore(cx: Context, end: number, cues: string[], anyCase: boolean, values: (name: NameAt) => Record<string, CommandSlotValue | undefined>, keep?: Span): void {
  if (cx.more) return;
  const names = coordinatedNames(cx.reading, end, cx.options.lang, cx.words, cx.stops, cues, anyCase);
  if (!names.length) return;
  for (const n of names) {
    cx.reading.take(n.joinStart, n.end);
    if (!keep) cx.reading.cut(n.joinStart, n.end);
  }
  cx.more = names.map(values);
  // The names stay in the free text (`keep`: the first one's cue and name): each request's text drops the others'.
  if (keep) {
    const joins: Span[] = names.map((n) => [n.joinStart, n.end]);
    cx.textCuts = [joins, ...names.map((n, i): Span[] => [keep, [n.joinStart, n.itemStart], ...joins.filter((_, j) => j !== i)])];
  }
}

/** Where the cue at `start` starts with the article before it, if one is ("o lead Rui"). */
function withArticle(cx: Context, start: number): number {
  const before = /(?:^|\s)([\p{L}]+)\s+$/u.exec(cx.reading.folded.slice(Math.max(0, start - 12), start));
  return before && cx.words.articles.includes(before[1]) ? start - before[0].length + (before[0].length - before[0].trimStart().length) : start;
}

function pointsOnly(cx: Context, value: string): boolean {
  return Object.values(cx.options.references ?? {}).some((r) => r.isOnly(value));
}

/** Cut [start, end) from the free text as the slot's `cut` says; whether it was. */
function cutMode(cx: Context, spec: CommandSlotSpec, start: number, end: number): boolean {
  const { reading } = cx;
  const mode = spec.cut ?? 'always';
  if (mode === 'never') return false;
  if (mode === 'opening' && !reading.onlyWordsIn(reading.restStart, start, new Set([...cx.words.glue, ...cx.words.articles]))) return false;
  reading.cut(start, end);
  return true;
}

function fromEntity(cx: Context, spec: CommandSlotSpec): CommandSlotValue | undefined {
  const cued = (cx.options.patterns ?? []).some((p) => p.type === spec.entity && (p.number || p.money));
  const entities = cued ? (cx.cued ??= extractCuedNumbers(cx.clause.text, cx.options.patterns ?? [], cx.options.lang)) : cx.clause.entities;
  const e = entities.find((x) => x.type === spec.entity && x.start !== undefined && x.end !== undefined && cx.reading.isFree(x.start, x.end));
  if (!e) return undefined;
  cx.reading.take(e.start!, e.end!);
  cutMode(cx, spec, e.start!, e.end!);
  if (spec.kind === 'number') return typeof e.value === 'number' ? e.value : Number(e.value);
  const text = spec.asTyped ? e.text : String(e.value);
  return spec.read === 'name' || spec.read === 'company' ? nameCase(text) : text;
}

function nameCase(text: string): string {
  return /\p{Lu}/u.test(text) ? text : text.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, c: string) => s + c.toUpperCase());
}

function fromDeadline(cx: Context, spec: CommandSlotSpec): string | undefined {
  const { reading, options } = cx;
  const from = reading.restStart;
  const found = readDeadline(reading.blanked(from), { lang: options.lang, locale: options.locale, now: options.now, timeZone: options.timeZone });
  if (!found) return undefined;
  for (const [s, e] of found.spans) {
    reading.take(from + s, from + e);
    cutMode(cx, spec, from + s, from + e);
  }
  return found.date.toISOString();
}

/** The first cue followed by a value (a name, or a text up to punctuation or `until`); cues without one are cut too. */
function afterCue(cx: Context, spec: CommandSlotSpec, slot: string): string | undefined {
  const { reading } = cx;
  const stop = spec.read !== 'text' && spec.until?.length ? (cueMatches(reading.folded, spec.until)[0]?.start ?? Infinity) : Infinity;
  for (const cue of cueMatches(reading.folded, spec.after!)) {
    if (cue.start >= stop) break;
    if (!reading.isFree(cue.start, cue.end)) continue;
    const found = valueAfter(cx, spec, cue.end);
    if (found) return takeAfterCue(cx, spec, slot, cue, found);
    // "na proposta" with no title after it still goes from the text.
    if (spec.read === 'text') cutMode(cx, spec, cue.start, cue.end);
  }
  return undefined;
}

/** The text, or the name, right after a cue ending at `at` (a name also after a naming word: "lead do joão"). */
function valueAfter(cx: Context, spec: CommandSlotSpec, at: number): { value: string; end: number } | undefined {
  if (spec.read === 'text') return textAt(cx, spec, at);
  const { reading, words } = cx;
  const link = /^\s+([\p{L}]+)/u.exec(reading.folded.slice(at, at + 40));
  const linked = !!link && words.namingLinks.includes(link[1]);
  return readNameAt(reading, linked ? at + link[0].length : at, words, cx.stops, linked || !spec.capitalized);
}

/** The value found after its cue taken (and cut as the slot says), with the names joined to it; the value. */
function takeAfterCue(cx: Context, spec: CommandSlotSpec, slot: string, cue: { start: number; end: number }, found: { value: string; end: number }): string {
  const { reading, words } = cx;
  reading.take(cue.start, found.end);
  // An article alone opening the text introduces its subject ("a Marcia pediu…"), not its target: it stays.
  const subject = spec.cut === 'opening' && words.articles.includes(reading.folded.slice(cue.start, cue.end));
  const cut = !subject && cutMode(cx, spec, cue.start, found.end);
  if (spec.read === 'text') return found.value;
  // A name the request names beside others ("notas do Davi e da Lia"), unless they stay in its text.
  const written = reading.original.slice(found.end - found.value.length, found.end);
  const anyCase = !/^\p{Lu}/u.test(written);
  const values = (n: NameAt) => ({ [slot]: n.value });
  if (cut || !cx.freeText) readMore(cx, found.end, spec.after!, anyCase, values);
  else if (spec.each) readMore(cx, found.end, spec.after!, anyCase, values, [withArticle(cx, cue.start), found.end]);
  return found.value;
}

/** A text from `from` to punctuation, an `until` phrase, something taken or the clause's end. */
function textAt(cx: Context, spec: CommandSlotSpec, from: number): { value: string; end: number } | undefined {
  const { reading } = cx;
  from += /^[\s:\-–—]*/.exec(reading.folded.slice(from))![0].length;
  const rest = reading.folded.slice(from);
  const until = spec.until?.length ? cueMatches(rest, spec.until).map((m) => m.start) : [];
  const punct = /[,;(:!?]|\s-\s|\.(?:\s|$)/.exec(rest)?.index ?? rest.length;
  let end = Math.min(punct, ...until);
  for (let i = 0; i < end; i++) if (!reading.isFree(from + i, from + i + 1)) end = i;
  const raw = reading.original.slice(from, from + end);
  const value = tidyFreeText(raw, { ...cx.words, leading: [] }, [], spec.kind !== 'ref');
  if (!value) return undefined;
  const closes = !reading.original.slice(from + end).replace(/[\s.!?]+/g, '');
  if (spec.capitalized && !/^[\p{Lu}]/u.test(raw.trim()) && !closes) return undefined;
  return { value, end: from + raw.trimEnd().length };
}

function readOpening(cx: Context): { name?: string; company?: string } {
  const { reading, options } = cx;
  const from = reading.restStart;
  const blanked = reading.blanked(from);
  const id = ID.exec(blanked.trimStart());
  if (id) {
    const start = from + blanked.length - blanked.trimStart().length;
    reading.take(start, start + id[0].length);
    return { name: id[0] };
  }
  const text = new SlotText(blanked);
  const read = readOpeningName(text, options.lang);
  const person = read?.person ?? readPersonName(text, options.lang);
  for (const span of [person, read?.company]) {
    if (!span) continue;
    reading.take(from + span.start, from + span.end);
    reading.cut(from + span.start, from + span.end);
  }
  if (person) {
    // Each further person with the company joined to them ("a Bia da Orbe e o Rui da Vetor").
    const slotsOf = (read: 'name' | 'company') => Object.keys(cx.specs).filter((k) => cx.specs[k].read === read && !cx.specs[k].after?.length);
    const end = from + Math.max(person.end, read?.company?.end ?? 0);
    readMore(cx, end, [], !/^\p{Lu}/u.test(reading.original.slice(from + person.start, from + person.end)), (n) => {
      const own = readOpeningName(new SlotText(reading.original.slice(n.start, n.end)), options.lang);
      const name = own?.person?.value ?? n.value;
      return Object.fromEntries([...slotsOf('name').map((k) => [k, name]), ...slotsOf('company').map((k) => [k, own?.company?.value])]);
    });
  }
  return { name: person?.value, company: read?.company?.value };
}

/** The free text, up to an `until` phrase; a `ref` that opens with an id is the id. */
function freeText(cx: Context, spec: CommandSlotSpec, extra: Span[] = []): string | undefined {
  const { reading } = cx;
  let end = reading.original.length;
  if (spec.until?.length) {
    const stop = cueMatches(reading.folded.slice(reading.restStart), spec.until).find((m) => m.start > 0);
    if (stop) end = reading.restStart + stop.start;
  }
  const id = spec.kind === 'ref' ? ID.exec(reading.blanked(reading.restStart, end).trim()) : null;
  if (id) return id[0];
  return tidyFreeText(reading.withCuts(reading.restStart, end, extra), cx.words, cx.options.opening ?? [], spec.kind !== 'ref') || undefined;
}
