// Small shared helpers: bot.yaml read once, the lead references it declares, the runtime's fold, cents rounding.
import { foldPreservingOffsets, readBotConfig, referenceReaderFor } from 'switchboard';

export const fold = foldPreservingOffsets;

/** bot.yaml, read once for the readers built from it (references, the planner's intents). */
export const botConfig = readBotConfig(import.meta.dirname);

/** Phrases that point at the current lead ("nela", "pra ele", "esse lead"): bot.yaml `references.lead`. */
export const leadRefs = referenceReaderFor(botConfig, 'lead');

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
