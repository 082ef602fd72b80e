// bot.yaml sizeChart: which size fits a customer's measurements, and the reply that says it.
import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema } from '../bot/config.ts';
import { fillTemplate } from '../template/index.ts';
import { adviseSize, sizeAdviceFor, sizeAdviceReply } from './size-chart.ts';

const rows = [
  { size: 'S', height: [150, 160], weight: [45, 52] },
  { size: 'M', height: [160, 168], weight: [52, 60] },
  { size: 'L', height: [168, 175], weight: [60, 70] },
  { size: 'XL', height: [175, 180], weight: [70, 80] },
  { size: 'XXL', height: [180, 195], weight: [80, 95] },
] as { size: string; [measure: string]: unknown }[] as never;
const chart = { rows, decides: 'weight' };

const bot = {
  id: 'shop',
  language: 'vi',
  understanding: { fallback: 'ask' },
  intents: { ask: { label: 'Ask', examples: ['x'] } },
  gazetteers: [{ type: 'kind', values: { tees: ['áo thun'], shoes: ['giày'] } }],
  queries: { body: { height: { kind: 'height' }, weight: { kind: 'weight' } }, product: { kind: { kind: 'kind' } } },
  sizeChart: { measures: 'body', decides: 'weight', for: { query: 'product', field: 'kind', values: ['tees'] }, rows },
  replies: {
    size_advice: 'Với {body}, bạn mặc size {size}',
    size_advice_between: 'Với {body}, bạn nằm giữa size {small} và {large}',
    describe_height: 'chiều cao {height}',
    describe_weight: 'cân nặng {weight}kg',
  },
};
const config = botConfigSchema.parse(bot);
const ctx = (text: string) => ({ bot: config, text, reply: (key: string, vars?: Record<string, string | number>) => fillTemplate(config.replies[key], vars) });

describe('adviseSize', () => {
  it('one size when the measurements agree', () => {
    expect(adviseSize(chart, { height: 165, weight: 55 })).toEqual({ size: 'M' });
    expect(adviseSize(chart, { height: 172, weight: 68 })).toEqual({ size: 'L' });
  });

  it('the two neighbouring sizes when both sit on an edge two rows share', () => {
    expect(adviseSize(chart, { height: 168, weight: 60 })).toEqual({ size: 'M', between: 'L' });
  });

  it('the deciding measurement wins when they disagree; another one a row away names the neighbour', () => {
    expect(adviseSize(chart, { height: 158, weight: 64 })).toEqual({ size: 'L' });
    expect(adviseSize(chart, { height: 165, weight: 65 })).toEqual({ size: 'L', between: 'M' });
    expect(adviseSize({ rows, decides: 'height' }, { height: 158, weight: 64 })).toEqual({ size: 'S' });
  });

  it('one measurement alone; beyond the chart, its first or last size; none, no advice', () => {
    expect(adviseSize(chart, { height: 170 })).toEqual({ size: 'L' });
    expect(adviseSize(chart, { weight: 40 })).toEqual({ size: 'S' });
    expect(adviseSize(chart, { weight: 120 })).toEqual({ size: 'XXL' });
    expect(adviseSize(chart, {})).toBeUndefined();
    expect(adviseSize(chart, { shoe: 42 })).toBeUndefined();
  });

  it('without `decides`, the last measurement of the rows decides', () => {
    expect(adviseSize({ rows }, { height: 158, weight: 64 })).toEqual({ size: 'L' });
  });
});

describe('sizeAdviceFor and sizeAdviceReply', () => {
  it('reads the measurements with the chart query and says the size', () => {
    expect(sizeAdviceFor(config, 'cao 1m65 nặng 55kg mặc size gì')).toEqual({ size: 'M', measures: { height: 165, weight: 55 } });
    expect(sizeAdviceReply(ctx('cao 1m65 nặng 55kg mặc size gì'))).toBe('Với chiều cao 1m65, cân nặng 55kg, bạn mặc size M');
    expect(sizeAdviceReply(ctx('nặng 52,5 ký thì sao'))).toBe('Với cân nặng 52,5kg, bạn mặc size M');
  });

  it('between two sizes, the smaller first whatever the order of the advice', () => {
    expect(sizeAdviceReply(ctx('168cm 60kg'))).toBe('Với chiều cao 1m68, cân nặng 60kg, bạn nằm giữa size M và L');
    expect(sizeAdviceReply(ctx('áo thun cho người 1m65 nặng 65kg'))).toBe('Với chiều cao 1m65, cân nặng 65kg, bạn nằm giữa size M và L');
  });

  it('nothing for a product the chart is not for, a message without measurements, or a bot without a chart', () => {
    expect(sizeAdviceReply(ctx('giày cho người 1m65 nặng 55kg'))).toBeUndefined();
    expect(sizeAdviceReply(ctx('áo thun size gì đẹp'))).toBeUndefined();
    const without = botConfigSchema.parse({ ...bot, sizeChart: undefined });
    expect(sizeAdviceFor(without, 'cao 1m65 nặng 55kg')).toBeUndefined();
  });

  it('a chart naming a query or field the bot lacks is a config error', () => {
    const bad = checkedBotConfigSchema.safeParse({ ...bot, sizeChart: { ...bot.sizeChart, measures: 'body', decides: 'age', for: { query: 'item', field: 'kind', values: ['tees'] } } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['sizeChart.decides', 'sizeChart.for']);
    const range = checkedBotConfigSchema.safeParse({ ...bot, sizeChart: { ...bot.sizeChart, rows: [{ size: 'S', height: [160, 150] }] } });
    expect(range.success).toBe(false);
  });
});
