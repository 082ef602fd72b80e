import { describe, expect, it } from 'vitest';
import { correctCommandWords } from './typos.ts';

const vocabulary = {
  words: ['reserva', 'reservar', 'cancela', 'cancelar', 'confirma'],
  known: /^(?:reserv|cancel|confirm)/,
  keep: ['reverso'],
  leadIns: ['pode', 'favor', 'e'],
};

describe('correctCommandWords', () => {
  it('puts a misspelt command word right at the start, after a clause break or a lead-in, keeping its capital', () => {
    expect(correctCommandWords('resevra a mesa das 20h', vocabulary)).toBe('reserva a mesa das 20h');
    expect(correctCommandWords('Cacela a de ontem; confimra a de hoje', vocabulary)).toBe('Cancela a de ontem; confirma a de hoje');
    expect(correctCommandWords('pode resrevar pra mim?', vocabulary)).toBe('pode reservar pra mim?');
  });

  it('leaves short words, known inflections, kept words, names and words away from a command place alone', () => {
    for (const text of ['reservamos ontem', 'reverso da medalha', 'fala com a Cancla amanhã', 'a mesa resevra', 'cnfi']) {
      expect(correctCommandWords(text, vocabulary)).toBe(text);
    }
  });
});
