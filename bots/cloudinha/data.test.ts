import { beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'switchboard';
import { memoryStore } from 'switchboard/testing';
import { migrations } from './schema.ts';
// bot.yaml `tables.opportunities`, loaded by the runtime's loadTable (src/catalogue/table-load.ts).
import { EDU_DATA_DIR, loadData, writeFixtureData } from './testing.ts';

describe('tables.opportunities (fixture data)', () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await memoryStore({ migrations });
  });

  // The calendar (12 events of the 2019/1 note) is bot.yaml's, read by the runtime: tools.test.ts counts it.
  it('loads one row per Sisu offer and per Prouni scholarship kind', async () => {
    const messages: string[] = [];
    const counts = await loadData(sql, writeFixtureData(), { log: (m) => messages.push(m) });
    expect(counts).toEqual({ rows: 12, loaded: true });
    expect(messages.some((m) => m.includes('12 rows loaded') && m.includes('prouni_cursos_2018'))).toBe(true);

    const unicap = await sql.query<{ scholarship_kind: string; cutoff_score: string; seats: number; igc: string; institution_short: string }>(
      `select scholarship_kind, cutoff_score, seats, igc, institution_short from opportunities where city = 'Recife' and program = 'prouni' and course = 'Direito' order by scholarship_kind`,
    );
    expect(unicap.map((r) => [r.scholarship_kind, Number(r.cutoff_score), r.seats, Number(r.igc), r.institution_short])).toEqual([
      ['integral', 650, 2, 3.5, 'UNICAP'],
      ['parcial', 610, 3, 3.5, 'UNICAP'],
    ]);
  });

  it('normalises Sisu rows: title case, public, IGC by institution code, zero cut-off as none, EaD shift', async () => {
    const [direito] = await sql.query<Record<string, unknown>>(
      `select * from opportunities where program = 'sisu' and course_norm = 'direito' and shift = 'Matutino'`,
    );
    expect(direito).toMatchObject({ institution: 'Universidade Federal de Pernambuco', course: 'Direito', institution_type: 'publica', scholarship_kind: 'ampla', edition: '2023/1' });
    expect(Number(direito.igc)).toBe(4.1);
    const [letras] = await sql.query<{ cutoff_score: unknown }>(`select cutoff_score from opportunities where course_norm = 'letras'`);
    expect(letras.cutoff_score).toBeNull();
    const [ead] = await sql.query<{ shift: string }>(`select shift from opportunities where course_norm = 'administracao'`);
    expect(ead.shift).toBe('EaD');
  });

  it('is idempotent: a second call inserts nothing', async () => {
    const messages: string[] = [];
    const counts = await loadData(sql, writeFixtureData(), { log: (m) => messages.push(m) });
    expect(counts).toEqual({ rows: 12, loaded: false });
    expect(messages).toContain('opportunities: already loaded (12 rows)');
  });
});

describe('tables.opportunities (real edu-br files)', () => {
  // One PGlite for both (start-up costs ~2 s): emptied before each load.
  let sql: Sql;
  beforeAll(async () => {
    sql = await memoryStore({ migrations });
  });
  const empty = () => sql.query('truncate opportunities');

  it('loads a subset with maxRows and joins IGC for most rows', async () => {
    await empty();
    const counts = await loadData(sql, EDU_DATA_DIR, { maxRows: 200 });
    expect(counts.rows).toBeGreaterThanOrEqual(400);
    const byProgram = await sql.query<{ program: string; n: number; with_igc: number }>(
      `select program, count(*)::int as n, count(igc)::int as with_igc from opportunities group by program order by program`,
    );
    const sisu = byProgram.find((r) => r.program === 'sisu')!;
    const prouni = byProgram.find((r) => r.program === 'prouni')!;
    expect(sisu.n).toBe(200);
    expect(prouni.n).toBeGreaterThanOrEqual(200); // a course with both kinds yields two rows
    expect(sisu.with_igc / sisu.n).toBeGreaterThan(0.9);
    expect(prouni.with_igc / prouni.n).toBeGreaterThan(0.5);
  });

  it('loads the full data (~10.9k rows)', async () => {
    await empty();
    const started = performance.now();
    const counts = await loadData(sql, EDU_DATA_DIR);
    const ms = performance.now() - started;
    console.log(`cloudinha full load: ${counts.rows} opportunities in ${Math.round(ms)} ms`);
    expect(counts.rows).toBeGreaterThan(10_000);
    // The institution of an acronym that two institutions' names share (two "Centro Universitário Leonardo da Vinci").
    const [uniasselvi] = await sql.query<{ igc: string }>(`select igc from opportunities where institution_short = 'UNIASSELVI' limit 1`);
    expect(Number(uniasselvi.igc)).toBe(2.706);
  });
});
