// Loads the past-edition education data (Prouni 2018/1 courses, Sisu 2023/1 cut-offs, INEP IGC 2021) from the
// shared CSVs into `opportunities` (the 2019/1 calendar is bot.yaml `answers.calendar`, read by the runtime).
// The table is written by ONE statement (insert … select from json_to_recordset), so a crash never leaves it
// half-loaded and the "already loaded?" row-count check stays trustworthy.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fold, parseCsv, type Sql } from 'switchboard';

export const DATA_FILES = {
  prouni: 'prouni_cursos_2018_amostra.csv',
  sisu: 'sisu_2023_1_notas_corte_ampla_concorrencia_amostra.csv',
  igc: 'inep_igc_2021.csv',
} as const;

export const EDITIONS = { prouni: '2018/1', sisu: '2023/1', igc: '2021' } as const;

export interface LoadOptions {
  dataDir: string;
  onProgress?: (msg: string) => void;
  /** Read at most this many data rows from each CSV (tests load a small subset). */
  maxRowsPerFile?: number;
}

export interface OpportunityRow {
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
  course_norm: string;
  city_norm: string;
  search_text: string;
}

/** Load the opportunities unless they are loaded. Returns the row count now in the table. */
export async function loadEduData(sql: Sql, opts: LoadOptions): Promise<{ opportunities: number }> {
  const say = opts.onProgress ?? (() => {});
  const started = Date.now();

  if ((await countRows(sql, 'opportunities')) === 0) {
    const [prouni, sisu, igc] = await Promise.all([
      readCsv(opts.dataDir, DATA_FILES.prouni, opts.maxRowsPerFile),
      readCsv(opts.dataDir, DATA_FILES.sisu, opts.maxRowsPerFile),
      readCsv(opts.dataDir, DATA_FILES.igc),
    ]);
    const rows = buildOpportunities(prouni, sisu, igc);
    say(`cloudinha: inserting ${rows.length} opportunities (Prouni ${EDITIONS.prouni}, Sisu ${EDITIONS.sisu})`);
    await insertOpportunities(sql, rows);
  } else say('cloudinha: opportunities already loaded');

  const counts = { opportunities: await countRows(sql, 'opportunities') };
  say(`cloudinha: ${counts.opportunities} opportunities (${Date.now() - started} ms)`);
  return counts;
}

async function countRows(sql: Sql, table: 'opportunities'): Promise<number> {
  const [row] = await sql.query<{ n: number | string }>(`select count(*)::int as n from ${table}`);
  return Number(row?.n ?? 0);
}

async function readCsv(dir: string, file: string, limit?: number): Promise<Record<string, string>[]> {
  const rows = parseCsv(await readFile(join(dir, file), 'utf8'));
  return limit === undefined ? rows : rows.slice(0, limit);
}

// ---------- building rows ----------

