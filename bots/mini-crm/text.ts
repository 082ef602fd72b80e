// Small shared helpers: bot.yaml read once, the lead references it declares, the runtime's fold, money and
// quantity formatting.
import { foldPreservingOffsets, readBotConfig, referenceReaderFor } from 'switchboard';

export const fold = foldPreservingOffsets;

/** bot.yaml, read once for the readers built from it (references, the planner's intents). */
export const botConfig = readBotConfig(import.meta.dirname);

/** Phrases that point at the current lead ("nela", "pra ele", "esse lead"): bot.yaml `references.lead`. */
export const leadRefs = referenceReaderFor(botConfig, 'lead');

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
