// Student profile tools: read and update `user_profiles`. Only whitelisted columns can be written,
// each value is coerced to its column's type, and anything that does not fit is reported, not stored.
import { fold, type Sql } from 'switchboard';
import type { EligibilityKind } from './eligibility.ts';
import { INSTITUTION_WORDS, SHIFT_WORDS, SHIFTS, toUf } from './vocab.ts';

export interface StudentProfile {
  user_id: string;
  name: string | null;
  age: number | null;
  city: string | null;
  state: string | null;
  education: string | null;
  course_interest: string | null;
  enem_score: number | null;
  shift: string | null;
  institution_type: 'publica' | 'privada' | null;
  income_per_capita: number | null;
  eligibility: EligibilityKind | null;
  onboarding_completed: boolean;
  active_workflow: string | null;
  updated_at: string | null;
}

export type ProfileUpdates = Partial<Omit<StudentProfile, 'user_id' | 'updated_at'>>;

export const EDUCATION_LEVELS = [
  'fundamental',
  'medio_cursando',
  'medio_completo',
  'medio_incompleto',
  'superior_cursando',
  'superior_completo',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** Portuguese label of an education code, for replies. */
export const EDUCATION_LABELS: Record<EducationLevel, string> = {
  fundamental: 'ensino fundamental',
  medio_cursando: 'cursando o ensino médio',
  medio_completo: 'ensino médio completo',
  medio_incompleto: 'ensino médio incompleto',
  superior_cursando: 'cursando o ensino superior',
  superior_completo: 'ensino superior completo',
};

export const ONBOARDING_FIELDS = ['name', 'age', 'city', 'education'] as const;
export const MATCH_FIELDS = ['course_interest', 'enem_score', 'shift', 'institution_type'] as const;

type Coerce = (v: unknown) => { ok: true; value: unknown } | { ok: false };

const ok = (value: unknown) => ({ ok: true as const, value });
const bad = { ok: false as const };

const text = (max: number): Coerce => (v) => {
  if (v === null) return ok(null);
  if (typeof v !== 'string' && typeof v !== 'number') return bad;
  const s = String(v).replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return s.length > 0 && s.length <= max ? ok(s) : bad;
};
const number = (min: number, max: number, integer = false): Coerce => (v) => {
  if (v === null) return ok(null);
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) return bad;
  if (integer && !Number.isInteger(n)) return bad;
  return ok(n);
};
const oneOf = (values: readonly string[]): Coerce => (v) => (v === null ? ok(null) : typeof v === 'string' && values.includes(v) ? ok(v) : bad);

const COERCE: Record<keyof ProfileUpdates, Coerce> = {
  name: text(120),
  age: number(5, 120, true),
  city: text(120),
  state: (v) => (v === null ? ok(null) : typeof v === 'string' && toUf(v) ? ok(toUf(v)) : bad),
  education: oneOf(EDUCATION_LEVELS),
  course_interest: text(160),
  enem_score: number(0, 1000),
  shift: (v) => {
    if (v === null) return ok(null);
    if (typeof v !== 'string') return bad;
    const canonical = (SHIFTS as readonly string[]).find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? SHIFT_WORDS[fold(v)];
    return canonical ? ok(canonical) : bad;
  },
  institution_type: (v) => (v === null ? ok(null) : typeof v === 'string' && INSTITUTION_WORDS[fold(v)] ? ok(INSTITUTION_WORDS[fold(v)]) : bad),
  income_per_capita: number(0, 10_000_000),
  eligibility: oneOf(['prouni_integral', 'prouni_parcial', 'sisu']),
  onboarding_completed: (v) => (typeof v === 'boolean' ? ok(v) : bad),
  active_workflow: (v) => (v === null ? ok(null) : typeof v === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(v) ? ok(v) : bad),
};

const COLUMNS = Object.keys(COERCE) as (keyof ProfileUpdates)[];

function validUserId(userId: unknown): userId is string {
  return typeof userId === 'string' && userId.length > 0 && userId.length <= 200;
}

