// Small text helpers for Portuguese matching. `fold` is the runtime's offset-keeping fold (lowercase, no
// accents, one output unit per input unit), so a regex run on the folded text cuts the original at the same places.
import { foldPreservingOffsets, parseNumeral, readBotConfig, referenceReaderFor } from 'switchboard';

export const fold = foldPreservingOffsets;

/** bot.yaml, read once for the readers built from it (references, the planner's intents). */
export const botConfig = readBotConfig(import.meta.dirname);

/** Phrases that point at the current lead ("nela", "pra ele", "esse lead"): bot.yaml `references.lead`. */
export const leadRefs = referenceReaderFor(botConfig, 'lead');

export function capitalizeFirst(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

const NAME_PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** "joao da silva" → "Joao da Silva"; text that already has capitals is kept as typed. */
export function nameCase(text: string): string {
  if (/\p{Lu}/u.test(text)) return text;
  return text
    .split(/\s+/)
    .map((w) => (NAME_PARTICLES.has(w) ? w : capitalizeFirst(w)))
    .join(' ');
}

/** Trim spaces, surrounding quotes and trailing punctuation. */
export function cleanFragment(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .replace(/^[\s,;:.\-–—]+|[\s,;:\-–—]+$/g, '')
    .replace(/[.!?]+$/g, '')
    .trim();
}

/** A Brazilian money/number string ("R$ 1.500,00" → 1500, "99,9" → 99.9, "1500.50" → 1500.5), read by the runtime. */
export function parseNumberPt(raw: string): number | null {
  const s = raw.replace(/[^\d.,-]/g, '');
  return /\d/.test(s) ? (parseNumeral(s, 'pt') ?? null) : null;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** "R$ 1.500,00" with a plain space (Intl uses a no-break space). */
export function formatMoney(n: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n).replace(/\s/g, ' ');
}

export function formatQuantity(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n).replace('.', ',');
}
