// Small helpers of the CRM tools: the lead references bot.yaml declares, cents rounding.
import { readBotConfig, referenceReaderFor } from 'switchboard';

/** Phrases that point at the current lead ("nela", "pra ele", "esse lead"): bot.yaml `references.lead`. */
export const leadRefs = referenceReaderFor(readBotConfig(import.meta.dirname), 'lead');

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
