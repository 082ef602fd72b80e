// Small helpers of the CRM tools: bot.yaml read once, the lead references it declares, cents rounding.
import { readBotConfig, referenceReaderFor } from 'switchboard';

/** bot.yaml, read once (its `records:` tables, its `references:`). */
export const botConfig = readBotConfig(import.meta.dirname);

/** Phrases that point at the current lead ("nela", "pra ele", "esse lead"): bot.yaml `references.lead`. */
export const leadRefs = referenceReaderFor(botConfig, 'lead');

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
