// Portuguese slot extraction for the onboarding and match workflows: several slots per message,
// accent- and case-insensitive ("Direito, tirei 700, à noite, pública" → course, score, shift, type).
//
// The message is folded to a same-length lowercase copy, so a match found in the folded text points at the
// same span of the original (names and cities keep their capitals and accents). Each slot found is masked
// out, so one number is never read twice (an income is not also a score or an age).
import { dirname } from 'node:path';
import { checkProfileUpdates, extendGazetteer, fold, parseOrdinal, isNotName, placeIndex, placeState, readBareName, readBarePlace, readBotConfig, readGazetteer, readHousehold, readIndifferent, readMoney, readNumber, readPattern, readPersonName, readPlace, SlotText, sourcePath, WORD_END, WORD_START, type Gazetteer, type PlaceIndex, type Sql } from 'switchboard';
import { titleCase } from './data.ts';
import { COURSE_ALIASES, expandCourseAliases, PROFESSIONS, type InstitutionType, type Shift, type Uf } from './vocab.ts';

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
  education?: string;
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
  /** The place reader: bot.yaml's city and state gazetteers with the data's cities and their states. */
  places: PlaceIndex;
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
const entity = (type: string) => config.entities.find((e) => e.type === type)!;

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
  const places = placeIndex(entity('place').place!, config.gazetteers, sorted);
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

const B = WORD_START;
const E = WORD_END;

// ---------- names ----------

const NAMES = entity('name').name!;

function extractName(w: Work, out: ExtractedSlots): void {
  const found = readPersonName(w, 'pt', NAMES);
  if (found) out.name = found.value;
}

// ---------- cities ----------

function extractCity(w: Work, out: ExtractedSlots, catalog: Catalog, expectingCity: boolean): void {
  const found = readPlace(w, catalog.places, expectingCity);
  if (found?.city) out.city = found.city;
  if (found?.state) out.state = found.state;
}

// ---------- income ----------


function extractIncome(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const found = readMoney(w, entity('income').money!, 'pt', expecting.has('income_per_capita'));
  if (found?.units !== undefined) out.income_minimum_wages = found.units;
  if (!found) return;

  const household = found.per === 'pessoa' ? undefined : readHousehold(w, entity('household_size').household!, 'pt');
  if (household && household.size > 1) {
    out.household_income = found.value;
    out.household_size = household.size;
    out.income_per_capita = Math.round((found.value / household.size) * 100) / 100;
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

const entities = (type: string) => config.entities.filter((e) => e.type === type);

function extractEducation(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  // The school year is read first: its phrase also says the level.
  const year = readPattern(new SlotText(w.folded), entities('school_year'));
  const level = readPattern(w, entities('education'), expecting.has('education'));
  if (!level) return;
  out.education = level.value;
  if (year && level.value === 'medio_cursando') out.school_year = parseOrdinal(year.value, 'pt');
}

// ---------- shift and institution type ----------


function extractShift(w: Work, out: ExtractedSlots): void {
  const found = readGazetteer(w, gazetteer('shift'));
  if (found) out.shift = found.value;
}

/**
 * No preference between public and private ("pública ou privada", "tanto faz se é pública"): the gazetteer's
 * `indifferent` reading. A bare "tanto faz" answers the type when that was asked; otherwise it is reported as
 * `indifferent` for the caller to decide.
 */
function extractInstitutionAny(w: Work, out: ExtractedSlots, expecting: Set<SlotName>): void {
  const found = readIndifferent(w, gazetteer('institution_type'), expecting.has('institution_type'));
  if (found?.kind === 'any') out.institution_any = true;
  else if (found) out.indifferent = true;
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
  const found = readBareName(w, NAMES);
  if (found) out.name = found.value;
}

function bareCity(w: Work, out: ExtractedSlots, catalog: Catalog): void {
  const found = readBarePlace(w, catalog.places, { has: (word: string) => isNotName(NAMES, word) });
  if (found?.city) out.city = found.city;
  if (found?.state) out.state = found.state;
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
  if (out.city === undefined && expecting.has('city') && !expecting.has('name')) bareCity(w, out, catalog);
  if (out.name === undefined && expecting.has('name')) {
    if (out.city === undefined && expecting.has('city') && w.clauses().length > 1) bareCity(w, out, catalog);
    bareName(w, out);
  }
  if (out.city && !out.state) {
    const state = placeState(catalog.places, out.city);
    if (state) out.state = state;
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

/** Of these values, those the student's profile accepts (bot.yaml `profile:`): an age of 300 is asked again. */
export function acceptedByProfile(updates: Record<string, unknown>): Record<string, unknown> {
  return checkProfileUpdates(config.profile!, config.gazetteers, updates).values;
}

/** The slots that are profile fields. */
export function toProfileUpdates(slots: ExtractedSlots): Record<string, unknown> {
  const { school_year: _y, household_income: _h, household_size: _s, income_minimum_wages: _w, institution_any: _a, indifferent: _i, ...columns } = slots;
  return columns;
}
