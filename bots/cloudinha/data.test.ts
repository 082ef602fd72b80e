import { beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'switchboard';
import { loadEduData } from './data.ts';
import { EDU_DATA_DIR, memoryDb, writeFixtureData } from './testing.ts';

describe('loadEduData (fixture data)', () => {
  let sql: Sql;
  beforeAll(async () => {
    ({ sql } = await memoryDb());
  });

  // The calendar (12 events of the 2019/1 note) is bot.yaml's, read by the runtime: tools.test.ts counts it.
  it('loads one row per Sisu offer and per Prouni scholarship kind', async () => {
    const messages: string[] = [];
    const counts = await loadEduData(sql, { dataDir: writeFixtureData(), onProgress: (m) => messages.push(m) });
    expect(counts).toEqual({ opportunities: 12 });
    expect(messages.some((m) => m.includes('Prouni 2018/1') && m.includes('Sisu 2023/1'))).toBe(true);

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
    const counts = await loadEduData(sql, { dataDir: writeFixtureData(), onProgress: (m) => messages.push(m) });
    expect(counts).toEqual({ opportunities: 12 });
    expect(messages).toContain('cloudinha: opportunities already loaded');
  });
});

describe('loadEduData (real edu-br files)', () => {
  // One PGlite for both (start-up costs ~2 s): emptied before each load.
  let sql: Sql;
  beforeAll(async () => {
    ({ sql } = await memoryDb());
  });
  const empty = () => sql.query('truncate opportunities');

  it('loads a subset with maxRowsPerFile and joins IGC for most rows', async () => {
    await empty();
    const counts = await loadEduData(sql, { dataDir: EDU_DATA_DIR, maxRowsPerFile: 200 });
    expect(counts.opportunities).toBeGreaterThanOrEqual(400);
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
    const counts = await loadEduData(sql, { dataDir: EDU_DATA_DIR });
    const ms = performance.now() - started;
    console.log(`cloudinha full load: ${counts.opportunities} opportunities in ${Math.round(ms)} ms`);
    expect(counts.opportunities).toBeGreaterThan(10_000);
  });
});
