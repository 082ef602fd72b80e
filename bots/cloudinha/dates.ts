// getImportantDates: the Sisu / ProUni / Fies calendar loaded from the 2019/1 MEC note — a PAST edition,
// always returned with a notice saying so.
import { fold, type Sql } from 'switchboard';
import { EDITIONS } from './data.ts';

export interface ImportantDate {
  program: string;
  event: string;
  start_date: string | null; // YYYY-MM-DD
  end_date: string | null;
  edition: string;
  note: string | null;
}

export interface ImportantDatesResult {
  dates: ImportantDate[];
  /** The calendar's edition (past). */
  edition: string;
  past: true;
  notice: string;
}

export const DATES_NOTICE = `Calendário oficial da edição ${EDITIONS.calendar} (edição passada): as datas mudam a cada edição, confira o cronograma atual no site oficial do programa.`;

/** Dates of one program ('sisu', 'prouni', 'fies'; accent/case-insensitive) or all of them. */
export async function getImportantDates(sql: Sql, program?: string): Promise<ImportantDatesResult> {
  const rows = await sql.query<ImportantDate>(
    `select program, event, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, edition, note
     from important_dates order by coalesce(start_date, end_date), id`,
  );
  const wanted = program ? fold(program).replace(/[^a-z]/g, '') : '';
  const dates = wanted ? rows.filter((r) => fold(r.program).replace(/[^a-z/-]/g, '').split(/[/-]/).some((p) => p === wanted)) : rows;
  return { dates, edition: EDITIONS.calendar, past: true, notice: DATES_NOTICE };
}

const br = (iso: string) => iso.split('-').reverse().join('/');

/** One Portuguese line per date: "• ProUni — Inscrições: de 31/01/2019 a 03/02/2019". */
export function formatDates(result: ImportantDatesResult): string {
  return result.dates
    .map((d) => {
      const when =
        d.start_date && d.end_date
          ? `de ${br(d.start_date)} a ${br(d.end_date)}`
          : d.start_date
            ? `a partir de ${br(d.start_date)}`
            : d.end_date
              ? `até ${br(d.end_date)}`
              : 'data não informada';
      return `• ${d.program} — ${d.event}: ${when}`;
    })
    .join('\n');
}
