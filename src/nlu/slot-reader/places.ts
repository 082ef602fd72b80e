// Where someone lives or wants to go, read out of a message being read for several slots (bot.yaml `entities:`
// with `place:`): a city of the bot's city gazetteer, settled by a state written after it ("Campinas - SP",
// "Campinas/SP", "em Campinas, SP"); a city the gazetteer lacks, after a cue ("moro em …") or with a state after
// it; a state alone ("moro na Bahia"); and, when the place was asked, a bare answer.
import type { Gazetteer } from '../types.ts';
import { foldPhrase } from '../../text/index.ts';
import { readGazetteer } from './gazetteers.ts';
import { properName } from './names.ts';
import { phrasesSource, WORD_END as E, WORD_START as B, type SlotText } from './slot-text.ts';

export interface PlaceSpec {
  /** The gazetteer type of the cities (their names; a bot adds its data's cities with `placeIndex`). */
  cities: string;
  /** The gazetteer type of the states: each value a state's code, its synonyms the state's names. */
  states?: string;
  /** Phrases right before where the person is ("moro em", "sou de"): a city the gazetteer lacks is read after them. */
  cues?: string[];
  /** Words that end a place's name read after a cue ("moro em Recife com a minha mãe"). */
  stop?: string[];
  /** Words no place starts with ("moro no interior"). */
  not?: string[];
  /** State names that, said after a cue, mean the city of that name ("moro em São Paulo"). */
  cityFirst?: string[];
}

export interface PlaceRead {
  /** As known to the gazetteer, or as typed with capitals. */
  city?: string;
  /** The state's code, when said or when the city's name is in one state only. */
  state?: string;
  start: number;
  end: number;
}

/** A city with its state, from a bot's data. */
export interface KnownCity {
  name: string;
  state: string;
}

export interface PlaceIndex {
  spec: PlaceSpec;
  /** The city gazetteer, extended with the known cities. */
  cities: Gazetteer;
  /** Folded state code and names → code. */
  states: Map<string, string>;
  /** Folded city name → its spelling and the states it is in. */
  known: Map<string, { name: string; states: Set<string> }>;
  /** Folded known city names, longest first. */
  names: string[];
}

const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** The place reader for a spec: its gazetteers from bot.yaml, plus the cities (with states) of the bot's data. */
export function placeIndex(spec: PlaceSpec, gazetteers: readonly Gazetteer[], known: readonly KnownCity[] = []): PlaceIndex {
  const byType = (type: string) => {
    const g = gazetteers.find((x) => x.type === type);
    if (!g) throw new Error(`place: no gazetteer '${type}'`);
    return g;
  };
  const states = new Map<string, string>();
  if (spec.states) {
    for (const [code, names] of Object.entries(byType(spec.states).values)) {
      for (const n of [code, ...names]) states.set(foldPhrase(n), code.toUpperCase());
    }
  }
  const cityGazetteer = byType(spec.cities);
  const byName = new Map<string, { name: string; states: Set<string> }>();
  for (const name of Object.keys(cityGazetteer.values)) if (foldPhrase(name).length >= 3) byName.set(foldPhrase(name), { name, states: new Set() });
  for (const c of known) {
    const key = foldPhrase(c.name);
    if (key.length < 3) continue;
    const entry = byName.get(key) ?? { name: c.name, states: new Set<string>() };
    entry.states.add(c.state.toUpperCase());
    byName.set(key, entry);
  }
  const values = Object.fromEntries([...byName.values()].map((c) => [c.name, cityGazetteer.values[c.name] ?? []]));
  // A city's other names in the gazetteer ("Sampa", "BH") are known as the city, with its states.
  for (const [name, synonyms] of Object.entries(cityGazetteer.values)) {
    const entry = byName.get(foldPhrase(name));
    if (!entry) continue;
    for (const synonym of synonyms) if (foldPhrase(synonym).length >= 2 && !byName.has(foldPhrase(synonym))) byName.set(foldPhrase(synonym), entry);
  }
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  return { spec, cities: { ...cityGazetteer, values }, states, known: byName, names };
}

/** A state's code from its code or name ("pe", "Pernambuco"), or undefined. */
function stateCode(index: PlaceIndex, text: string): string | undefined {
  return index.states.get(foldPhrase(text));
}

/** The state of a city whose name is in one state only. */
function onlyState(index: PlaceIndex, city: string): string | undefined {
  const states = index.known.get(foldPhrase(city))?.states;
  return states?.size === 1 ? [...states][0] : undefined;
}

