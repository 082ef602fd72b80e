// Portuguese (Brazil) formatting for replies: numbers ("1,5", "R$ 2.118,00"), search results, eligibility.
import { type BotConfig, fillTemplate } from 'switchboard';
import { EDITIONS } from './data.ts';
import type { Eligibility } from './eligibility.ts';
import type { NearbyResult } from './geo.ts';
import type { Opportunity } from './search.ts';

/** 1.5 → "1,5"; 3 → "3"; 1.0623 → "1,06". */
export function brNumber(n: number, maxDecimals = 2): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: maxDecimals }).format(n);
}

/** 2118 → "2.118,00". */
export function brMoney(n: number): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

type Replies = BotConfig['replies'];
const say = (replies: Replies, key: string, vars: Record<string, string | number> = {}) => fillTemplate(replies[key] ?? '', vars);

const SCHOLARSHIP: Record<string, string> = { integral: 'integral (100%)', parcial: 'parcial (50%)', ampla: 'ampla concorrência' };

function institutionLabel(o: Opportunity): string {
  return o.institution_short && !o.institution.includes(o.institution_short) ? `${o.institution} (${o.institution_short})` : o.institution;
}

export function formatOpportunity(replies: Replies, o: Opportunity): string {
  const common = {
    course: o.course,
    institution: institutionLabel(o),
    city: o.city,
    state: o.state,
    shift: o.shift ?? 'turno não informado',
    edition: o.edition,
    cutoff: o.cutoff_score === null ? 'não informada' : brNumber(o.cutoff_score),
  };
  const line =
    o.program === 'sisu'
      ? say(replies, 'result_item_sisu', common)
      : say(replies, 'result_item_prouni', { ...common, kind: SCHOLARSHIP[o.scholarship_kind] ?? o.scholarship_kind, monthly_fee: o.monthly_fee === null ? '—' : brMoney(o.monthly_fee) });
  return o.igc === null ? line : line + say(replies, 'result_quality', { igc: brNumber(o.igc) });
}

/** The results block: header (past editions), the widening note, the items, the quality-order note. */
export function formatResults(replies: Replies, result: NearbyResult, opts: { sortedByQuality?: boolean } = {}): string {
  if (!result.results.length) return say(replies, 'no_results');
  const parts: string[] = [];
  if (result.relatedTo) {
    const names = [...new Set(result.results.map((o) => o.course))].join(', ');
    parts.push(say(replies, 'related_courses', { course: result.relatedTo, related: names }));
  }
  if (result.widenedFrom && result.widenedTo) parts.push(say(replies, 'widened', { from: result.widenedFrom, to: result.widenedTo }));
  parts.push(say(replies, 'results_header', { total: result.total, prouni_edition: EDITIONS.prouni, sisu_edition: EDITIONS.sisu }));
  parts.push(result.results.map((o) => formatOpportunity(replies, o)).join('\n'));
  if (opts.sortedByQuality) parts.push(say(replies, 'sorted_by_quality'));
  return parts.join('\n');
}

export interface EligibilitySettings {
  minimumWage: number;
  thresholds: { integralMax: number; parcialMax: number };
}

/** The eligibility reply with every placeholder the templates use, in Brazilian number format. */
export function formatEligibility(replies: Replies, income: number, eligibility: Eligibility, settings: EligibilitySettings): string {
  return say(replies, `eligibility_${eligibility.kind}`, {
    income: brMoney(income),
    ratio: brNumber(eligibility.ratio),
    minimum_wage: brMoney(settings.minimumWage),
    integral_max: brNumber(settings.thresholds.integralMax),
    parcial_max: brNumber(settings.thresholds.parcialMax),
  });
}
