import { describe, expect, it } from 'vitest';
import { readHousehold, SlotText, type HouseholdSpec } from './index.ts';

const pt: HouseholdSpec = {
  count: ['somos', 'dividida entre'],
  with: ['moro com', 'moro com mais'],
  self: ['eu e'],
  units: ['pessoas', 'moradores'],
  alone: ['moro sozinho'],
  relatives: ['mãe', 'tia', 'avô'],
  groups: ['irmãos', 'primos'],
  pairs: ['pais'],
  determiners: ['a', 'o', 'os', 'minha', 'meu', 'meus'],
  and: ['e'],
};
const es: HouseholdSpec = { count: ['somos'], with: ['vivo con'], relatives: ['abuela'], groups: ['hermanos'], determiners: ['mi', 'mis'], and: ['y'] };
const size = (text: string, spec = pt, lang: 'pt' | 'es' = 'pt') => readHousehold(new SlotText(text), spec, lang)?.size;

describe('readHousehold', () => {
  it('reads a number after a count cue or before a unit, in digits or words', () => {
    expect(size('aqui somos cinco')).toBe(5);
    expect(size('a renda é dividida entre 3')).toBe(3);
    expect(size('são 6 moradores')).toBe(6);
  });
  it('counts the speaker with the number after a "lives with" cue', () => {
    expect(size('moro com 2 pessoas')).toBe(3);
    expect(size('moro com mais duas pessoas')).toBe(3);
  });
  it('counts the speaker plus the people listed, groups by their number and pairs as two', () => {
    expect(size('moro com a minha tia e os meus 3 primos')).toBe(5);
    expect(size('eu e meus pais')).toBe(3);
    expect(size('moro com minha mãe, meu avô e meus dois irmãos, ganhamos pouco')).toBe(5);
  });
  it('reads nothing when a group has no number, and one for living alone', () => {
    expect(size('eu e meus irmãos')).toBeUndefined();
    expect(size('moro sozinho')).toBe(1);
    expect(size('tenho muitas dúvidas')).toBeUndefined();
  });
  it('refuses sizes out of range', () => {
    expect(size('somos 40')).toBeUndefined();
    expect(size('somos 40', { ...pt, max: 50 })).toBe(40);
  });
  it('works with another language\'s words', () => {
    expect(size('vivo con mi abuela y mis 2 hermanos', es, 'es')).toBe(4);
    expect(size('somos tres', es, 'es')).toBe(3);
  });
  it('masks what it read', () => {
    const text = new SlotText('somos 4 e ganhamos 3 mil');
    readHousehold(text, pt, 'pt');
    expect(text.folded).not.toMatch(/somos|4/);
    expect(text.folded).toContain('3 mil');
  });
});
