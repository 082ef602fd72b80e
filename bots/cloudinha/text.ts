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

/** A number from a CSV cell ("545.64", "", "15") or null. */
export function numberOrNull(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}