function toProfile(r: Record<string, unknown>): StudentProfile {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const updated = r.updated_at;
  return {
    user_id: String(r.user_id),
    name: (r.name as string | null) ?? null,
    age: num(r.age),
    city: (r.city as string | null) ?? null,
    state: (r.state as string | null) ?? null,
    education: (r.education as string | null) ?? null,
    course_interest: (r.course_interest as string | null) ?? null,
    enem_score: num(r.enem_score),
    shift: (r.shift as string | null) ?? null,
    institution_type: (r.institution_type as StudentProfile['institution_type']) ?? null,
    income_per_capita: num(r.income_per_capita),
    eligibility: (r.eligibility as EligibilityKind | null) ?? null,
    onboarding_completed: r.onboarding_completed === true,
    active_workflow: (r.active_workflow as string | null) ?? null,
    updated_at: updated instanceof Date ? updated.toISOString() : ((updated as string | null) ?? null),
  };
}

/** The student's profile, or null when they have none yet. */
export async function getStudentProfile(sql: Sql, userId: string): Promise<StudentProfile | null> {
  if (!validUserId(userId)) return null;
  const rows = await sql.query('select * from user_profiles where user_id = $1', [userId]);
  return rows[0] ? toProfile(rows[0]) : null;
}

export interface ProfileUpdateResult {
  profile: StudentProfile;
  /** Columns written. */
  updated: string[];
  /** Keys refused: not a profile column, or a value that does not fit it. */
  rejected: string[];
}

/**
 * The whitelisted, valid keys of `updates`, each coerced to its column's type; the rest in `rejected`.
 * What updateStudentProfile would write, without writing (to validate now and write with the turn).
 */
export function validateProfileUpdates(updates: Record<string, unknown>): { values: ProfileUpdates; rejected: string[] } {
  const values: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const [key, raw] of Object.entries(updates ?? {})) {
    if (raw === undefined) continue;
    if (!(COLUMNS as string[]).includes(key)) {
      rejected.push(key);
      continue;
    }
    const r = COERCE[key as keyof ProfileUpdates](raw);
    if (r.ok) values[key] = r.value;
    else rejected.push(key);
  }
  return { values: values as ProfileUpdates, rejected };
}

/** Create or update the profile with the whitelisted, valid keys of `updates` (null clears a column). */
export async function updateStudentProfile(sql: Sql, userId: string, updates: Record<string, unknown>): Promise<ProfileUpdateResult> {
  if (!validUserId(userId)) throw new TypeError('updateStudentProfile: userId must be a non-empty string');
  const checked = validateProfileUpdates(updates);
  const values = Object.entries(checked.values);
  const rejected = checked.rejected;
  // Column names come from the whitelist above, never from the caller.
  const cols = values.map(([c]) => c);
  const params = [userId, ...values.map(([, v]) => v)];
  const insertCols = ['user_id', ...cols].join(', ');
  const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
  const set = [...cols.map((c) => `${c} = excluded.${c}`), 'updated_at = now()'].join(', ');
  const rows = await sql.query(
    `insert into user_profiles (${insertCols}) values (${placeholders}) on conflict (user_id) do update set ${set} returning *`,
    params,
  );
  return { profile: toProfile(rows[0]), updated: cols, rejected };
}

/** Onboarding fields still empty, in the order to ask them. */
export function missingOnboardingFields(profile: Partial<StudentProfile> | null): (typeof ONBOARDING_FIELDS)[number][] {
  return ONBOARDING_FIELDS.filter((f) => profile?.[f] === null || profile?.[f] === undefined || profile?.[f] === '');
}

/** Match preferences still empty, in the order to ask them. */
export function missingMatchFields(profile: Partial<StudentProfile> | null): (typeof MATCH_FIELDS)[number][] {
  return MATCH_FIELDS.filter((f) => profile?.[f] === null || profile?.[f] === undefined || profile?.[f] === '');
}