/** The longest state name starting at `pos` of the folded text ("rio grande do norte"), or undefined. */
function stateNameAt(text: SlotText, index: PlaceIndex, pos: number): string | undefined {
  let best: string | undefined;
  for (const name of index.states.keys()) {
    if (name.length > 2 && (!best || name.length > best.length) && text.folded.startsWith(name, pos) && !/[a-z0-9]/.test(text.folded.charAt(pos + name.length))) best = name;
  }
  return best;
}

/** The longest known city starting at `pos` of the folded text (in `state` when given). */
function knownCityAt(text: SlotText, index: PlaceIndex, pos: number, state?: string): string | undefined {
  for (const name of index.names) {
    if (state && !index.known.get(name)!.states.has(state)) continue;
    if (text.folded.startsWith(name, pos) && !/[a-z0-9]/.test(text.folded.charAt(pos + name.length))) return name;
  }
  return undefined;
}

interface Compiled {
  suffix: RegExp;
  cue?: RegExp;
  /** Before a city the data lacks but a state follows: the cues and the city gazetteer's `cuesBefore`. */
  suffixCue?: RegExp;
  stop: Set<string>;
  not: Set<string>;
  cityFirst: Set<string>;
}
const compiled = new WeakMap<PlaceIndex, Compiled>();
function compile(index: PlaceIndex): Compiled {
  let c = compiled.get(index);
  if (!c) {
    const { spec } = index;
    const cues = [...(spec.cues ?? []), ...(index.cities.cuesBefore ?? [])];
    c = {
      // Words, then a state's code after a dash, slash, comma or in brackets.
      suffix: new RegExp(`([a-z][a-z' -]*?[a-z])\\s*(?:-|/|,|\\()\\s*([a-z]{2})\\)?${E}`, 'dg'),
      cue: spec.cues?.length ? new RegExp(`${B}${phrasesSource(spec.cues)}\\s+`, 'dg') : undefined,
      suffixCue: cues.length ? new RegExp(`${B}${phrasesSource(cues)}\\s+`, 'g') : undefined,
      stop: new Set((spec.stop ?? []).map(foldPhrase)),
      not: new Set((spec.not ?? []).map(foldPhrase)),
      cityFirst: new Set((spec.cityFirst ?? []).map(foldPhrase)),
    };
    compiled.set(index, c);
  }
  return c;
}

