import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBotConfig, type Sql, type TableSearchParams } from 'switchboard';
import { calendarOf, formatEvents, memoryStore, searchTable } from 'switchboard/testing';
import { computeEligibility, eligibilitySettings } from './eligibility.ts';
import type { Opportunity } from './format.ts';
import { migrations } from './schema.ts';
import { loadData, writeFixtureData } from './testing.ts';

// bot.yaml `search.opportunities`, run by the runtime; widened only when a test says so.
const bot = readBotConfig(fileURLToPath(new URL('.', import.meta.url)));
async function searchOpportunities(sql: Sql, params: TableSearchParams = {}) {
  const found = await searchTable<Opportunity>(sql, bot, 'opportunities', { widen: false, ...params });
  return { ...found, results: found.rows };
}
const widenToNearbyCities = (sql: Sql, params: TableSearchParams) => searchOpportunities(sql, { ...params, widen: true });

let sql: Sql;
beforeAll(async () => {
  sql = await memoryStore({ migrations });
  await loadData(sql, writeFixtureData());
});

describe('computeEligibility', () => {
  const wage = 1412;
  it('gives the full Prouni scholarship up to exactly 1.5 minimum wages per person', () => {
    expect(computeEligibility(0, wage).kind).toBe('prouni_integral');
    expect(computeEligibility(1.5 * wage, wage)).toEqual({ kind: 'prouni_integral', ratio: 1.5 });
    expect(computeEligibility(2118, wage).kind).toBe('prouni_integral');
  });
  it('gives the partial scholarship just above 1.5 and up to exactly 3', () => {
    expect(computeEligibility(2118.01, wage).kind).toBe('prouni_parcial');
    expect(computeEligibility(3 * wage, wage)).toEqual({ kind: 'prouni_parcial', ratio: 3 });
  });
  it('points to Sisu just above 3 minimum wages', () => {
    expect(computeEligibility(4236.01, wage).kind).toBe('sisu');
    expect(computeEligibility(10_000, wage).ratio).toBeCloseTo(10_000 / 1412, 10);
  });
  it('handles a boundary that floating point would miss (0.1-style wages)', () => {
    // 1.5 × 1320.1 = 1980.15 exactly in cents, 1980.1499999… in floats.
    expect(computeEligibility(1980.15, 1320.1).kind).toBe('prouni_integral');
  });
  it('uses thresholds from settings and rejects nonsense', () => {
    const { minimumWage, thresholds } = eligibilitySettings({ minimum_wage: 1000, prouni_integral_max: 1, prouni_parcial_max: 2 });
    expect(computeEligibility(1000, minimumWage, thresholds).kind).toBe('prouni_integral');
    expect(computeEligibility(1500, minimumWage, thresholds).kind).toBe('prouni_parcial');
    expect(computeEligibility(2500, minimumWage, thresholds).kind).toBe('sisu');
    expect(eligibilitySettings({}).minimumWage).toBe(1412);
    expect(() => computeEligibility(-1, wage)).toThrow(RangeError);
    expect(() => computeEligibility(Number.NaN, wage)).toThrow(RangeError);
    expect(() => computeEligibility(100, 0)).toThrow(RangeError);
  });
});

