// How a typed reference matches a stored name, company or title (accent/case-insensitive).
import { squash } from './text.ts';

/**
 * How well a text matches a reference: 4 exact, 3 one starts with the other, 2 the reference is a
 * contiguous run of the text's words ("Rota Sul" in "Transportadora Rota Sul"), 1 the text has all
 * the reference's words in any order, 0 no.
 */
export function matchScore(text: string | null, ref: string): number {
  if (!text) return 0;
  const t = squash(text);
  const r = squash(ref);
  if (!r || !t) return 0;
  if (t === r) return 4;
  if (t.startsWith(r + ' ') || r.startsWith(t + ' ')) return 3;
  if ((' ' + t + ' ').includes(' ' + r + ' ')) return 2;
  const tw = new Set(t.split(' '));
  return r.split(' ').every((w) => tw.has(w)) ? 1 : 0;
}

/** Words that carry no meaning when comparing task descriptions. */
const FILLER = new Set([
  'a', 'o', 'as', 'os', 'um', 'uma', 'de', 'do', 'da', 'dos', 'das', 'pra', 'pro', 'para', 'com', 'no', 'na', 'em', 'e', 'que',
  'ao', 'ele', 'ela', 'dele', 'dela', 'nele', 'nela', 'lead', 'tarefa', 'sobre', 'por', 'pelo', 'pela', 'se', 'me', 'lhe',
]);

export function contentWords(text: string): string[] {
  return squash(text)
    .split(' ')
    .filter((w) => w && !FILLER.has(w));
}

/** Same word, or the same stem ("ligacao" ~ "ligar", "envio" ~ "enviar"): a shared prefix of 4+ letters. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= 4 && i >= Math.min(a.length, b.length) - 3;
}

/**
 * Share of the reference's content words found in the text (0…1): "ligar pro Caetano" against
 * "Ligar para Caetano Reis" is 1. A reference with no content words scores 0.
 */
export function wordOverlap(text: string, ref: string): number {
  const want = contentWords(ref);
  if (!want.length) return 0;
  const have = contentWords(text);
  const found = want.filter((w) => have.some((h) => sameWord(w, h))).length;
  return found / want.length;
}
