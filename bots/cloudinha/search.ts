// searchOpportunities: the match workflow's query over `opportunities` (Prouni 2018/1 and Sisu 2023/1 data).
// Every value reaches SQL as a parameter; free text is additionally reduced to letters, digits and spaces,
// and enumerated filters that cannot be recognised make the search return nothing (never an error).
import { fold, type Sql } from 'switchboard';
import type { EligibilityKind } from './eligibility.ts';
import { EDITIONS, type OpportunityRow } from './data.ts';
import { expandCourseAliases, valueOf, type InstitutionType } from './vocab.ts';

export interface SearchFilters {
  course?: string;
  city?: string;
  state?: string;
  /** Any of these states (UFs): a region. */
  states?: string[];
  score?: number | string;
  shift?: string;
  institution_type?: string;
  eligibility?: string;
}

export interface SearchParams {
  query?: string;
  filters?: SearchFilters;
  sort_by?: 'quality' | 'score';
  limit?: number;
  /** When the city yields fewer than `minResults` (default 3), search the whole state instead. */
  nearby?: boolean | { minResults?: number };
  /**
   * How the course filter matches: 'exact' (the course itself), 'words' (names containing its words:
   * "medicina" → "Medicina Veterinária"). Default: exact, then words when exact finds nothing.
   */
  courseMatch?: 'exact' | 'words';
}

/** A stored opportunity as search returns it (the loaded row without its normalised search columns). */
export interface Opportunity extends Omit<OpportunityRow, 'course_norm' | 'city_norm' | 'search_text' | 'institution_type'> {
  id: number;
  institution_type: InstitutionType;
}

export interface SearchResult {
  results: Opportunity[];
  /** Matching rows before `limit`. */
  total: number;
  /** The filters as applied, normalised. */
  applied: NormalisedFilters & { query?: string; sort_by?: string };
  /** Filters whose value could not be understood; any rejection yields no results. */
  rejected: string[];
  /** Set when the city gave too few results and the state was searched instead. */
  widened?: { from: string; to: string };
  /** Which past editions the rows come from, for the reply ("dados da edição 2018/1 do Prouni"). */
  editions: { prouni: string; sisu: string };
}

interface NormalisedFilters {
  course?: string;
  city?: string;
  state?: string;
  states?: string[];
  score?: number;
  shift?: string;
  institution_type?: InstitutionType;
  eligibility?: EligibilityKind;
}

const MAX_TEXT = 80;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
const STOPWORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em', 'a', 'o', 'curso', 'cursos']);

/** Free text → folded letters, digits, spaces and hyphens only (quotes, semicolons, comment marks go). */
export function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const cleaned = fold(String(value).slice(0, MAX_TEXT * 2))
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/-{2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
  return cleaned.length > 0 ? cleaned : undefined;
}

function parseScore(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value <= 1000 ? value : null;
  if (typeof value !== 'string') return null;
  const m = value.trim().match(/^(\d{1,4})(?:[.,](\d{1,2}))?$/);
  if (!m) return null;
  const n = Number(`${m[1]}.${m[2] ?? '0'}`);
  return n <= 1000 ? n : null;
}

function parseShift(value: string): string | null {
  const f = cleanText(value);
  return f ? (valueOf('shift', f) ?? valueOf('shift', f.replace(/^(a|de|pela|periodo|turno)\s+/, ''))) : null;
}

const ELIGIBILITY: EligibilityKind[] = ['prouni_integral', 'prouni_parcial', 'sisu'];

