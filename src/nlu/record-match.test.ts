import { describe, expect, it } from 'vitest';
import { contentWords, matchScore, wordOverlap } from './record-match.ts';

describe('matchScore', () => {
  it('ranks exact, prefix, contiguous run and all-words matches (accent/case-insensitive)', () => {
    expect(matchScore('Tânia Gusmão', 'tania gusmao')).toBe(4);
    expect(matchScore('Tânia Gusmão', 'Tânia')).toBe(3);
    expect(matchScore('Serralheria Ponte Alta', 'ponte alta')).toBe(2);
    expect(matchScore('Serralheria Ponte Alta', 'Alta Ponte')).toBe(1);
    expect(matchScore('Serralheria Ponte Alta', 'Serralheria Alta')).toBe(1);
    expect(matchScore('Serralheria Ponte Alta', 'Ponte Baixa')).toBe(0);
    expect(matchScore(null, 'x')).toBe(0);
  });
});

describe('wordOverlap', () => {
  it('compares content words, tolerant to function words and word endings', () => {
    expect(contentWords('visitar a obra do Décio', 'pt')).toEqual(['visitar', 'obra', 'decio']);
    expect(contentWords('tarefa de visitar o Décio', 'pt', ['tarefa'])).toEqual(['visitar', 'decio']);
    expect(wordOverlap('Visita para Décio Lins', 'visitar o decio', 'pt')).toBe(1);
    expect(wordOverlap('Visitar Nair Couto', 'visitar o Décio', 'pt')).toBe(0.5);
    expect(wordOverlap('Mandar a planilha', 'almoço com a Nair', 'pt')).toBe(0);
    expect(wordOverlap('Mandar a planilha', 'de a', 'pt')).toBe(0);
    expect(wordOverlap('Call Sam about the deal', 'call to sam', 'en')).toBe(1);
  });
});
