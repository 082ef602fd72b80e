// Reading a slot's value out of a message's entities (or, for the slot being asked, out of the bare text),
// checking it against the slot's validation, and showing it in a reply.
import type { Entity, Language } from '../nlu/types.ts';
import { addDays, isoDate, parseIsoDate, properName, toLanguage, weekdayOf } from '../nlu/index.ts';
import { foldDiacritics } from '../text/index.ts';
import { fold } from '../text/index.ts';

export { properName };
import { WEEKDAYS, type SlotConfig } from './schema.ts';

export type SlotValue = string | number | boolean;

/** The entity types that carry each built-in kind (a gazetteer kind is its own entity type). */
const ENTITY_TYPES: Record<string, string[]> = {
  date: ['date'],
  time: ['time'],
  datetime: ['datetime'],
  number: ['number', 'money', 'score'],
  money: ['money', 'number'],
  name: ['person'],
  email: ['email'],
  phone: ['phone'],
  yesno: ['yesno'],
  text: [],
};

export function entityTypesOf(kind: string): string[] {
  return ENTITY_TYPES[kind] ?? [kind];
}

/** Whether a slot kind is one of the runtime's own (a date, a name…) rather than a gazetteer's or a declared entity's. */
export function isBuiltInKind(kind: string): boolean {
  return Object.hasOwn(ENTITY_TYPES, kind);
}

/** The first entity that can fill this kind and is not taken yet. */
export function entityFor(kind: string, entities: Entity[], taken: Set<Entity>): Entity | undefined {
  const types = entityTypesOf(kind);
  for (const type of types) {
    const hit = entities.find((e) => e.type === type && !taken.has(e));
    if (hit) return hit;
  }
  return undefined;
}

// Cue words before a bare name ("meu nome é", "me llamo", "my name is", and the name a booking is under: "a nombre
// de", "em nome de", "under the name"), folded.
// Also third-person ones, for a name that is not the customer's (a pet's, a child's): "o nome dele é", "se llama".
// English "it's"/"I'm" are often typed without the apostrophe ("its Dan", "im Dan"); Vietnamese pronouns are often
// teencode ("tên c là Phương", "mik tên Lan": c = chị, mik = mình).
const NAME_CUES = /^(?:(?:o |a )?(?:meu|seu) nome (?:e|eh)|(?:o |a )?nome (?:dele|dela) (?:e|eh)|(?:ele |ela )?se chama|(?:mi |su |el )nombre es|(?:el |ella )?se llama|me chamo|pode me chamar de|sou (?:o |a )?|aqui e (?:o |a )?|mi nombre es|me llamo|soy |(?:a|en) nombre de |(?:em|no) nome de |(?:under|in) the name(?: of)? |my name is|(?:his|her|its) name is|i am|i'?m |it'?s |this is|ten (?:cua )?(?:minh |mik |mk |em |e |toi |tui |chi |c |anh |a |con )?la |(?:minh|mik|mk|em|e|toi|tui|chi|c|anh|a|con) ten )\s*/;

/**
 * A bare answer to "what is your name?": one to five words of letters ("maria silva", "Sou a Ana Paula."),
 * written with capitals ("Maria Silva"). undefined when it reads as anything else.
 */
// Laughter and interjections typed alone ("lol", "kkkk", "jajaja", "hmm"): no name.
const INTERJECTION = /^(?:l+o+l+|l+m+a+o+|k{3,}|(?:rs){2,}|(?:h+[aeiu]+){2,}h*|(?:j+[aeiou]+){2,}j*|h+m+|u+m+|o+h+|a+h+|w+o+w+|o+m+g+|xd+|hihi)$/;

