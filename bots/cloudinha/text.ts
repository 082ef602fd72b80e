// Small text helpers shared by the data loader, the tools and slot extraction.
import { foldDiacritics } from 'switchboard';

/** Lowercase, strip accents and squeeze whitespace: "  Ciência da  Computação " → "ciencia da computacao". */
export function fold(text: string): string {
  return foldDiacritics(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

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

/** Parse RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes) into header-keyed records. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...data] = rows.filter((r) => r.length > 1 || (r.length === 1 && r[0] !== ''));
  if (!header) return [];
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
}

/** A number from a CSV cell ("545.64", "", "15") or null. */
export function numberOrNull(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}