/** Up to six words of a place from `start` in the original text, up to punctuation or a stop word. */
function wordsAfter(text: SlotText, start: number, stop: Set<string>): { text: string; end: number } | undefined {
  const re = /\s*([\p{L}'’-]+)/uy;
  const rest = text.original.slice(start);
  const words: { word: string; end: number }[] = [];
  let m: RegExpExecArray | null;
  while (words.length < 6 && (m = re.exec(rest))) {
    const folded = foldPhrase(m[1]);
    // A particle inside a name stays ("Feira de Santana"); "e" always ends it.
    if (stop.has(folded) && !(PARTICLES.has(folded) && words.length > 0 && folded !== 'e')) break;
    words.push({ word: m[1], end: re.lastIndex });
  }
  while (words.length > 0 && PARTICLES.has(foldPhrase(words[words.length - 1].word))) words.pop();
  if (words.length === 0) return undefined;
  return { text: words.map((w) => w.word).join(' '), end: start + words[words.length - 1].end };
}

/**
 * The place in the text, masked: a city with a state after it, a city (or a state) after a cue, or a city of the
 * gazetteer read as the gazetteer reads (`cueOnly`, `cuesBefore`; `asked`: no cue needed). undefined when none.
 */
export function readPlace(text: SlotText, index: PlaceIndex, asked = false): PlaceRead | undefined {
  const c = compile(index);
  const found = withState(text, index, c) ?? withTypedState(text, index) ?? afterCue(text, index, c);
  if (found?.city !== undefined) return found;
  const city = readGazetteer(text, index.cities, asked);
  if (city) return { city: city.value, state: found?.state ?? onlyState(index, city.value), start: city.start, end: city.end };
  return found;
}

function withState(text: SlotText, index: PlaceIndex, c: Compiled): PlaceRead | undefined {
  for (const m of text.matches(c.suffix)) {
    const state = stateCode(index, m[2]);
    if (!state) continue;
    const [stateStart, stateEnd] = m.indices![2];
    // "Recife, to no 3º ano": a lowercase two-letter word is a state only at the end of a clause.
    const typed = text.originalOf(stateStart, stateEnd);
    if (m[2].length === 2 && typed !== typed.toUpperCase() && !/^\)?\s*([,.;!?]|$)/.test(text.folded.slice(stateEnd))) continue;
    const [s, nameEnd] = m.indices![1];
    // The longest tail of the words before the state that is a known city of that state.
    const words = [...m[1].matchAll(/[a-z][a-z'-]*/g)];
    for (let i = Math.max(0, words.length - 4); i < words.length; i++) {
      const from = s + words[i].index!;
      const name = knownCityAt(text, index, from, state);
      if (name && from + name.length === nameEnd) {
        text.mask(from, m.indices![0][1]);
        return { city: index.known.get(name)!.name, state, start: from, end: m.indices![0][1] };
      }
    }
    // A city the data lacks: the words after a cue ("sou de Xique-Xique - BA").
    const cue = c.suffixCue && [...m[1].matchAll(c.suffixCue)].pop();
    if (!cue) continue;
    const from = s + cue.index! + cue[0].length;
    const place = text.originalOf(from, nameEnd).trim();
    if (!place || c.not.has(foldPhrase(place).split(' ')[0]) || place.split(/\s+/).length > 6) continue;
    text.mask(from, m.indices![0][1]);
    return { city: properName(place), state, start: from, end: m.indices![0][1] };
  }
  return undefined;
}

/** A known city of a state whose code is typed in capitals after a space ("Natal RN"). */
function withTypedState(text: SlotText, index: PlaceIndex): PlaceRead | undefined {
  for (const m of text.matches(/(?<=[a-z] +)([a-z]{2})(?![a-z0-9])/dg)) {
    const [stateStart, stateEnd] = m.indices![1];
    const typed = text.originalOf(stateStart, stateEnd);
    const state = stateCode(index, m[1]);
    if (!state || typed !== typed.toUpperCase()) continue;
    const before = text.folded.slice(0, stateStart).trimEnd();
    const words = [...before.slice(Math.max(0, before.search(/[^,.;!?]*$/))).matchAll(/[a-z][a-z'-]*/g)];
    const offset = Math.max(0, before.search(/[^,.;!?]*$/));
    for (let i = Math.max(0, words.length - 4); i < words.length; i++) {
      const from = offset + words[i].index!;
      const name = knownCityAt(text, index, from, state);
      if (name && from + name.length === before.length) {
        text.mask(from, stateEnd);
        return { city: index.known.get(name)!.name, state, start: from, end: stateEnd };
      }
    }
  }
  return undefined;
}

function afterCue(text: SlotText, index: PlaceIndex, c: Compiled): PlaceRead | undefined {
  if (!c.cue) return undefined;
  let state: PlaceRead | undefined;
  for (const m of text.matches(c.cue)) {
    const pos = m.index + m[0].length;
    const name = knownCityAt(text, index, pos);
    // "moro no Rio Grande do Norte": a state's longer name over a city's shorter one ("Rio").
    const stateName = stateNameAt(text, index, pos);
    if (name && !(stateName && stateName.length > name.length)) {
      const city = index.known.get(name)!.name;
      text.mask(m.index, pos + name.length);
      return { city, state: onlyState(index, city), start: m.index, end: pos + name.length };
    }
    const place = wordsAfter(text, pos, c.stop);
    if (!place || c.not.has(foldPhrase(place.text.split(/\s+/)[0]))) continue;
    const code = stateCode(index, place.text);
    if (code && !c.cityFirst.has(foldPhrase(place.text))) {
      // "moro na Bahia": the state; a city may still follow.
      text.mask(m.index, place.end);
      state ??= { state: code, start: m.index, end: place.end };
      continue;
    }
    text.mask(m.index, place.end);
    return { city: properName(place.text), state: state?.state, start: m.index, end: place.end };
  }
  return state;
}

/**
 * The last clause as a bare place ("Caruaru", "santa cruz do sul"), when the place was asked: up to four words of
 * letters, the first not a `not` word nor one of `alsoNot` (words that answer nothing, such as a greeting). Masked.
 */
export function readBarePlace(text: SlotText, index: PlaceIndex, alsoNot: Pick<ReadonlySet<string>, 'has'> = new Set()): PlaceRead | undefined {
  const clauses = text.clauses();
  const last = clauses[clauses.length - 1];
  if (!last) return undefined;
  const words = last.text.split(/\s+/);
  const { not } = compile(index);
  if (words.length > 4 || !words.every((w) => /^[a-z'-]+$/.test(w)) || not.has(words[0]) || alsoNot.has(words[0])) return undefined;
  const typed = text.originalOf(last.start, last.end);
  const known = index.known.get(foldPhrase(typed));
  text.mask(last.start, last.end);
  return { city: known?.name ?? properName(typed), state: known ? onlyState(index, known.name) : undefined, start: last.start, end: last.end };
}

/** The state of a city the index knows in one state only ("Recife" → PE). */
export function placeState(index: PlaceIndex, city: string): string | undefined {
  return onlyState(index, city);
}