export function bareName(text: string): string | undefined {
  let t = text.trim().replace(/[.!]+$/, '').trim();
  if (foldDiacritics(t.toLowerCase()).split(/\s+/).every((w) => INTERJECTION.test(w))) return undefined;
  const folded = foldDiacritics(t.toLowerCase());
  const cue = NAME_CUES.exec(folded);
  if (cue) t = t.slice(cue[0].length).trim();
  const words = t.split(/\s+/).filter(Boolean);
  if (words.length < 1 || words.length > 5) return undefined;
  if (!words.every((w) => /^[\p{L}][\p{L}'.-]*$/u.test(w))) return undefined;
  return properName(words.join(' '));
}

export interface ValidationContext {
  /** Today in the bot's time zone (YYYY-MM-DD), for date bounds. */
  today: string;
}

/** The bound as a comparable value of the kind: dates as YYYY-MM-DD ('today', '+3d'), times as HH:MM, numbers. */
function boundFor(kind: string, bound: string | number, at: ValidationContext): string | number {
  if (typeof bound === 'number') return bound;
  if (kind === 'date' || kind === 'datetime') {
    if (bound === 'today') return at.today;
    const rel = /^\+(\d+)d$/.exec(bound);
    if (rel) return shiftDays(at.today, Number(rel[1]));
  }
  return bound;
}

function shiftDays(date: string, n: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return isoDate(addDays({ year, month, day }, n));
}

/** Whether a value passes the slot's options and range (named validators are checked by the engine). */
export function withinRules(slot: SlotConfig, value: SlotValue, at: ValidationContext): boolean {
  const rules = slot.validate;
  if (!rules) return true;
  return inOptions(rules.options, value) && inRange(slot, value, at) && onWeekdays(slot, value);
}

type Rules = NonNullable<SlotConfig['validate']>;

/** A value among the slot's options (case and accents aside), when it has options. */
function inOptions(options: Rules['options'], value: SlotValue): boolean {
  return !options || options.some((o) => fold(o) === fold(String(value)));
}

/** A value within the slot's `min` and `max`. */
function inRange(slot: SlotConfig, value: SlotValue, at: ValidationContext): boolean {
  const { min, max } = slot.validate!;
  const comparable = comparableValue(slot, value, at);
  if (min !== undefined && comparable < boundFor(slot.kind, min, at)) return false;
  if (max !== undefined && comparable > boundFor(slot.kind, max, at)) return false;
  return true;
}

/** A datetime compares by its date against date bounds. */
function comparableValue(slot: SlotConfig, value: SlotValue, at: ValidationContext): SlotValue {
  const { min } = slot.validate!;
  if (slot.kind !== 'datetime' || typeof value !== 'string' || min === undefined) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(String(boundFor('date', min, at))) ? value.slice(0, 10) : value;
}

/** A date on one of the slot's `weekdays`, when it has them. */
function onWeekdays(slot: SlotConfig, value: SlotValue): boolean {
  const { weekdays } = slot.validate!;
  if (!weekdays || (slot.kind !== 'date' && slot.kind !== 'datetime') || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return true;
  return weekdays.includes(WEEKDAYS[weekdayOf(parseIsoDate(value.slice(0, 10)))]);
}

/** The locale a language's numbers and weekdays are written in when the bot's language tag names no region. */
const LOCALES: Record<Language, string> = { pt: 'pt-BR', es: 'es-AR', vi: 'vi-VN', en: 'en-US' };
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const YES_NO: Record<Language, [string, string]> = { pt: ['sim', 'não'], es: ['sí', 'no'], vi: ['có', 'không'], en: ['yes', 'no'] };

/**
 * "terça-feira, 10/03" (pt), "martes, 10/03" (es): the weekday and day/month of a calendar date. English names the
 * month ("Tuesday, March 10"): "3/10" reads as the 3rd of October in en-GB and most English outside the US.
 */
// Building an Intl formatter costs far more than formatting with one: one per language or locale, made once.
const WEEKDAY = new Map<Language, Intl.DateTimeFormat>();
const NUMBER = new Map<string, Intl.NumberFormat>();
function formatter<F, K extends string>(cache: Map<K, F>, key: K, make: () => F): F {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f;
}

export function showDate(iso: string, lang: Language): string {
  const [y, m, d] = iso.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  const weekday = formatter(WEEKDAY, lang, () => new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', timeZone: 'UTC' })).format(at);
  const dayMonth = lang === 'en' ? `${MONTHS_EN[m - 1]} ${d}` : `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}`;
  return `${weekday}, ${dayMonth}`;
}

/** "10h" / "10h30" in Portuguese, "10 am" / "4:30 pm" in English (its 12-hour clock), "10:00" elsewhere. */
export function showTime(hhmm: string, lang: Language): string {
  const [h, m] = hhmm.split(':');
  if (lang === 'en') {
    const hour = Number(h);
    const h12 = hour % 12 || 12;
    return `${m === '00' ? h12 : `${h12}:${m}`} ${hour < 12 ? 'am' : 'pm'}`;
  }
  if (lang !== 'pt') return hhmm;
  return m === '00' ? `${Number(h)}h` : `${Number(h)}h${m}`;
}

/** A number as the language tag writes it; as its language's usual region does when the tag names none or Intl refuses it. */
function showNumber(value: number, languageTag: string): string {
  const lang = toLanguage(languageTag);
  const locale = languageTag.includes('-') ? languageTag : LOCALES[lang];
  const make = () => {
    try {
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    } catch {
      return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 });
    }
  };
  return formatter(NUMBER, locale, make).format(value);
}

/**
 * A slot value as a reply shows it, in `languageTag`: a language (`es`) or the bot's language tag, whose region writes
 * the numbers (`es-MX` 1,234.5, `es-AR` 1.234,5).
 */
export function showValue(kind: string, value: SlotValue, languageTag: string): string {
  const lang = toLanguage(languageTag);
  if (kind === 'date' && typeof value === 'string') return showDate(value, lang);
  if (kind === 'time' && typeof value === 'string') return showTime(value, lang);
  if (kind === 'datetime' && typeof value === 'string') {
    const at = lang === 'pt' ? 'às' : lang === 'es' ? 'a las' : lang === 'en' ? 'at' : 'lúc';
    return `${showDate(value.slice(0, 10), lang)} ${at} ${showTime(value.slice(11, 16), lang)}`;
  }
  if (kind === 'yesno') return YES_NO[lang][value ? 0 : 1];
  if ((kind === 'money' || kind === 'number') && typeof value === 'number') return showNumber(value, languageTag);
  return String(value);
}
