// Match workflow: course, ENEM score, shift and institution type (several per message) →
// search → family income per person → eligibility (Prouni full ≤ 1.5 minimum wages, partial ≤ 3, Sisu above) →
// search again filtered by it, widened to nearby cities and ordered by MEC quality → results → the workflow ends.
import { advanceWorkflow, defineWorkflow, hasValue, tagUserMessage, type WorkflowState } from 'switchboard';
import { computeEligibility, eligibilitySettings, type EligibilityKind } from './eligibility.ts';
import { extractMatchSlots, type Catalog, type SlotName } from './extract.ts';
import { formatEligibility, formatResults } from './format.ts';
import { searchNearby, type NearbyResult } from './geo.ts';
import { MATCH_FIELDS, validateProfileUpdates } from './profile.ts';
import type { SearchFilters, SearchParams } from './search.ts';
import { servicesOf } from './services.ts';
import { loadProfile, saveProfile, WORKFLOWS, type CloudinhaStep, type Ctx } from './turn.ts';

export type InstitutionChoice = 'publica' | 'privada' | 'qualquer';

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

type PrefSlot = (typeof MATCH_FIELDS)[number];

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
  const { values } = validateProfileUpdates(columns);
  const out = values as Partial<MatchValues>;
  if (out.institution_type === undefined) {
    const known = { ...opts.values, ...out };
    const onlyTypeMissing = MATCH_FIELDS.every((f) => f === 'institution_type' || hasValue(known[f]));
    if (institution_any || (indifferent && onlyTypeMissing)) out.institution_type = 'qualquer';
  }
  return out;
}

function askPrefs(ctx: Ctx, missing: PrefSlot[]): string {
  if (missing.length === MATCH_FIELDS.length) return ctx.reply('match_intro');
  return missing.map((slot) => ctx.reply(`ask_${slot}`)).join('\n');
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

export const matchWorkflow = defineWorkflow<MatchValues, Ctx>({
  id: WORKFLOWS.match,
  extract: (text, { expecting, values, context }) =>
    extractMatchValues(text, { catalog: servicesOf(context.services).catalog, expecting, values }),
  steps: [
    { name: 'basic_prefs', slots: MATCH_FIELDS, ask: (missing, ctx) => askPrefs(ctx, missing as PrefSlot[]) },
    {
      name: 'search',
      async run(ctx, values) {
        const profile = await loadProfile(ctx);
        const prefs = Object.fromEntries(MATCH_FIELDS.filter((f) => values[f] !== 'qualquer').map((f) => [f, values[f]]));
        await saveProfile(ctx, prefs);
        const result = await runSearch(ctx, { ...searchParams(values, profile), sort_by: 'score' });
        // Nothing found: say so and take new preferences (a new course, shift or place) at the next message.
        if (!result.results.length) return { say: ctx.reply('no_results'), goto: 'basic_prefs', wait: true };
        return { say: formatResults(ctx.bot.replies, result) };
      },
    },
    { name: 'socioeconomic', slots: ['income_per_capita'], ask: (_m, ctx) => ctx.reply('ask_income') },
    {
      name: 'refinement',
      async run(ctx, values) {
        const settings = eligibilitySettings(ctx.bot.settings);
        const income = values.income_per_capita!;
        const eligibility = await ctx.tool('computeEligibility', { income_per_capita: income, minimum_wage: settings.minimumWage, ...settings.thresholds }, async () =>
          computeEligibility(income, settings.minimumWage, settings.thresholds),
        );
        await saveProfile(ctx, { income_per_capita: income, eligibility: eligibility.kind });
        const profile = await loadProfile(ctx);
        const allowed = eligibilityFilters(eligibility.kind, values.institution_type);
        const result = await runSearch(ctx, { ...searchParams(values, profile, allowed.filters), sort_by: 'quality' }, allowed.excludeProuniIntegral);
        return {
          values: { eligibility: eligibility.kind },
          say: [formatEligibility(ctx.bot.replies, income, eligibility, settings), formatResults(ctx.bot.replies, result, { sortedByQuality: true }), ctx.reply('match_done')],
          done: true,
        };
      },
    },
  ],
});

/** True when the message answers something the match workflow collects (the router then keeps it in match). */
export function matchClaims(text: string, catalog: Catalog, state: WorkflowState<MatchValues> | undefined): boolean {
  return Object.keys(extractMatchValues(text, { catalog, expecting: state?.expecting, values: state?.values })).length > 0;
}

export const match: CloudinhaStep = async (ctx) => {
  const stored = ctx.memory.match ?? undefined;
  const result = await advanceWorkflow(matchWorkflow, stored, ctx.text, ctx);
  if (ctx.session.activeWorkflow !== WORKFLOWS.match) tagUserMessage(ctx, WORKFLOWS.match);
  return {
    segments: [{ intent: 'match', text: result.say.join('\n\n'), ok: true, data: { steps: result.ran, found: Object.keys(result.found), done: result.done } }],
    memory: { match: result.done ? null : result.state },
    workflow: result.done ? null : WORKFLOWS.match,
    intents: ['match'],
  };
};
