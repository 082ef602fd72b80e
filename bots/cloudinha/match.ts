// Match (bot.yaml `forms.match`): course, ENEM score, shift and institution type (several per message) →
// search → family income per person → eligibility (Prouni full ≤ 1.5 minimum wages, partial ≤ 3, Sisu above) →
// search again filtered by it, widened to nearby cities and ordered by MEC quality → results → the form ends.
// The runtime's form asks, takes corrections (a new course searches again) and keeps the progress; this file
// reads the slots and runs the searches.
import type { FormHooks, FormState, SlotExtractor, Slots } from 'switchboard';
import { computeEligibility, eligibilitySettings, type EligibilityKind } from './eligibility.ts';
import { acceptedByProfile, extractMatchSlots, type Catalog, type SlotName } from './extract.ts';
import { formatEligibility, formatResults } from './format.ts';
import { searchNearby, type NearbyResult } from './geo.ts';
import type { SearchFilters, SearchParams } from './search.ts';
import { servicesOf } from './services.ts';
import { loadProfile, type CloudinhaData, type CloudinhaMemory, type Ctx } from './turn.ts';
import type { CloudinhaServices } from './services.ts';

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
 * The match slots in a message (validated). "Tanto faz" about the institution type becomes 'qualquer'; a bare
 * "tanto faz" counts for it when it is the only preference still missing ("pedagogia, 580, EaD, tanto faz").
 * An income in minimum wages is converted with the minimum wage of bot.yaml.
 */
export function extractMatchValues(
  text: string,
  opts: { catalog: Catalog; expecting?: string[]; values?: Partial<MatchValues> },
): Partial<MatchValues> {
  const expecting = (opts.expecting ?? []).filter((s) => s !== 'eligibility') as SlotName[];
  const slots = extractMatchSlots(text, { catalog: opts.catalog, expecting });
  const { household_income: _h, household_size: _s, income_minimum_wages: _w, institution_any, indifferent, ...columns } = slots;
  const out = acceptedByProfile(columns) as Partial<MatchValues>;
  if (out.institution_type === undefined) {
    const known = { ...opts.values, ...out };
    const onlyTypeMissing = MATCH_FIELDS.every((f) => f === 'institution_type' || (known[f] !== undefined && known[f] !== null && known[f] !== ''));
    if (institution_any || (indifferent && onlyTypeMissing)) out.institution_type = 'qualquer';
  }
  return out;
}

function searchParams(values: Partial<MatchValues>, profile: { city: string | null; state: string | null } | null, extra: SearchFilters = {}): SearchParams {
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

async function runSearch(ctx: Ctx, params: SearchParams, excludeProuniIntegral = false): Promise<NearbyResult> {
  const limit = Number(ctx.bot.settings.search_limit) || 5;
  const minResults = Number(ctx.bot.settings.nearby_min_results) || 3;
  const input = { ...params, limit: excludeProuniIntegral ? limit * 4 : limit, nearby: true, minResults };
  const result = await ctx.tool('searchOpportunities', input, () => searchNearby(ctx.sql, { ...params, limit: input.limit }, minResults));
  if (!excludeProuniIntegral) return result;
  const kept = result.results.filter((o) => !(o.program === 'prouni' && o.scholarship_kind === 'integral'));
  return { ...result, results: kept.slice(0, limit), total: result.total - (result.results.length - kept.length) };
}

type Hooks = FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData>;

/** The match slots a message carries (the form's `extract: preferences`). */
export const readPreferences: SlotExtractor<CloudinhaServices, CloudinhaMemory, CloudinhaData> = ({ text, asking, slots, ctx }) =>
  extractMatchValues(text, { catalog: servicesOf(ctx.services).catalog, expecting: asking, values: slots as Partial<MatchValues> }) as Slots;

/** The four preferences given (or one changed): save them and search; nothing found waits for other preferences. */
const searchPreferences: Hooks['onGroup'] = async (ctx, _group, slots) => {
  const values = slots as Partial<MatchValues>;
  const profile = await loadProfile(ctx);
  const prefs = Object.fromEntries(MATCH_FIELDS.filter((f) => values[f] !== 'qualquer').map((f) => [f, values[f]]));
  await ctx.saveProfile(prefs);
  const result = await runSearch(ctx, { ...searchParams(values, profile), sort_by: 'score' });
  if (!result.results.length) return { say: 'no_results', wait: true };
  return { say: formatResults(ctx.bot.replies, result) };
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
  const result = await runSearch(ctx, { ...searchParams(values, profile, allowed.filters), sort_by: 'quality' }, allowed.excludeProuniIntegral);
  return { before: [formatEligibility(ctx.bot.replies, income, eligibility, settings), formatResults(ctx.bot.replies, result, { sortedByQuality: true })].join('\n\n') };
};

export const matchForm: Hooks = { onGroup: searchPreferences, onComplete: refine };

/** True when the message answers something the match form collects (the router then keeps it in match). */
export function matchClaims(text: string, catalog: Catalog, state: FormState | undefined): boolean {
  const expecting = state?.stage ? (state.asking ?? [state.stage]) : [];
  return Object.keys(extractMatchValues(text, { catalog, expecting, values: state?.slots as Partial<MatchValues> | undefined })).length > 0;
}
