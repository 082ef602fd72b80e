// Match (bot.yaml `forms.match`): course, ENEM score, shift and institution type (several per message) →
// search → family income per person → eligibility (Prouni full ≤ 1.5 minimum wages, partial ≤ 3, Sisu above) →
// search again filtered by it, widened to nearby cities and ordered by MEC quality → results → the form ends.
// The runtime's form reads the slots (bot.yaml `read: message`), asks, takes corrections (a new course searches
// again) and keeps the progress; this file runs the searches.
import { dirname } from 'node:path';
import { readBotConfig, readFormSlots, sourcePath, type FormHooks, type FormState, type Slots, type TableSearchParams, type TableSearchResult } from 'switchboard';
import { computeEligibility, eligibilitySettings, type EligibilityKind } from './eligibility.ts';
import { readCourse, type Catalog } from './extract.ts';
import { formatEligibility, formatResults, opportunityCards, type Opportunity } from './format.ts';
import { loadProfile, type CloudinhaData, type CloudinhaMemory, type Ctx } from './turn.ts';
import type { CloudinhaServices } from './services.ts';

const config = readBotConfig(dirname(sourcePath(import.meta.url)));

export type InstitutionChoice = 'publica' | 'privada' | 'qualquer';

/** The preferences asked together before the first search. */
const MATCH_FIELDS = ['course_interest', 'enem_score', 'shift', 'institution_type'] as const;

export interface MatchValues extends Record<string, unknown> {
  course_interest: string;
  enem_score: number;
  shift: string;
  institution_type: InstitutionChoice;
  /** A place named in the conversation; else the profile's city. */
  city: string;
  state: string;
  income_per_capita: number;
  eligibility: EligibilityKind;
}

/**
 * The match slots in a message, as the runtime's form reads them (bot.yaml `forms.match`, `read: message`): "tanto
 * faz" about the institution type becomes 'qualquer' (its `any`), and so does a bare "tanto faz" when the type is
 * the only preference still missing ("pedagogia, 580, EaD, tanto faz"); an income is divided by the household.
 */
export function extractMatchValues(text: string, opts: { catalog: Catalog; expecting?: string[]; values?: Partial<MatchValues> }): Partial<MatchValues> {
  return readFormSlots(config, config.forms.match, { text, asking: opts.expecting, slots: opts.values as Slots | undefined, vocabulary: opts.catalog, readers: { course: readCourse } }) as Partial<MatchValues>;
}

type SearchFilters = Record<string, unknown>;

function searchParams(values: Partial<MatchValues>, profile: { city: string | null; state: string | null } | null, extra: SearchFilters = {}): TableSearchParams {
  const city = values.city ?? profile?.city ?? undefined;
  const state = values.state ?? (values.city ? undefined : (profile?.state ?? undefined));
  return {
    filters: {
      course: values.course_interest,
      score: values.enem_score,
      shift: values.shift,
      institution_type: values.institution_type === 'qualquer' ? undefined : values.institution_type,
      city,
      state,
      ...extra,
    },
  };
}

/** What the eligibility allows, given the kind of institution the student wants. */
export function eligibilityFilters(kind: EligibilityKind, choice: InstitutionChoice | undefined): { filters: SearchFilters; excludeProuniIntegral: boolean } {
  if (choice === 'publica') return { filters: { institution_type: 'publica' }, excludeProuniIntegral: false };
  // Above the Prouni limit only Sisu (public, free) is open, whatever the preference.
  if (kind === 'sisu') return { filters: { eligibility: 'sisu', institution_type: undefined }, excludeProuniIntegral: false };
  if (kind === 'prouni_parcial') {
    return choice === 'privada' ? { filters: { eligibility: 'prouni_parcial' }, excludeProuniIntegral: false } : { filters: {}, excludeProuniIntegral: true };
  }
  return { filters: choice === 'privada' ? { institution_type: 'privada' } : {}, excludeProuniIntegral: false };
}

/** bot.yaml `search.opportunities`, widened from the city to its state and region; with `excludeProuniIntegral`, none of those. */
async function runSearch(ctx: Ctx, params: TableSearchParams, excludeProuniIntegral = false): Promise<TableSearchResult<Opportunity>> {
  const limit = ctx.bot.search.opportunities.limit.default;
  const found = await ctx.search<Opportunity>('opportunities', { ...params, limit: excludeProuniIntegral ? limit * 4 : limit });
  if (!excludeProuniIntegral) return found;
  const kept = found.rows.filter((o) => !(o.program === 'prouni' && o.scholarship_kind === 'integral'));
  return { ...found, rows: kept.slice(0, limit), total: found.total - (found.rows.length - kept.length) };
}

type Hooks = FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData>;

/** The four preferences given (or one changed): save them and search; nothing found waits for other preferences. */
const searchPreferences: Hooks['onGroup'] = async (ctx, _group, slots) => {
  const values = slots as Partial<MatchValues>;
  const profile = await loadProfile(ctx);
  const prefs = Object.fromEntries(MATCH_FIELDS.filter((f) => values[f] !== 'qualquer').map((f) => [f, values[f]]));
  await ctx.saveProfile(prefs);
  const result = await runSearch(ctx, { ...searchParams(values, profile), sort: 'score' });
  if (!result.rows.length) return { say: 'no_results', wait: true };
  ctx.part({ type: 'data-cards', id: 'opportunities', data: opportunityCards(result) });
  return { say: formatResults(ctx.bot, result, values.course_interest) };
};

/** The income given: eligibility, then the search filtered by it and ordered by quality, before `match_done`. */
const refine: Hooks['onComplete'] = async (ctx, slots) => {
  const values = slots as Partial<MatchValues>;
  const settings = eligibilitySettings(ctx.bot.settings);
  const income = values.income_per_capita!;
  const eligibility = await ctx.tool('computeEligibility', { income_per_capita: income, minimum_wage: settings.minimumWage, ...settings.thresholds }, async () =>
    computeEligibility(income, settings.minimumWage, settings.thresholds),
  );
  await ctx.saveProfile({ income_per_capita: income, eligibility: eligibility.kind });
  const profile = await loadProfile(ctx);
  const allowed = eligibilityFilters(eligibility.kind, values.institution_type);
  const result = await runSearch(ctx, { ...searchParams(values, profile, allowed.filters), sort: 'quality' }, allowed.excludeProuniIntegral);
  if (result.rows.length) ctx.part({ type: 'data-cards', id: 'opportunities', data: opportunityCards(result) });
  return { before: [formatEligibility(ctx.bot.replies, income, eligibility, settings), formatResults(ctx.bot, result, values.course_interest, { sortedByQuality: true })].join('\n\n') };
};

export const matchForm: Hooks = { onGroup: searchPreferences, onComplete: refine };

/** True when the message answers something the match form collects (the routing rules then keep it in match). */
export function matchClaims(text: string, catalog: Catalog, state: FormState | undefined): boolean {
  const expecting = state?.stage ? (state.asking ?? [state.stage]) : [];
  return Object.keys(extractMatchValues(text, { catalog, expecting, values: state?.slots as Partial<MatchValues> | undefined })).length > 0;
}
