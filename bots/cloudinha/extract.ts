// Portuguese slot extraction for the onboarding and match workflows: several slots per message,
// accent- and case-insensitive ("Direito, tirei 700, à noite, pública" → course, score, shift, type).
//
// The message is folded to a same-length lowercase copy, so a match found in the folded text points at the
// same span of the original (names and cities keep their capitals and accents). Each slot found is masked
// out, so one number is never read twice (an income is not also a score or an age).
import { dirname } from 'node:path';
import { extendGazetteer, fold, numberWordsSource, parseNumberWords, parseNumeral, properName, readBotConfig, readGazetteer, readMoney, readNumber, readPattern, readPersonName, SlotText, sourcePath, WORD_END, WORD_START, type Gazetteer, type GazetteerRead, type Sql } from 'switchboard';
import type { EducationLevel } from './profile.ts';
import { titleCase } from './data.ts';
import { COURSE_ALIASES, expandCourseAliases, PROFESSIONS, toUf, words, type InstitutionType, type Shift, type Uf } from './vocab.ts';

export type SlotName =
  | 'name'
  | 'age'
  | 'city'
  | 'education'
  | 'course_interest'
  | 'enem_score'
  | 'shift'
  | 'institution_type'
  | 'income_per_capita';

export interface ExtractedSlots {
  name?: string;
  age?: number;
  city?: string;
  state?: Uf;
  education?: EducationLevel;
  /** School year when still in secondary school ("estou no 3º ano" → 3). */
  school_year?: number;
  course_interest?: string;
  enem_score?: number;
  shift?: Shift;
  institution_type?: InstitutionType;
  income_per_capita?: number;
  /** Family income as stated, when it was divided by the household size. */
  household_income?: number;
  household_size?: number;
  /** An income said in minimum wages ("1 salário mínimo", "meio salário"), as that number of wages. */
  income_minimum_wages?: number;
  /** No preference between public and private ("tanto faz se é pública ou privada", "qualquer uma"). */
  institution_any?: boolean;
  /** A bare "tanto faz" that names no slot: the caller decides what it answers. */
  indifferent?: boolean;
}

export interface CatalogEntry {
  name: string; // display spelling
  norm: string; // folded
}
export interface CityEntry extends CatalogEntry {
  state: string;
}
export interface Catalog {
  /** bot.yaml's course gazetteer extended with the data's course names. */
  courses: Gazetteer;
  /** bot.yaml's city gazetteer extended with the data's city names. */
  places: Gazetteer;
  cities: CityEntry[]; // longest first
}

export interface ExtractOptions {
  catalog?: Catalog;
  /** The slot(s) the bot just asked for: a bare answer ("17", "Ana", "cursando") fills them. */
  expecting?: SlotName | SlotName[];
}

// ---------- catalog ----------

const config = readBotConfig(dirname(sourcePath(import.meta.url)));
const gazetteer = (type: string) => config.gazetteers.find((g) => g.type === type)!;

/** Build a catalog from the data's course names and cities (duplicates by folded name collapse, first spelling wins). */
export function buildCatalog(courses: string[], cities: { name: string; state: string }[] = []): Catalog {
  const courseNames: Record<string, string[]> = {};
  for (const raw of courses) {
    const stripped = raw.replace(/^ABI\s*-\s*/i, '').trim();
    const name = stripped === stripped.toUpperCase() ? titleCase(stripped) : stripped;
    if (fold(name).length >= 4) courseNames[name] = [];
  }
  const cityMap = new Map<string, CityEntry>();
  for (const c of cities) {
    const norm = fold(c.name);
    const key = `${norm}|${c.state}`;
    if (norm.length >= 3 && !cityMap.has(key)) cityMap.set(key, { name: c.name, norm, state: c.state });
  }
  const byLength = <T extends CatalogEntry>(a: T, b: T) => b.norm.length - a.norm.length;
  const sorted = [...cityMap.values()].sort(byLength);
  const places = extendGazetteer(gazetteer('city'), Object.fromEntries(sorted.map((c) => [c.name, []])));
  return { courses: extendGazetteer(gazetteer('course'), courseNames), places, cities: sorted };
}