/** Validate and normalise the filters. Unknown enumerated values are reported in `rejected`. */
export function normaliseFilters(filters: SearchFilters = {}): { filters: NormalisedFilters; rejected: string[] } {
  const out: NormalisedFilters = {};
  const rejected: string[] = [];
  const present = (v: unknown) => v !== undefined && v !== null && v !== '';

  if (present(filters.course)) {
    const c = cleanText(filters.course);
    if (c) out.course = c;
    else rejected.push('course');
  }
  if (present(filters.city)) {
    // "Campinas - SP" / "Campinas/SP" carry the state too.
    const raw = String(filters.city);
    const m = raw.match(/^(.*?)\s*[-/,]\s*([A-Za-z]{2})\s*$/);
    const uf = m ? valueOf('state', m[2]) : null;
    const c = cleanText(m && uf ? m[1] : raw);
    if (c) out.city = c;
    else rejected.push('city');
    if (uf && !present(filters.state)) out.state = uf;
  }
  if (present(filters.state)) {
    const uf = valueOf('state', String(filters.state));
    if (uf) out.state = uf;
    else rejected.push('state');
  }
  if (Array.isArray(filters.states) && filters.states.length > 0) {
    const ufs = filters.states.map((s) => valueOf('state', String(s)));
    if (ufs.every((u) => u !== null)) out.states = [...new Set(ufs as string[])];
    else rejected.push('states');
  }
  if (present(filters.score)) {
    const s = parseScore(filters.score);
    if (s !== null) out.score = s;
    else rejected.push('score');
  }
  if (present(filters.shift)) {
    const s = parseShift(String(filters.shift));
    if (s) out.shift = s;
    else rejected.push('shift');
  }
  if (present(filters.institution_type)) {
    const t = valueOf('institution_type', cleanText(filters.institution_type) ?? '') as InstitutionType | null;
    if (t) out.institution_type = t;
    else rejected.push('institution_type');
  }
  if (present(filters.eligibility)) {
    const e = String(filters.eligibility) as EligibilityKind;
    if (ELIGIBILITY.includes(e)) out.eligibility = e;
    else rejected.push('eligibility');
  }
  return { filters: out, rejected };
}

/** Course words to match at word starts ("eng civil" → engenharia, civil). */
function courseTokens(course: string): string[] {
  return expandCourseAliases(course)
    .split(/[\s-]+/)
    .filter((t) => t.length > 0 && !STOPWORDS.has(t));
}

interface Built {
  where: string[];
  params: unknown[];
}

function buildWhere(f: NormalisedFilters, query: string | undefined, courseMode: 'exact' | 'words'): Built | null {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };

  if (f.course) {
    const expanded = expandCourseAliases(f.course);
    if (courseMode === 'exact') {
      // The name as given and with abbreviations expanded ("vet" → "medicina veterinaria"; "medicina
      // veterinaria" itself must not become "medicina medicina veterinaria").
      const names = p([...new Set([f.course, expanded])]);
      where.push(`(course_norm = any(${names}::text[]) or course_norm = any(array(select 'abi - ' || n from unnest(${names}::text[]) n)))`);
    } else {
      const tokens = courseTokens(f.course);
      if (tokens.length === 0) return null;
      // Tokens are [a-z0-9] only (cleanText), so they are safe inside a regex; \m anchors at a word start.
      for (const t of tokens) where.push(`course_norm ~ ${p(`\\m${t}`)}`);
    }
  }
  if (f.city) where.push(`city_norm = ${p(f.city)}`);
  if (f.state) where.push(`state = ${p(f.state)}`);
  if (f.states) where.push(`state = any(${p(f.states)}::text[])`);
  if (f.score !== undefined) where.push(`cutoff_score <= ${p(f.score)}`);
  if (f.shift) where.push(`shift = ${p(f.shift)}`);
  if (f.institution_type) where.push(`institution_type = ${p(f.institution_type)}`);
  if (f.eligibility === 'prouni_integral') where.push(`program = 'prouni' and scholarship_kind = 'integral'`);
  // The partial (50 %) scholarship is the only one open above 1.5 minimum wages per person.
  if (f.eligibility === 'prouni_parcial') where.push(`program = 'prouni' and scholarship_kind = 'parcial'`);
  if (f.eligibility === 'sisu') where.push(`program = 'sisu'`);
  if (query) where.push(`to_tsvector('portuguese', search_text) @@ plainto_tsquery('portuguese', ${p(query)})`);
  return { where, params };
}

function orderBy(sort: SearchParams['sort_by']): string {
  if (sort === 'score') return 'cutoff_score desc nulls last, igc desc nulls last, id';
  return 'igc desc nulls last, cutoff_score desc nulls last, id';
}

interface Row extends Record<string, unknown> {
  total: number | string;
}

