import { describe, expect, it } from 'vitest';
import { normalize } from '../nlu/normalize.ts';
import { skillLines } from './data.ts';
import { skillVocabulary, stems, wordTrigrams } from './vocabulary.ts';

describe('skill vocabulary', () => {
  it('is built once per language and holds the stems of every line, the background apart from the rest', () => {
    const v = skillVocabulary('es');
    expect(skillVocabulary('es')).toBe(v);
    const lines = skillLines('es');
    for (const line of lines.greeting.slice(0, 5)) for (const w of stems(normalize(line, 'es'), 'es')) expect(v.everyday.has(w) && v.generic.has(w)).toBe(true);
    for (const line of lines.out_of_scope.slice(0, 5)) for (const w of stems(normalize(line, 'es'), 'es')) expect(v.background.has(w) && v.generic.has(w)).toBe(true);
    expect([...v.generic].every((w) => v.everyday.has(w) || v.background.has(w))).toBe(true);
    for (const w of normalize(lines.human[0], 'es').split(' ')) for (const g of wordTrigrams(w)) expect(v.trigrams.has(g)).toBe(true);
  });
});
