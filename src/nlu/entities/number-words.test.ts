import { describe, expect, it } from 'vitest';
import { numberWordsSource, parseNumberWords, parseOrdinal } from './numbers.ts';

describe('numbers said in words', () => {
  it('reads single words and tens joined to a unit', () => {
    expect(parseNumberWords('dezessete', 'pt')).toBe(17);
    expect(parseNumberWords('quarenta e dois', 'pt')).toBe(42);
    expect(parseNumberWords('treinta y dos', 'es')).toBe(32);
    expect(parseNumberWords('forty', 'en')).toBeUndefined();
    expect(parseNumberWords('vinte e xis', 'pt')).toBeUndefined();
  });

  it('reads hundreds and thousands in Portuguese and Spanish', () => {
    expect(parseNumberWords('cento e cinquenta', 'pt')).toBe(150);
    expect(parseNumberWords('mil e duzentos', 'pt')).toBe(1200);
    expect(parseNumberWords('dois mil e quinhentos', 'pt')).toBe(2500);
    expect(parseNumberWords('trezentos e vinte e cinco', 'pt')).toBe(325);
    expect(parseNumberWords('doscientos treinta y dos', 'es')).toBe(232);
    expect(parseNumberWords('tres mil quinientos', 'es')).toBe(3500);
    const re = new RegExp(`(?<![a-z])(${numberWordsSource('pt')})(?![a-z])`);
    expect(re.exec('instalacao por cento e cinquenta reais')?.[1]).toBe('cento e cinquenta');
    expect(re.exec('fica mil e quinhentos reais')?.[1]).toBe('mil e quinhentos');
  });

  it('reads hundreds and what follows them, and no ill-formed sequence', () => {
    expect(parseNumberWords('seiscentos e oitenta', 'pt')).toBe(680);
    expect(parseNumberWords('setecentos e vinte e dois', 'pt')).toBe(722);
    expect(parseNumberWords('cento e cinco', 'pt')).toBe(105);
    expect(parseNumberWords('ciento veinte y tres', 'es')).toBe(123);
    expect(parseNumberWords('cem e dez', 'pt')).toBeUndefined();
    expect(parseNumberWords('vinte e quinze', 'pt')).toBeUndefined();
    expect(parseNumberWords('dois e tres', 'pt')).toBeUndefined();
    const re = new RegExp(`(?<![a-z])(${numberWordsSource('pt')})(?![a-z])`);
    expect(re.exec('tirei seiscentos e oitenta no enem')?.[1]).toBe('seiscentos e oitenta');
    expect(re.exec('quinhentos e tantos')?.[1]).toBe('quinhentos');
  });

  it('finds the longest reading in folded text', () => {
    const re = new RegExp(`(?<![a-z])(${numberWordsSource('pt')})(?![a-z])`);
    expect(re.exec('tenho vinte e cinco anos')?.[1]).toBe('vinte e cinco');
    expect(re.exec('somos dezoito')?.[1]).toBe('dezoito');
    expect(re.exec('dezembro')).toBeNull();
  });
});

describe('parseOrdinal', () => {
  it('reads ordinals in digits with or without their mark, and in words of either gender', () => {
    expect(parseOrdinal('2o', 'pt')).toBe(2);
    expect(parseOrdinal('4', 'pt')).toBe(4);
    expect(parseOrdinal('quinta', 'pt')).toBe(5);
    expect(parseOrdinal('primeiro', 'pt')).toBe(1);
    expect(parseOrdinal('tercer', 'es')).toBe(3);
    expect(parseOrdinal('octava', 'es')).toBe(8);
    expect(parseOrdinal('9th', 'en')).toBe(9);
    expect(parseOrdinal('thu ba', 'vi')).toBe(3);
  });
  it('reads nothing from other words', () => {
    expect(parseOrdinal('terceirao', 'pt')).toBeUndefined();
    expect(parseOrdinal('segura', 'pt')).toBeUndefined();
    expect(parseOrdinal('123o', 'pt')).toBeUndefined();
  });
});
