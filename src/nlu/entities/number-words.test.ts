import { describe, expect, it } from 'vitest';
import { numberWordsSource, parseNumberWords } from './numbers.ts';

describe('numbers said in words', () => {
  it('reads single words and tens joined to a unit', () => {
    expect(parseNumberWords('dezessete', 'pt')).toBe(17);
    expect(parseNumberWords('quarenta e dois', 'pt')).toBe(42);
    expect(parseNumberWords('treinta y dos', 'es')).toBe(32);
    expect(parseNumberWords('forty', 'en')).toBeUndefined();
    expect(parseNumberWords('vinte e xis', 'pt')).toBeUndefined();
  });

  it('finds the longest reading in folded text', () => {
    const re = new RegExp(`(?<![a-z])(${numberWordsSource('pt')})(?![a-z])`);
    expect(re.exec('tenho vinte e cinco anos')?.[1]).toBe('vinte e cinco');
    expect(re.exec('somos dezoito')?.[1]).toBe('dezoito');
    expect(re.exec('dezembro')).toBeNull();
  });
});
