// Amounts said with a unit, converted to one base unit: bot.yaml `quantity:` entities. "1 kg", "2 lbs", "500g",
// "1,5 kilos", "medio kilo" with `units: { kg: 1000, kilo: 1000, lb: 453.6, g: 1 }` are 1000, 907.2, 500, 1500, 500.
import type { QuantitySpec } from '../types.ts';
import { foldPhrase, foldPreservingOffsets } from '../../text/index.ts';
import { phrasesSource, WORD_END, WORD_START } from '../slot-reader/slot-text.ts';

export interface QuantityRead {
  /** The amount in the base unit (the amount said times its unit's worth). */
  value: number;
  start: number;
  end: number;
}

/** "half a" in the languages the runtime reads: the amount is 0.5 of the unit that follows. */
const HALF = ['medio', 'media', 'meio', 'meia', 'half a', 'half'];

const compiled = new WeakMap<QuantitySpec, { re: RegExp; worth: Map<string, number> }>();

function compile(spec: QuantitySpec) {
  let c = compiled.get(spec);
  if (!c) {
    const worth = new Map(Object.entries(spec.units).map(([unit, n]) => [foldPhrase(unit), n]));
    // A unit ending in a letter takes a plural s/es ("kilos", "lbs"); the unit's own list may spell it too.
    const amount = `(\\d+(?:[.,]\\d+)?|${phrasesSource(HALF)})`;
    const re = new RegExp(`${WORD_START}${amount}\\s?(${phrasesSource([...worth.keys()])})(?:e?s)?${WORD_END}`, 'g');
    c = { re, worth };
    compiled.set(spec, c);
  }
  c.re.lastIndex = 0;
  return c;
}

/** Every amount with one of the spec's units in the text, in order, within `min`/`max` (in the base unit). */
export function readQuantities(text: string, spec: QuantitySpec): QuantityRead[] {
  const { re, worth } = compile(spec);
  const folded = foldPreservingOffsets(text.toLowerCase());
  const out: QuantityRead[] = [];
  for (const m of folded.matchAll(re)) {
    const amount = /\d/.test(m[1]) ? Number(m[1].replace(',', '.')) : 0.5;
    const unit = worth.get(m[2].replace(/\s+/g, ' '));
    if (unit === undefined) continue;
    const value = Math.round(amount * unit * 1000) / 1000;
    if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) continue;
    out.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return out;
}
