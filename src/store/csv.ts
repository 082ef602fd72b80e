// CSV for the tables a bot loads into the store at setup (RFC 4180: quoted fields, doubled quotes, newlines
// inside quotes, a leading byte-order mark), read by csv-parse.
import { parse } from 'csv-parse/sync';

/** Header-keyed records, cells trimmed; blank lines skipped; a short row's missing cells are ''. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true, // short rows are padded below, long rows' extra cells dropped
    relax_quotes: true, // a quote inside an unquoted cell is a character of it
    ltrim: true, // spaces before an opening quote, as in `a, "b, c"`
    rtrim: true,
  });
  const [header, ...data] = rows;
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return data.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}