describe('searchOpportunities', () => {
  it('matches courses accent- and case-insensitively ("direito" finds "DIREITO")', async () => {
    const r = await searchOpportunities(sql, { filters: { course: 'direito' } });
    expect(r.total).toBe(6); // 3 Sisu (DIREITO) + UNICAP integral/parcial + UNIP
    expect(r.results.every((o) => o.course === 'Direito')).toBe(true);
    expect(new Set(r.results.map((o) => o.program))).toEqual(new Set(['sisu', 'prouni']));
    const accented = await searchOpportunities(sql, { filters: { course: 'ADMINISTRACAO' } });
    expect(accented.results.map((o) => o.course)).toEqual(['Administração']);
  });

  it('prefers the exact course name, then matches words and abbreviations', async () => {
    const medicina = await searchOpportunities(sql, { filters: { course: 'Medicina' } });
    expect(medicina.results.map((o) => o.course)).toEqual(['Medicina']);
    const vet = await searchOpportunities(sql, { filters: { course: 'medicina vet' } });
    expect(vet.results.map((o) => o.course)).toEqual(['Medicina Veterinária']);
    const civil = await searchOpportunities(sql, { filters: { course: 'eng civil' } });
    expect(civil.results.map((o) => o.course)).toEqual(['Engenharia Civil']);
  });

  it('keeps only offers whose cut-off is at or below the score (no cut-off: excluded)', async () => {
    const r = await searchOpportunities(sql, { filters: { score: 720 }, limit: 50 });
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((o) => o.cutoff_score !== null && o.cutoff_score <= 720)).toBe(true);
    expect(r.results.some((o) => o.cutoff_score === 720)).toBe(true);
    expect(r.results.some((o) => o.course === 'Letras')).toBe(false);
    const asText = await searchOpportunities(sql, { filters: { course: 'direito', score: '650,5' } });
    expect(asText.results.map((o) => o.cutoff_score).sort()).toEqual([600, 610, 650]);
  });

  it('filters by shift synonyms, institution type, city and state', async () => {
    const night = await searchOpportunities(sql, { filters: { shift: 'à noite' }, limit: 50 });
    expect(night.results.length).toBe(5);
    expect(night.results.every((o) => o.shift === 'Noturno')).toBe(true);
    const priv = await searchOpportunities(sql, { filters: { institution_type: 'particular' }, limit: 50 });
    expect(priv.results.every((o) => o.program === 'prouni' && o.institution_type === 'privada')).toBe(true);
    expect(priv.total).toBe(5);
    const recife = await searchOpportunities(sql, { filters: { city: 'recife', course: 'direito' } });
    expect(recife.results.every((o) => o.city === 'Recife')).toBe(true);
    expect(recife.total).toBe(4);
    const sp = await searchOpportunities(sql, { filters: { city: 'Campinas - SP' } });
    expect(sp.applied.state).toBe('SP');
    expect(sp.results.every((o) => o.city === 'Campinas' && o.state === 'SP')).toBe(true);
    const byStateName = await searchOpportunities(sql, { filters: { state: 'São Paulo' } });
    expect(byStateName.total).toBe(2);
  });

  it('filters by eligibility: integral Prouni, partial Prouni, or Sisu only', async () => {
    const integral = await searchOpportunities(sql, { filters: { eligibility: 'prouni_integral' }, limit: 50 });
    expect(integral.results.every((o) => o.program === 'prouni' && o.scholarship_kind === 'integral')).toBe(true);
    expect(integral.total).toBe(3);
    const parcial = await searchOpportunities(sql, { filters: { eligibility: 'prouni_parcial' }, limit: 50 });
    expect(parcial.results.every((o) => o.program === 'prouni' && o.scholarship_kind === 'parcial')).toBe(true);
    expect(parcial.total).toBe(2);
    const sisu = await searchOpportunities(sql, { filters: { eligibility: 'sisu' }, limit: 50 });
    expect(sisu.results.every((o) => o.program === 'sisu')).toBe(true);
    expect(sisu.total).toBe(7);
  });

  it('sorts by quality (IGC) or by cut-off when asked', async () => {
    const q = await searchOpportunities(sql, { sort: 'quality', limit: 50 });
    const igcs = q.results.map((o) => o.igc);
    expect(igcs[0]).toBe(4.5);
    const known = igcs.filter((x): x is number => x !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(igcs.slice(known.length).every((x) => x === null)).toBe(true); // no IGC last
    const s = await searchOpportunities(sql, { sort: 'score', filters: { course: 'direito' } });
    const cut = s.results.map((o) => o.cutoff_score!);
    expect(cut).toEqual([...cut].sort((a, b) => b - a));
  });

  it('supports free-text queries through the full-text index', async () => {
    const r = await searchOpportunities(sql, { query: 'rural pernambuco' });
    expect(r.results.length).toBe(2);
    expect(r.results.every((o) => o.institution_short === 'UFRPE')).toBe(true);
  });

  it('treats SQL injection as text: no rows, no error, table intact', async () => {
    const attempts = [
      { filters: { course: "'; DROP TABLE opportunities; --" } },
      { filters: { city: "Recife' OR '1'='1" } },
      { filters: { course: 'direito', state: "PE'; delete from opportunities; --" } },
      { filters: { score: '700 OR 1=1' } },
      { filters: { shift: "noturno'); drop table user_profiles; --" } },
      { filters: { eligibility: "sisu' or 1=1 --" } },
      { query: "1; DELETE FROM opportunities WHERE '1'='1" },
    ];
    for (const params of attempts) {
      const r = await searchOpportunities(sql, params);
      expect(r.results, JSON.stringify(params)).toEqual([]);
    }
    const [{ n }] = await sql.query<{ n: number }>('select count(*)::int as n from opportunities');
    expect(n).toBe(12);
  });

  it('reports rejected filters instead of guessing', async () => {
    const r = await searchOpportunities(sql, { filters: { state: 'XX', score: 5000 } });
    expect(r.rejected.sort()).toEqual(['score', 'state']);
    expect(r.total).toBe(0);
  });

  it('widens to the state when the city has too few results', async () => {
    const direct = await searchOpportunities(sql, { filters: { city: 'Olinda', course: 'direito' } });
    expect(direct.total).toBe(0);
    const wide = await widenToNearbyCities(sql, { filters: { city: 'olinda', course: 'direito' } });
    expect(wide.widened).toEqual({ from: 'Olinda', to: 'PE', filter: 'state' });
    expect(wide.results.length).toBe(5); // Recife ×2, Caruaru (Sisu) + UNICAP integral and partial
    expect(wide.results.every((o) => o.state === 'PE' && o.course === 'Direito')).toBe(true);
    const enough = await searchOpportunities(sql, { filters: { city: 'Recife', course: 'direito' }, widen: true });
    expect(enough.widened).toBeUndefined();
  });

  it('clamps the limit', async () => {
    const r = await searchOpportunities(sql, { limit: 2 });
    expect(r.results.length).toBe(2);
    expect(r.total).toBe(12);
  });
});

