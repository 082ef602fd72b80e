import { describe, expect, it } from 'vitest';
import { fashionConfig } from './entities.ts';
import { adviseSize, formatHeight, sizeChartOf } from './sizing.ts';

const chart = sizeChartOf(fashionConfig().settings).rows;

describe('adviseSize over bot.yaml settings.size_chart', () => {
  it('one size when height and weight agree', () => {
    expect(adviseSize(chart, { height: 165, weight: 55 })).toEqual({ size: 'M' });
    expect(adviseSize(chart, { height: 172, weight: 68 })).toEqual({ size: 'L' });
  });

  it('the two neighbouring sizes when both sit on a shared edge', () => {
    expect(adviseSize(chart, { height: 168, weight: 60 })).toEqual({ size: 'M', between: 'L' });
  });

  it('the weight decides when they disagree; a height one size away is the neighbour', () => {
    expect(adviseSize(chart, { height: 158, weight: 64 })).toEqual({ size: 'L' });
    expect(adviseSize(chart, { height: 165, weight: 65 })).toEqual({ size: 'L', between: 'M' });
  });

  it('height or weight alone; beyond the chart, its first or last size', () => {
    expect(adviseSize(chart, { height: 170 })).toEqual({ size: 'L' });
    expect(adviseSize(chart, { weight: 40 })).toEqual({ size: 'S' });
    expect(adviseSize(chart, { weight: 120 })).toEqual({ size: 'XXL' });
    expect(adviseSize(chart, {})).toBeUndefined();
  });

  it('the chart covers the product types it is for', () => {
    expect(sizeChartOf(fashionConfig().settings).types).toContain('dress-shirts');
    expect(formatHeight(165)).toBe('1m65');
    expect(formatHeight(170)).toBe('1m70');
  });
});
