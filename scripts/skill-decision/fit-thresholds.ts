// Fitting the skill decision's thresholds (src/skills/decide.ts: the minimum probabilities its rules compare the
// detector's reading with) on labelled readings, by coordinate ascent: each threshold in turn takes the value of a grid
// that makes the weighted count of right decisions largest, the others held, for a few sweeps. A threshold moves only on
// a strict gain, and among values of equal gain to the one nearest its current value, so a threshold the rows do not
// decide keeps its starting value and the same rows always give the same thresholds. A value that would break the
// order of THRESHOLD_ORDER (src/skills/thresholds.ts: what the rules mean) is not tried.
import { decideSkill } from '../../src/skills/decide.ts';
import { THRESHOLD_ORDER, type SkillThresholds } from '../../src/skills/thresholds.ts';
import type { SkillReading } from '../../src/skills/reading.ts';

export interface ThresholdRow {
  reading: SkillReading;
  /** Whether a decision ('none' for the bot's business) is right for this row. */
  right: (kind: string) => boolean;
  weight: number;
}

export interface ThresholdFitOptions {
  /** The values a threshold may take (default 0 to 1 by 0.025). */
  grid?: readonly number[];
  sweeps?: number;
  /** The weighted gain a move must bring (default: any): a prior that keeps a threshold where the rows barely prefer another. */
  minGain?: number;
}

const DEFAULT_GRID = Array.from({ length: 41 }, (_, i) => Math.round(i * 25) / 1000);

/** The weighted count of rows decided right under `thresholds`. */
export function thresholdScore(rows: readonly ThresholdRow[], thresholds: SkillThresholds): number {
  let score = 0;
  for (const row of rows) if (row.right(decideSkill(row.reading, thresholds)?.kind ?? 'none')) score += row.weight;
  return score;
}

const ordered = (thresholds: SkillThresholds) => THRESHOLD_ORDER.every(([lower, higher]) => thresholds[lower] <= thresholds[higher]);

/** A row's decision under `thresholds`, and the thresholds its rules read on the way to it. */
function traced(row: ThresholdRow, thresholds: SkillThresholds): { right: boolean; read: Set<string> } {
  const read = new Set<string>();
  const watched = new Proxy(thresholds, {
    get(target, name: string) {
      read.add(name);
      return target[name as keyof SkillThresholds];
    },
  });
  return { right: row.right(decideSkill(row.reading, watched)?.kind ?? 'none'), read };
}

/**
 * The thresholds fitted on `rows`, starting from `start` (the names fitted: `names`, every threshold by default). A
 * threshold's candidates are tried only on the rows whose decision read it: the others decide the same whatever it is.
 */
export function fitThresholds(rows: readonly ThresholdRow[], start: SkillThresholds, names: readonly (keyof SkillThresholds)[] = Object.keys(start) as (keyof SkillThresholds)[], options: ThresholdFitOptions = {}): SkillThresholds {
  const grid = options.grid ?? DEFAULT_GRID;
  const thresholds = { ...start };
  const traces = rows.map((row) => traced(row, thresholds));
  for (let sweep = 0; sweep < (options.sweeps ?? 3); sweep++) {
    let moved = false;
    for (const name of names) {
      const at = rows.flatMap((_, i) => (traces[i].read.has(name) ? [i] : []));
      const affected = at.map((i) => rows[i]);
      const current = thresholds[name];
      const now = at.reduce((sum, i) => sum + (traces[i].right ? rows[i].weight : 0), 0);
      // Nearest values first, so the first of equal gain is the nearest.
      const candidates = [...grid].sort((a, b) => Math.abs(a - current) - Math.abs(b - current) || a - b);
      let chosen = current;
      let best = now + (options.minGain ?? 0);
      for (const value of candidates) {
        if (value === current || !ordered({ ...thresholds, [name]: value })) continue;
        const score = thresholdScore(affected, { ...thresholds, [name]: value });
        if (score > best + 1e-9) {
          best = score;
          chosen = value;
        }
      }
      if (chosen === current) continue;
      thresholds[name] = chosen;
      moved = true;
      for (const i of at) traces[i] = traced(rows[i], thresholds);
    }
    if (!moved) break;
  }
  return thresholds;
}
