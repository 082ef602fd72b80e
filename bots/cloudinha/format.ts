// Portuguese (Brazil) formatting for replies: numbers ("1,5", "R$ 2.118,00"), search results, eligibility.
import { type BotConfig, type CardsData, fillTemplate, type TableSearchResult } from 'switchboard';
import type { Eligibility } from './eligibility.ts';
import { stateName } from './vocab.ts';

/** An offer as bot.yaml `search.opportunities` returns it (its `columns`). */
export interface Opportunity {
  id: number;
  program: 'prouni' | 'sisu';
  edition: string;
  institution: string;
  institution_short: string | null;
  campus: string | null;
  city: string;
  state: string;
  course: string;
  degree: string | null;
  shift: string | null;
  institution_type: 'publica' | 'privada';
  cutoff_score: number | null;
  scholarship_kind: 'integral' | 'parcial' | 'ampla';
  seats: number | null;
  monthly_fee: number | null;
  igc: number | null;
}

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

function formatOpportunity(replies: Replies, o: Opportunity): string {
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

/** The results as cards (the web's `data-cards` part); the reply's bullets say the same for channels. */
export function opportunityCards(found: TableSearchResult<Opportunity>): CardsData {
  return {
    items: found.rows.map((o) => ({
      title: o.course,
      subtitle: `${institutionLabel(o)} · ${o.city}/${o.state}`,
      badge: o.program === 'sisu' ? `Sisu ${o.edition}` : `Prouni ${o.edition} · ${SCHOLARSHIP[o.scholarship_kind] ?? o.scholarship_kind}`,
      lines: [
        o.shift ?? 'turno não informado',
        `nota de corte ${o.cutoff_score === null ? 'não informada' : brNumber(o.cutoff_score)}`,
        ...(o.program === 'prouni' && o.monthly_fee !== null ? [`mensalidade R$ ${brMoney(o.monthly_fee)}`] : []),
        ...(o.igc === null ? [] : [`IGC ${brNumber(o.igc)}`]),
      ],
    })),
  };
}

/**
 * The results block: the course's namesakes said as such (only its words were found), the widening, the header
 * (past editions), the items, the quality-order note.
 */
export function formatResults(bot: Pick<BotConfig, 'replies' | 'settings'>, found: TableSearchResult<Opportunity>, course: string | undefined, opts: { sortedByQuality?: boolean } = {}): string {
  const { replies } = bot;
  if (!found.rows.length) return say(replies, 'no_results');
  const parts: string[] = [];
  if (found.matched === 'words' && course) parts.push(say(replies, 'related_courses', { course, related: [...new Set(found.rows.map((o) => o.course))].join(', ') }));
  const w = found.widened;
  if (w) parts.push(say(replies, `widened_${w.filter}`, { from: w.from, to: w.filter === 'state' ? stateName(w.to) : w.to }));
  const editions = bot.settings.data_editions as { prouni: string; sisu: string };
  parts.push(say(replies, 'results_header', { total: found.total, prouni_edition: editions.prouni, sisu_edition: editions.sisu }));
  parts.push(found.rows.map((o) => formatOpportunity(replies, o)).join('\n'));
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