/** "CIÊNCIA DA COMPUTAÇÃO" → "Ciência da Computação" (Portuguese particles stay lowercase). */
export function titleCase(text: string): string {
  const small = new Set(['da', 'de', 'do', 'das', 'dos', 'e', 'em', 'a', 'o', 'ou', 'na', 'no', 'nas', 'nos', 'ao', 'para', 'com']);
  const acronyms = new Set(['abi', 'ead', 'ti', 'ii', 'iii', 'iv']);
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w, i) => {
      if (acronyms.has(w)) return w.toUpperCase();
      if (i > 0 && small.has(w)) return w;
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

/** A number from a CSV cell ("545.64", "", "15") or null. */
export function numberOrNull(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}


interface IgcIndex {
  byCode: Map<string, number>;
  byName: Map<string, number>;
  bySigla: Map<string, { uf: string; igc: number }[]>;
}

function indexIgc(rows: Record<string, string>[]): IgcIndex {
  const idx: IgcIndex = { byCode: new Map(), byName: new Map(), bySigla: new Map() };
  for (const r of rows) {
    const igc = numberOrNull(r['IGC (Contínuo)']);
    if (igc === null) continue;
    idx.byCode.set(r['Código da IES*'], igc);
    idx.byName.set(fold(r['Nome da IES*'] ?? ''), igc);
    const sigla = fold(r['Sigla da IES*'] ?? '');
    if (sigla) idx.bySigla.set(sigla, [...(idx.bySigla.get(sigla) ?? []), { uf: r['Sigla da UF'], igc }]);
  }
  return idx;
}

/** Prouni names carry no IES code: match the full name, then the part before " - ", then an unambiguous acronym. */
function igcForProuni(idx: IgcIndex, fullName: string, name: string, sigla: string | null, uf: string): number | null {
  const byName = idx.byName.get(fold(fullName)) ?? idx.byName.get(fold(name));
  if (byName !== undefined) return byName;
  if (!sigla) return null;
  const candidates = idx.bySigla.get(fold(sigla)) ?? [];
  if (candidates.length === 1) return candidates[0].igc;
  const sameUf = candidates.filter((c) => c.uf === uf);
  return sameUf.length === 1 ? sameUf[0].igc : null;
}

const SHIFT_FROM_DATA: Record<string, string> = {
  'curso a distancia': 'EaD',
  ead: 'EaD',
  matutino: 'Matutino',
  vespertino: 'Vespertino',
  noturno: 'Noturno',
  integral: 'Integral',
};

function canonicalShift(raw: string): string | null {
  return SHIFT_FROM_DATA[fold(raw)] ?? (raw ? raw : null);
}

function sumSeats(...cells: (string | undefined)[]): number {
  return cells.reduce((acc, c) => acc + (numberOrNull(c) ?? 0), 0);
}

function withNorms(row: Omit<OpportunityRow, 'course_norm' | 'city_norm' | 'search_text'>): OpportunityRow {
  return {
    ...row,
    course_norm: fold(row.course),
    city_norm: fold(row.city),
    search_text: fold([row.course, row.institution, row.institution_short ?? '', row.campus ?? '', row.city, row.state].join(' ')),
  };
}

export function buildOpportunities(
  prouni: Record<string, string>[],
  sisu: Record<string, string>[],
  igcRows: Record<string, string>[],
): OpportunityRow[] {
  const igc = indexIgc(igcRows);
  const rows: OpportunityRow[] = [];
  // Sisu spells cities with accents, the Prouni scrape does not: reuse Sisu's spelling where it exists.
  const cityNames = new Map<string, string>();

  for (const r of sisu) {
    const city = r.NO_MUNICIPIO_CAMPUS;
    cityNames.set(`${fold(city)}|${r.SG_UF_CAMPUS}`, city);
    const cutoff = numberOrNull(r.NU_NOTACORTE);
    rows.push(
      withNorms({
        program: 'sisu',
        edition: EDITIONS.sisu,
        institution: titleCase(r.NO_IES),
        institution_short: r.SG_IES || null,
        campus: r.NO_CAMPUS || null,
        city,
        state: r.SG_UF_CAMPUS,
        course: titleCase(r.NO_CURSO),
        degree: r.DS_GRAU || null,
        shift: canonicalShift(r.DS_TURNO),
        institution_type: 'publica',
        // A zero cut-off means nobody was placed in the regular call (see the data dictionary): no cut-off.
        cutoff_score: cutoff && cutoff > 0 ? cutoff : null,
        scholarship_kind: 'ampla',
        seats: numberOrNull(r.QT_VAGAS_CONCORRENCIA),
        monthly_fee: null,
        igc: igc.byCode.get(r.CO_IES) ?? null,
      }),
    );
  }

  for (const r of prouni) {
    const parts = r.universidade_nome.split(' - ').map((p) => p.trim());
    const name = parts[0];
    const sigla = parts.length > 1 ? parts[parts.length - 1] : null;
    const city = cityNames.get(`${fold(r.cidade_busca)}|${r.uf_busca}`) ?? r.cidade_busca;
    const base = {
      program: 'prouni' as const,
      edition: EDITIONS.prouni,
      institution: name,
      institution_short: sigla,
      campus: r.campus_nome || null,
      city,
      state: r.uf_busca,
      course: r.nome.trim(),
      degree: r.grau || null,
      shift: canonicalShift(r.turno),
      institution_type: 'privada' as const,
      monthly_fee: numberOrNull(r.mensalidade),
      igc: igcForProuni(igc, r.universidade_nome, name, sigla, r.uf_busca),
    };
    // One course may offer both full and partial scholarships, each with its own cut-off: one row per kind.
    const integralSeats = sumSeats(r.bolsa_integral_ampla, r.bolsa_integral_cotas);
    if (integralSeats > 0) {
      rows.push(withNorms({ ...base, scholarship_kind: 'integral', seats: integralSeats, cutoff_score: numberOrNull(r.nota_integral_ampla) }));
    }
    const partialSeats = sumSeats(r.bolsa_parcial_ampla, r.bolsa_parcial_cotas);
    if (partialSeats > 0) {
      rows.push(withNorms({ ...base, scholarship_kind: 'parcial', seats: partialSeats, cutoff_score: numberOrNull(r.nota_parcial_ampla) }));
    }
  }
  return rows;
}

// ---------- inserting ----------

const OPPORTUNITY_COLUMNS: [keyof OpportunityRow, string][] = [
  ['program', 'text'],
  ['edition', 'text'],
  ['institution', 'text'],
  ['institution_short', 'text'],
  ['campus', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['course', 'text'],
  ['degree', 'text'],
  ['shift', 'text'],
  ['institution_type', 'text'],
  ['cutoff_score', 'numeric'],
  ['scholarship_kind', 'text'],
  ['seats', 'int'],
  ['monthly_fee', 'numeric'],
  ['igc', 'numeric'],
  ['course_norm', 'text'],
  ['city_norm', 'text'],
  ['search_text', 'text'],
];

async function insertOpportunities(sql: Sql, rows: OpportunityRow[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = OPPORTUNITY_COLUMNS.map(([c]) => c).join(', ');
  const defs = OPPORTUNITY_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ');
  await sql.query(`insert into opportunities (${cols}) select ${cols} from json_to_recordset($1::json) as r(${defs})`, [
    JSON.stringify(rows),
  ]);
}