export const defaultCatalog: Catalog = buildCatalog([]);

/** The catalog of course names and cities present in `opportunities` (plus the default course list). */
export async function loadCatalog(sql: Sql): Promise<Catalog> {
  // Prefer the mixed-case Prouni spelling ("Direito") over Sisu's upper-case one by ordering on program.
  const courses = await sql.query<{ course: string }>(
    `select course from (select distinct on (course_norm) course, program from opportunities order by course_norm, program) c`,
  );
  const cities = await sql.query<{ city: string; state: string }>(
    `select distinct on (city_norm, state) city, state from opportunities order by city_norm, state, city desc`,
  );
  return buildCatalog(
    courses.map((r) => r.course),
    cities.map((r) => ({ name: r.city, state: r.state })),
  );
}

// ---------- text plumbing ----------

type Work = SlotText;
const entity = (type: string) => config.entities.find((e) => e.type === type)!;

// Numbers as typed ("2.000", "650,5") or said ("dezessete", "vinte e cinco").
const NUM = `(?:\\d+(?:[.,]\\d{1,3})*|${numberWordsSource('pt')}(?![a-z]))`;

function parseNumber(raw: string): number | null {
  const s = raw.trim();
  return (/^\d/.test(s) ? parseNumeral(s, 'pt') : parseNumberWords(s, 'pt')) ?? null;
}

const B = WORD_START;
const E = WORD_END;

// ---------- names ----------

const NOT_NAMES = words('not_names');
const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

function extractName(w: Work, out: ExtractedSlots): void {
  const found = readPersonName(w, 'pt');
  if (found && !(found.value.split(' ').length === 1 && NOT_NAMES.has(fold(found.value)))) out.name = found.value;
}

// ---------- cities ----------

const CITY_STOP = words('city_stop');
const NOT_CITIES = words('not_cities');
const CITY_NAMED_LIKE_STATE = words('city_named_like_state');

function findCatalogCity(catalog: Catalog, folded: string, state?: string): CityEntry | null {
  const candidates = catalog.cities.filter((c) => c.norm === folded && (!state || c.state === state));
  return candidates[0] ?? null;
}

/** Longest catalog city starting at `pos` of the folded text. */
function catalogCityAt(w: Work, catalog: Catalog, pos: number, state?: string): CityEntry | null {
  for (const c of catalog.cities) {
    if (state && c.state !== state) continue;
    if (w.folded.startsWith(c.norm, pos) && !/[a-z0-9]/.test(w.folded.charAt(pos + c.norm.length))) return c;
  }
  return null;
}