function toOpportunity(r: Record<string, unknown>): Opportunity {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    program: r.program as Opportunity['program'],
    edition: String(r.edition),
    institution: String(r.institution),
    institution_short: (r.institution_short as string | null) ?? null,
    campus: (r.campus as string | null) ?? null,
    city: String(r.city),
    state: String(r.state),
    course: String(r.course),
    degree: (r.degree as string | null) ?? null,
    shift: (r.shift as string | null) ?? null,
    institution_type: r.institution_type as InstitutionType,
    cutoff_score: num(r.cutoff_score),
    scholarship_kind: r.scholarship_kind as Opportunity['scholarship_kind'],
    seats: num(r.seats),
    monthly_fee: num(r.monthly_fee),
    igc: num(r.igc),
  };
}

const SELECT_COLUMNS =
  'id, program, edition, institution, institution_short, campus, city, state, course, degree, shift, institution_type, cutoff_score, scholarship_kind, seats, monthly_fee, igc';

async function run(sql: Sql, f: NormalisedFilters, query: string | undefined, sort: SearchParams['sort_by'], limit: number, courseMatch?: 'exact' | 'words') {
  // An exact course name wins ("medicina" is not "medicina veterinaria"); otherwise match the words.
  const modes: ('exact' | 'words')[] = !f.course ? ['words'] : courseMatch ? [courseMatch] : ['exact', 'words'];
  for (const mode of modes) {
    const built = buildWhere(f, query, mode);
    if (!built) return { rows: [] as Opportunity[], total: 0 };
    const where = built.where.length > 0 ? `where ${built.where.join(' and ')}` : '';
    built.params.push(limit);
    const rows = await sql.query<Row>(
      `select ${SELECT_COLUMNS}, count(*) over () as total from opportunities ${where} order by ${orderBy(sort)} limit $${built.params.length}`,
      built.params,
    );
    if (rows.length > 0 || mode === 'words') return { rows: rows.map(toOpportunity), total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }
  return { rows: [] as Opportunity[], total: 0 };
}

/** A city as spelled in the data, with its state (the most frequent one when a name repeats across states). */
export async function findCity(sql: Sql, city: string, state?: string): Promise<{ city: string; state: string } | null> {
  const c = cleanText(city);
  if (!c) return null;
  const params: unknown[] = [c];
  const byState = state ? `and state = $${params.push(state)}` : '';
  const rows = await sql.query<{ city: string; state: string }>(
    `select min(city) as city, state from opportunities where city_norm = $1 ${byState} group by state order by count(*) desc limit 1`,
    params,
  );
  return rows[0] ?? null;
}

export async function searchOpportunities(sql: Sql, params: SearchParams = {}): Promise<SearchResult> {
  const { filters, rejected } = normaliseFilters(params.filters);
  const query = params.query === undefined ? undefined : cleanText(params.query);
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(Number(params.limit) || DEFAULT_LIMIT)));
  const sort_by = params.sort_by === 'quality' || params.sort_by === 'score' ? params.sort_by : undefined;
  const base = { applied: { ...filters, query, sort_by }, rejected, editions: { prouni: EDITIONS.prouni, sisu: EDITIONS.sisu } };
  if (rejected.length > 0) return { ...base, results: [], total: 0 };

  const first = await run(sql, filters, query, sort_by, limit, params.courseMatch);
  const minResults = typeof params.nearby === 'object' ? (params.nearby.minResults ?? 3) : 3;
  if (params.nearby && filters.city && first.rows.length < minResults) {
    const known = await findCity(sql, filters.city, filters.state);
    const state = filters.state ?? known?.state;
    if (state) {
      const wider = { ...filters, city: undefined, state };
      const second = await run(sql, wider, query, sort_by, limit, params.courseMatch);
      if (second.rows.length > first.rows.length) {
        const from = known?.city ?? filters.city;
        return { ...base, results: second.rows, total: second.total, widened: { from, to: state } };
      }
    }
  }
  return { ...base, results: first.rows, total: first.total };
}

/** True when `course` (a result's display name) is the course asked for, not just one with the same words. */
export function isSameCourse(course: string, asked: string): boolean {
  const given = cleanText(asked) ?? '';
  const got = (cleanText(course) ?? '').replace(/^abi -? ?/, '');
  return got === given || got === expandCourseAliases(given);
}

/** Same search, widened to the city's state when the city alone yields fewer than `minResults`. */
export function widenToNearbyCities(sql: Sql, params: Omit<SearchParams, 'nearby'>, minResults = 3): Promise<SearchResult> {
  return searchOpportunities(sql, { ...params, nearby: { minResults } });
}
