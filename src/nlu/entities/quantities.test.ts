import { describe, expect, it } from 'vitest';
import { readQuantities } from './quantities.ts';
import { extractEntities } from './index.ts';
import type { QuantitySpec } from '../types.ts';

const weight: QuantitySpec = { units: { kg: 1000, kilo: 1000, lb: 453.6, libra: 453.6, g: 1, gramo: 1 } };
const grams = (text: string, spec = weight) => readQuantities(text, spec).map((q) => q.value);

describe('readQuantities', () => {
  it('converts every amount with a unit to the base unit, in order', () => {
    expect(grams('el de 2 kg o el de 250 g')).toEqual([2000, 250]);
    expect(grams('3 libras')).toEqual([1360.8]);
    expect(grams('tenés de 5lbs?')).toEqual([2268]);
    expect(grams('1,5 kilos y 0.5 kg')).toEqual([1500, 500]);
  });

  it('reads half a unit in Spanish, Portuguese and English', () => {
    expect(grams('medio kilo')).toEqual([500]);
    expect(grams('meio quilo', { units: { quilo: 1000 } })).toEqual([500]);
    expect(grams('half a kg')).toEqual([500]);
  });

  it('needs the unit as a whole word and keeps to min/max', () => {
    expect(grams('2 kgf de fuerza, 4 gatos')).toEqual([]);
    expect(grams('20 kg o 200 g', { ...weight, min: 300 })).toEqual([20000]);
    expect(grams('20 kg o 200 g', { ...weight, max: 300 })).toEqual([200]);
  });

  it('gives offsets in the message', () => {
    const text = 'Quiero el de 1 Kg';
    const [q] = readQuantities(text, weight);
    expect(text.slice(q.start, q.end)).toBe('1 Kg');
  });

  it('is a bot.yaml `quantity:` entity', () => {
    const entities = extractEntities('una bolsa de 3 kilos', { lang: 'es', now: new Date(), patterns: [{ type: 'peso', quantity: weight }] });
    expect(entities.find((e) => e.type === 'peso')).toMatchObject({ value: 3000, text: '3 kilos' });
  });
});