// getImportantDates is the runtime's calendar (src/knowledge/calendar.ts) over bot.yaml `answers.calendar`.
describe('getImportantDates: the calendar of bot.yaml', () => {
  const config = readBotConfig(fileURLToPath(new URL('.', import.meta.url)));
  const calendar = calendarOf(config)!;

  it('holds the 12 events of the 2019/1 note', () => {
    expect(calendar.events.length).toBe(12);
  });

  it('returns one program’s dates from the past 2019/1 calendar, in date order', () => {
    const dates = calendar.ofSubject('ProUni');
    expect(dates.length).toBe(5);
    expect(dates.every((d) => d.subject === 'ProUni')).toBe(true);
    expect(dates[0]).toMatchObject({ event: 'Inscrições', start: '2019-01-31', end: '2019-02-03' });
    const starts = dates.map((d) => d.start ?? d.end);
    expect(starts).toEqual([...starts].sort());
    expect(config.replies[config.answers!.replies.dates]).toContain('2019/1');
  });

  it('matches programs case- and accent-insensitively, including combined ones', () => {
    expect(calendar.ofSubject('sisu').length).toBe(2);
    const fies = calendar.ofSubject('FIES');
    expect(fies.some((d) => d.subject === 'Fies/P-Fies')).toBe(true);
    expect(fies.length).toBe(5);
    expect(calendar.ofSubject().length).toBe(12);
  });

  it('formats dates in Brazilian style', () => {
    const say = (key: string, vars: Record<string, string>) => config.replies[key].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
    const r = config.answers!.replies;
    const text = formatEvents(calendar.ofSubject('sisu'), config.language, (p) => say(r[p.kind], p.kind === 'undated' ? {} : p));
    expect(text).toContain('até 27/01/2019');
    expect(text).toContain('de 29/01/2019 a 05/02/2019');
  });
});
