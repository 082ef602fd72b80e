// Which size fits a customer, from bot.yaml `sizeChart:`: each measurement the message gives (read with the
// chart's query) picks the rows whose range holds it; the sizes they agree on, else the deciding measurement's
// size with a neighbour another measurement points at. A value on an edge two rows share is between two sizes.
import type { TurnContext } from '../engine/types.ts';
import { showValue } from '../forms/slots.ts';
import { readBotQuery, type QueryConfig } from '../nlu/entities/query-reader.ts';
import { toLanguage } from '../nlu/language.ts';
import type { SizeChartConfig } from './size-chart-schema.ts';

export interface SizeAdvice {
  /** The size to wear. */
  size: string;
  /** The neighbouring size (the larger or the smaller), when the customer is between two. */
  between?: string;
}

type Row = SizeChartConfig['rows'][number];
const rangeOf = (row: Row, measure: string) => (measure === 'size' ? undefined : (row[measure] as [number, number] | undefined));

/** The rows (their positions) whose range of `measure` holds the value; the first or last when it is outside them all. */
function rowsFor(rows: Row[], measure: string, value: number): number[] {
  const inside = rows.flatMap((r, i) => {
    const range = rangeOf(r, measure);
    return range && value >= range[0] && value <= range[1] ? [i] : [];
  });
  if (inside.length) return inside;
  return value < (rangeOf(rows[0], measure)?.[0] ?? -Infinity) ? [0] : [rows.length - 1];
}

/** The measurement that decides: the chart's `decides`, else the last one a row has a range for. */
function decider(chart: Pick<SizeChartConfig, 'rows' | 'decides'>): string | undefined {
  return chart.decides ?? Object.keys(chart.rows[0] ?? {}).filter((k) => k !== 'size').pop();
}

/** When the measurements agree on no row: the decider's row (its larger one when the others point higher), with a neighbour one row away. */
function disagreement(rows: Row[], decides: number[], others: number[][]): SizeAdvice {
  const higher = others.some((picks) => picks[0] > decides[0]);
  const main = decides.length > 1 && higher ? decides[1] : decides[0];
  const neighbour = others.flat().find((i) => Math.abs(i - main) === 1);
  return neighbour === undefined ? { size: rows[main].size } : { size: rows[main].size, between: rows[neighbour].size };
}

/** The size for the measurements given (by the chart's range names); undefined when none is given. */
export function adviseSize(chart: Pick<SizeChartConfig, 'rows' | 'decides'>, measures: Record<string, number | undefined>): SizeAdvice | undefined {
  const given = Object.entries(measures).filter((e): e is [string, number] => e[1] !== undefined && chart.rows.some((r) => rangeOf(r, e[0])));
  if (!chart.rows.length || !given.length) return undefined;
  const picks = new Map(given.map(([measure, value]) => [measure, rowsFor(chart.rows, measure, value)]));
  const all = [...picks.values()];
  const agreed = all.reduce((acc, p) => acc.filter((i) => p.includes(i)));
  const decides = picks.get(decider(chart) ?? '');
  if (!agreed.length && decides) return disagreement(chart.rows, decides, all.filter((p) => p !== decides));
  const rows = agreed.length ? agreed : all[0];
  return rows.length > 1 ? { size: chart.rows[rows[0]].size, between: chart.rows[rows[1]].size } : { size: chart.rows[rows[0]].size };
}

/** A height as the bot's language tag writes it: "1m65" in Vietnamese, "1,65 m" or "1.65 m" elsewhere. */
function showHeight(cm: number, languageTag: string): string {
  if (toLanguage(languageTag) === 'vi') return `${Math.floor(cm / 100)}m${String(Math.round(cm % 100)).padStart(2, '0')}`;
  return `${showValue('number', cm / 100, languageTag)} m`;
}

/** A measurement's value for its `describe_<field>` template: a height in metres, any other as a number. */
function showMeasure(kind: string, value: number, languageTag: string): string {
  return kind === 'height' ? showHeight(value, languageTag) : showValue('number', value, languageTag);
}

type ChartConfig = QueryConfig & { sizeChart?: SizeChartConfig };

/** The measurements of the message and the size for them, when the bot has a chart that applies; else undefined. */
export function sizeAdviceFor(config: ChartConfig, text: string): (SizeAdvice & { measures: Record<string, number> }) | undefined {
  const chart = config.sizeChart;
  if (!chart) return undefined;
  const measures = Object.fromEntries(Object.entries(readBotQuery(config, chart.measures, text)).filter((e): e is [string, number] => typeof e[1] === 'number'));
  const named = chart.for && readBotQuery(config, chart.for.query, text)[chart.for.field];
  if (typeof named === 'string' && !chart.for!.values.includes(named)) return undefined;
  const advice = adviseSize(chart, measures);
  return advice && { ...advice, measures };
}

/**
 * The reply to a message giving the customer's measurements: `size_advice` (`{body}`, `{size}`), or
 * `size_advice_between` (`{body}`, `{small}`, `{large}`) when between two sizes; `{body}` joins one
 * `describe_<field>` per measurement given. Undefined when the bot has no chart, the message gives no
 * measurement, or it names a product the chart is not for.
 */
export function sizeAdviceReply(ctx: Pick<TurnContext, 'bot' | 'text' | 'reply'>): string | undefined {
  const advice = sizeAdviceFor(ctx.bot, ctx.text);
  if (!advice) return undefined;
  const fields = ctx.bot.queries[ctx.bot.sizeChart!.measures];
  const body = Object.entries(advice.measures)
    .map(([field, value]) => ctx.reply(`describe_${field}`, { [field]: showMeasure(fields[field].kind, value, ctx.bot.language) }))
    .join(', ');
  if (!advice.between) return ctx.reply('size_advice', { body, size: advice.size });
  const order = ctx.bot.sizeChart!.rows.map((r) => r.size);
  const [small, large] = [advice.size, advice.between].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return ctx.reply('size_advice_between', { body, small, large });
}
