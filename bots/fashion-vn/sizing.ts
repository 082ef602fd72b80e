// Which clothing size fits a height and a weight, from bot.yaml settings.size_chart (the table of
// knowledge/bang-size.md): one size, or two neighbouring ones when the customer is between sizes.
// When height and weight point at different sizes, the weight decides (as the size table says).

export interface SizeChartRow {
  size: string;
  /** [min, max] in cm and kg, both inclusive: a value on a shared edge is between two sizes. */
  height: [number, number];
  weight: [number, number];
}

export interface SizeAdvice {
  /** The size to wear. */
  size: string;
  /** The neighbouring size, when the customer is between two. */
  between?: string;
}

/** The sizes of the chart (in its order) whose range holds the value; the first or last when it is outside them all. */
function sizesFor(chart: SizeChartRow[], value: number, range: (r: SizeChartRow) => [number, number]): number[] {
  const inside = chart.flatMap((r, i) => (value >= range(r)[0] && value <= range(r)[1] ? [i] : []));
  if (inside.length) return inside;
  return value < range(chart[0])[0] ? [0] : [chart.length - 1];
}

export function adviseSize(chart: SizeChartRow[], body: { height?: number; weight?: number }): SizeAdvice | undefined {
  if (!chart.length || (body.height === undefined && body.weight === undefined)) return undefined;
  const byHeight = body.height !== undefined ? sizesFor(chart, body.height, (r) => r.height) : undefined;
  const byWeight = body.weight !== undefined ? sizesFor(chart, body.weight, (r) => r.weight) : undefined;
  let picks: number[];
  if (byHeight && byWeight) {
    picks = byWeight.filter((i) => byHeight.includes(i));
    if (!picks.length) {
      // the weight decides; a height one size away makes that size the neighbour
      const main = byWeight.length > 1 && byHeight[0] > byWeight[0] ? byWeight[1] : byWeight[0];
      const neighbour = byHeight.find((i) => Math.abs(i - main) === 1);
      return neighbour === undefined ? { size: chart[main].size } : { size: chart[main].size, between: chart[neighbour].size };
    }
  } else picks = (byHeight ?? byWeight)!;
  return picks.length > 1 ? { size: chart[picks[0]].size, between: chart[picks[1]].size } : { size: chart[picks[0]].size };
}

/** settings.size_chart, checked: the product types it is for, and rows of { size, height: [min, max], weight: [min, max] }. */
export function sizeChartOf(settings: Record<string, unknown>): { types: string[]; rows: SizeChartRow[] } {
  const chart = settings.size_chart as { types?: unknown; rows?: unknown } | undefined;
  const pair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number');
  const rows = Array.isArray(chart?.rows) ? chart.rows.filter((r): r is SizeChartRow => typeof r?.size === 'string' && pair(r.height) && pair(r.weight)) : [];
  const types = Array.isArray(chart?.types) ? chart.types.filter((t): t is string => typeof t === 'string') : [];
  return { types, rows };
}

/** "1m65" for 165 cm. */
export const formatHeight = (cm: number) => `${Math.floor(cm / 100)}m${String(Math.round(cm % 100)).padStart(2, '0')}`;
