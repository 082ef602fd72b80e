import { describe, expect, it } from 'vitest';
import { contentWords, matchScore, wordOverlap } from './match.ts';

describe('matchScore', () => {
  it('ranks exact, prefix, contiguous run and all-words matches (accent/case-insensitive)', () => {
    expect(matchScore('Otávio Brandão', 'otavio brandao')).toBe(4);
    expect(matchScore('Otávio Brandão', 'Otávio')).toBe(3);
    expect(matchScore('Transportadora Rota Sul', 'rota sul')).toBe(2);
    expect(matchScore('Transportadora Rota Sul', 'Sul Rota')).toBe(1);
    expect(matchScore('Transportadora Rota Sul', 'Rota Norte')).toBe(0);
    expect(matchScore('Transportadora Rota Sul', 'Transportadora Sul')).toBe(1);
    expect(matchScore(null, 'x')).toBe(0);
  });
});

describe('wordOverlap', () => {
  it('compares content words, tolerant to prepositions and word endings', () => {
    expect(contentWords('ligar pro Caetano')).toEqual(['ligar', 'caetano']);
    expect(wordOverlap('Ligar para Caetano Reis', 'ligar pro Caetano')).toBe(1);
    expect(wordOverlap('Ligação para Caetano Reis', 'ligar pro caetano')).toBe(1);
    expect(wordOverlap('Ligar para Helena Prado', 'ligar pro Caetano')).toBe(0.5);
    expect(wordOverlap('Enviar o contrato', 'reunião com o Rodrigo')).toBe(0);
    expect(wordOverlap('Enviar o contrato', 'de a')).toBe(0);
  });
});