/** Up to four city words from `start` in the original text, stopping at punctuation or a stop word. */
function readPlace(w: Work, start: number): { text: string; end: number } | null {
  const re = /\s*([\p{L}'’-]+)/uy;
  re.lastIndex = 0;
  const rest = w.original.slice(start);
  const words: string[] = [];
  let consumed = 0;
  let m: RegExpExecArray | null;
  while (words.length < 6 && (m = re.exec(rest))) {
    const folded = fold(m[1]);
    if (CITY_STOP.has(folded) && !(PARTICLES.has(folded) && words.length > 0 && folded !== 'e')) break;
    words.push(m[1]);
    consumed = re.lastIndex;
  }
  while (words.length > 0 && PARTICLES.has(fold(words[words.length - 1]))) {
    const last = words.pop()!;
    consumed = rest.lastIndexOf(last, consumed) ;
  }
  if (words.length === 0) return null;
  return { text: words.join(' '), end: start + consumed };
}

function setCity(out: ExtractedSlots, name: string, state?: string | null): void {
  out.city = name;
  const uf = state ? toUf(state) : null;
  if (uf) out.state = uf;
}

function extractCity(w: Work, out: ExtractedSlots, catalog: Catalog, expectingCity: boolean): void {
  // 1. "Campinas - SP", "Campinas/SP", "Campinas, SP": a UF after the name settles it.
  const withUf = new RegExp(`([a-z][a-z' -]*?[a-z])\\s*(?:-|/|,|\\()\\s*([a-z]{2})\\)?${E}`, 'dg');
  for (const m of w.matches(withUf)) {
    const uf = toUf(m[2]);
    if (!uf) continue;
    // "Recife, to no 3º ano": a lowercase two-letter word is a UF only at the end of a clause.
    const ufOrig = w.originalOf(m.indices![2][0], m.indices![2][1]);
    if (ufOrig !== ufOrig.toUpperCase() && !/^\)?\s*([,.;!?]|$)/.test(w.folded.slice(m.indices![2][1]))) continue;
    const [s] = m.indices![1];
    // Try the longest tail of the words before the UF that is a known city of that state.
    const words = [...m[1].matchAll(/[a-z][a-z'-]*/g)];
    for (let i = Math.max(0, words.length - 4); i < words.length; i++) {
      const from = s + words[i].index!;
      const known = catalogCityAt(w, catalog, from, uf);
      if (known && from + known.norm.length === m.indices![1][1]) {
        setCity(out, known.name, uf);
        w.mask(from, m.indices![0][1]);
        return;
      }
    }
    // Unknown city: take the words after a cue ("moro em", "sou de", "de").
    const cue =
      m[1].match(/(?:^|\s)(?:moro em|moro no|moro na|sou de|sou da|sou do|vivo em|cidade de)\s+(.+)$/) ??
      m[1].match(/^.*(?:^|\s)(?:de|em)\s+(.+)$/);
    if (cue) {
      const from = s + m[1].length - cue[1].length;
      const place = w.originalOf(from, m.indices![1][1]).trim();
      if (!NOT_CITIES.has(fold(place).split(' ')[0]) && place.split(/\s+/).length <= 6) {
        setCity(out, properName(place), uf);
        w.mask(from, m.indices![0][1]);
        return;
      }
    }
  }

  // 2. Strong cues: "moro em Recife", "sou de Campinas", "minha cidade é Caruaru".
  const strong = new RegExp(
    `${B}(?:moro (?:em|no|na|aqui em)|moramos em|vivo em|resido em|sou de|sou da|sou do|venho de|natural de|morando em|minha cidade (?:e|eh)|cidade de|aqui (?:em|de))\\s+`,
    'dg',
  );
  for (const m of w.matches(strong)) {
    const pos = m.index + m[0].length;
    const known = catalogCityAt(w, catalog, pos);
    if (known) {
      setCity(out, known.name, uniqueState(catalog, known));
      w.mask(m.index, pos + known.norm.length);
      return;
    }
    const place = readPlace(w, pos);
    if (!place || NOT_CITIES.has(fold(place.text.split(/\s+/)[0]))) continue;
    const uf = toUf(place.text);
    if (uf && !CITY_NAMED_LIKE_STATE.has(fold(place.text))) {
      out.state = uf; // "moro na Bahia", "sou de SP": the state, city still unknown
      w.mask(m.index, place.end);
      continue;
    }
    setCity(out, properName(place.text));
    w.mask(m.index, place.end);
    return;
  }

  // 3. A known city after a short cue ("perto de …"), or anywhere when the city was asked.
  const place = readGazetteer(w, catalog.places, expectingCity);
  const known = place && findCatalogCity(catalog, fold(place.value));
  if (place) setCity(out, place.value, known && uniqueState(catalog, known));
}

/** The state of a catalog city when its name exists in one state only. */
function uniqueState(catalog: Catalog, city: CityEntry): string | null {
  const states = new Set(catalog.cities.filter((c) => c.norm === city.norm).map((c) => c.state));
  return states.size === 1 ? city.state : null;
}

// ---------- income ----------


function householdSize(w: Work): { size: number; start: number; end: number } | null {
  const patterns: [RegExp, number][] = [
    [new RegExp(`${B}moro com (?:mais )?(${NUM})(?:\\s+(?:pessoas|pessoa))?${E}`, 'dg'), 1],
    [new RegExp(`${B}(?:em|somos|entre|para|pra|dividido (?:por|entre)|divide (?:por|entre)|familia de|casa de)\\s+(${NUM})(?:\\s+(?:pessoas|pessoa|membros|moradores|aqui em casa|em casa|na casa))?${E}`, 'dg'), 0],
    [new RegExp(`${B}(${NUM})\\s+(?:pessoas|membros|moradores)(?:\\s+(?:em casa|na casa|na familia|aqui em casa|na minha casa))?${E}`, 'dg'), 0],
  ];
  for (const [re, plus] of patterns) {
    for (const m of w.matches(re)) {
      const n = parseNumber(m[1]);
      if (n !== null && Number.isInteger(n) && n >= 1 && n <= 20) return { size: n + plus, start: m.index, end: m.index + m[0].length };
    }
  }
  const people = householdByPeople(w);
  if (people) return people;
  if (w.find(new RegExp(`${B}(?:moro sozinh[oa]|(?:sou|e) so eu|somente eu|so eu mesm[oa])${E}`, 'dg'))) return { size: 1, start: 0, end: 0 };
  return null;
}

// Relatives: one person each, or two for "pais" / "avós" unless a number says otherwise.
const RELATIVE = [...words('relatives')].join('|');
const RELATIVES = [...words('relatives_plural')].join('|');
const PERSON = new RegExp(
  `^(?:(?:a|o)\\s+)?(?:minha|meu|mina)?\\s*(${RELATIVE})${E}|^(?:(?:as|os)\\s+)?(?:minhas|meus)\\s+(?:(${NUM})\\s+)?(${RELATIVES})${E}`,
);

/** "(só) eu e minha vó", "moro com minha mãe e meus 2 irmãos": the student plus the people listed. */
function householdByPeople(w: Work): { size: number; start: number; end: number } | null {
  const anchor = new RegExp(`${B}(?:eu(?:\\s+e|\\s*,)|moro com|vivo com|moramos eu e|somos eu e)\\s+`, 'dg');
  for (const m of w.matches(anchor)) {
    let pos = m.index + m[0].length;
    let size = 1;
    let end = pos;
    for (;;) {
      const p = PERSON.exec(w.folded.slice(pos));
      if (!p) break;
      if (p[1]) size += 1;
      else {
        const n = p[2] ? parseNumber(p[2]) : /^(pais|avos)$/.test(p[3]) ? 2 : null;
        if (n === null || !Number.isInteger(n) || n < 1) return null; // "meus irmãos": how many is unknown
        size += n;
      }
      end = pos + p[0].length;
      const sep = /^\s*(?:,|e(?![a-z]))\s*/.exec(w.folded.slice(end));
      if (!sep) break;
      pos = end + sep[0].length;
    }
    if (size > 1 && size <= 20) return { size, start: m.index, end };
  }
  return null;
}

function extractIncome(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const found = readMoney(w, entity('income').money!, 'pt', expecting.has('income_per_capita'));
  if (found?.units !== undefined) out.income_minimum_wages = found.units;
  if (!found) return;

  const household = found.per === 'pessoa' ? null : householdSize(w);
  if (household && household.size > 1) {
    out.household_income = found.value;
    out.household_size = household.size;
    out.income_per_capita = Math.round((found.value / household.size) * 100) / 100;
    w.mask(household.start, household.end);
  } else {
    if (household) out.household_size = household.size;
    out.income_per_capita = found.value;
  }
}

// ---------- scores and ages ----------

function extractScore(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const found = readNumber(w, entity('enem_score').number!, 'pt', expecting.has('enem_score'));
  if (found) out.enem_score = found.value;
}

function extractAge(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const found = readNumber(w, entity('age').number!, 'pt', expecting.has('age'));
  if (found) out.age = found.value;
}

// ---------- education ----------

const ORDINAL_YEARS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, primeiro: 1, segundo: 2, terceiro: 3, terceirao: 3, quarto: 4 };
const entities = (type: string) => config.entities.filter((e) => e.type === type);

function extractEducation(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  // The school year is read first: its phrase also says the level.
  const year = readPattern(new SlotText(w.folded), entities('school_year'));
  const level = readPattern(w, entities('education'), expecting.has('education'));
  if (!level) return;
  out.education = level.value as EducationLevel;
  if (year && level.value === 'medio_cursando') out.school_year = ORDINAL_YEARS[year.value];
}

// ---------- shift and institution type ----------


function extractShift(w: Work, out: ExtractedSlots): void {
  const found = readGazetteer(w, gazetteer('shift'));
  if (found) out.shift = found.value;
}

const INDIFFERENT = `(?:${[...words('indifferent')].sort((a, b) => b.length - a.length).join('|')})`;
const INDIFFERENT_FILLER = words('indifferent_filler');
// What may come between two kinds named together: "pública ou privada", "pública / particular", "pública ou uma paga".
const BETWEEN_KINDS = /^(?:\s+(?:ou|e|quanto|nem)\s+|\s*\/\s*)(?:(?:uma|um|numa|num|em uma|instituicao|faculdade)\s+)?$/;

/** Every institution kind named, in order (the gazetteer's vetoes apply: "escola pública" is none). */
function kindsNamed(folded: string) {
  const copy = new SlotText(folded);
  const found: GazetteerRead[] = [];
  for (let kind = readGazetteer(copy, gazetteer('institution_type')); kind; kind = readGazetteer(copy, gazetteer('institution_type'))) found.push(kind);
  return found.sort((a, b) => a.start - b.start);
}

/**
 * No preference between public and private: both kinds named together ("pública ou privada", "tanto pública
 * quanto particular"), or "tanto faz" / "qualquer uma" in the clause of a kind. A bare "tanto faz" clause
 * answers the institution type when that was asked; otherwise it is reported as `indifferent`.
 */
function extractInstitutionAny(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const kinds = kindsNamed(w.folded);
  for (let i = 1; i < kinds.length; i++) {
    const [first, second] = [kinds[i - 1], kinds[i]];
    // "federal ou estadual" is still public.
    if (first.value === second.value || !BETWEEN_KINDS.test(w.folded.slice(first.end, second.start))) continue;
    out.institution_any = true;
    w.mask(first.start, second.end);
    return;
  }
  for (const seg of w.clauses()) {
    if (!new RegExp(`${B}${INDIFFERENT}${E}`).test(seg.text)) continue;
    const namesKind = kindsNamed(seg.text).length > 0;
    const bare = seg.text.split(/\s+/).every((word) => INDIFFERENT_FILLER.has(word));
    if (namesKind || (bare && expecting.has('institution_type'))) {
      out.institution_any = true;
      w.mask(seg.start, seg.end);
      return;
    }
    if (bare) out.indifferent = true;
  }
}

function extractInstitutionType(w: Work, out: ExtractedSlots): void {
  const found = readGazetteer(w, gazetteer('institution_type'));
  if (found) out.institution_type = found.value as InstitutionType;
}

// ---------- course ----------

function extractCourse(w: Work, out: ExtractedSlots, catalog: Catalog, expecting: Set<SlotName>): void {
  let text = expandCourseAliases(w.folded);
  text = text.replace(new RegExp(`${B}(ser|virar|trabalhar como|me formar em)\\s+(?:um |uma )?([a-z]+)${E}`, 'g'), (m, verb: string, job: string) =>
    PROFESSIONS[job] ? `${verb} ${PROFESSIONS[job]}` : m,
  );
  const onlyCourse = expecting.has('course_interest') && text.trim().split(/\s+/).length <= 5;
  const found = readGazetteer(new SlotText(text), catalog.courses, onlyCourse);
  if (found) {
    out.course_interest = found.value;
    return;
  }
  // A course the catalog does not know, after a clear cue: "curso de Biomedicina Estética".
  if (expecting.has('course_interest')) {
    const m = new RegExp(`${B}(?:curso de|cursar|faculdade de|graduacao em)\\s+([a-z][a-z ]{2,40}?)(?=[,.;!?]|\\s+(?:e|na|no|em|a|de noite|a noite|pela)\\s|$)`).exec(text);
    if (m && !Object.prototype.hasOwnProperty.call(COURSE_ALIASES, m[1])) out.course_interest = titleCase(m[1]);
  }
}

// ---------- bare answers ----------

function bareName(w: Work, out: ExtractedSlots): void {
  for (const seg of w.clauses()) {
    const words = seg.text.split(/\s+/);
    if (words.length > 4 || !words.every((x) => /^[a-z'-]+$/.test(x))) continue;
    if (words.some((x) => NOT_NAMES.has(x) && !PARTICLES.has(x))) continue;
    out.name = properName(w.originalOf(seg.start, seg.end));
    w.mask(seg.start, seg.end);
    return;
  }
}

function bareCity(w: Work, out: ExtractedSlots): void {
  const segs = w.clauses();
  const seg = segs[segs.length - 1];
  if (!seg) return;
  const words = seg.text.split(/\s+/);
  if (words.length > 4 || !words.every((x) => /^[a-z'-]+$/.test(x)) || NOT_CITIES.has(words[0]) || NOT_NAMES.has(words[0])) return;
  out.city = properName(w.originalOf(seg.start, seg.end));
  w.mask(seg.start, seg.end);
}

// ---------- entry points ----------

/** Every slot found in `text` (onboarding and match alike). */
export function extractSlots(text: string, opts: ExtractOptions = {}): ExtractedSlots {
  const catalog = opts.catalog ?? defaultCatalog;
  const expecting = new Set<SlotName>(opts.expecting === undefined ? [] : Array.isArray(opts.expecting) ? opts.expecting : [opts.expecting]);
  const w = new SlotText(String(text ?? '').slice(0, 2000));
  const out: ExtractedSlots = {};

  extractName(w, out);
  extractCity(w, out, catalog, expecting.has('city'));
  extractIncome(w, out, expecting);
  extractScore(w, out, expecting);
  extractAge(w, out, expecting);
  extractEducation(w, out, expecting);
  extractShift(w, out);
  extractInstitutionAny(w, out, expecting);
  if (!out.institution_any) extractInstitutionType(w, out);
  extractCourse(w, out, catalog, expecting);
  if (out.city === undefined && expecting.has('city') && !expecting.has('name')) bareCity(w, out);
  if (out.name === undefined && expecting.has('name')) {
    if (out.city === undefined && expecting.has('city') && w.clauses().length > 1) bareCity(w, out);
    bareName(w, out);
  }
  if (out.city && !out.state) {
    const known = findCatalogCity(catalog, fold(out.city));
    if (known) {
      const st = uniqueState(catalog, known);
      if (st) out.state = st as Uf;
    }
  }
  return out;
}

const ONBOARDING_KEYS = ['name', 'age', 'city', 'state', 'education', 'school_year'] as const;
const MATCH_KEYS = [
  'course_interest', 'enem_score', 'shift', 'institution_type', 'institution_any', 'indifferent', 'income_per_capita', 'income_minimum_wages',
  'household_income', 'household_size', 'city', 'state',
] as const;

function pick<K extends keyof ExtractedSlots>(slots: ExtractedSlots, keys: readonly K[]): Pick<ExtractedSlots, K> {
  const out: Partial<ExtractedSlots> = {};
  for (const k of keys) if (slots[k] !== undefined) (out as Record<string, unknown>)[k] = slots[k];
  return out as Pick<ExtractedSlots, K>;
}

/** Onboarding slots: name, age, city (+ state), education. */
export function extractOnboardingSlots(text: string, opts: ExtractOptions = {}) {
  return pick(extractSlots(text, opts), ONBOARDING_KEYS);
}

/** Match slots: course, ENEM score, shift, institution type, income (+ city/state for the geographic filter). */
export function extractMatchSlots(text: string, opts: ExtractOptions = {}) {
  return pick(extractSlots(text, opts), MATCH_KEYS);
}

/** The slots that are `user_profiles` columns, ready for updateStudentProfile. */
export function toProfileUpdates(slots: ExtractedSlots): Record<string, unknown> {
  const { school_year: _y, household_income: _h, household_size: _s, income_minimum_wages: _w, institution_any: _a, indifferent: _i, ...columns } = slots;
  return columns;
}
