import { describe, expect, it } from 'vitest';
import { extractEntities, gazetteerValue } from './index.ts';

const gazetteers = [{ type: 'procedimento', values: { clareamento: ['clareamento dental', 'branqueamento'], limpeza: ['profilaxia'], canal: ['tratamento de canal'] } }];
const now = new Date('2026-03-09T12:00:00-03:00');
const find = (text: string) => extractEntities(text, { lang: 'pt', now, gazetteers, patterns: [{ type: 'pedido', pattern: '#(\\d{4,})' }] });
const values = (text: string, type: string) => find(text).filter((e) => e.type === type).map((e) => e.value);

describe('gazetteers and regex entities', () => {
  it('match without accents, case, a small typo or the word order', () => {
    expect(values('quero um CLAREAMENTO', 'procedimento')).toEqual(['clareamento']);
    expect(values('queria uma limpesa', 'procedimento')).toEqual(['limpeza']);
    expect(values('queria uma profilacia amanha', 'procedimento')).toEqual(['limpeza']);
    expect(values('o dental clareamento custa quanto?', 'procedimento')).toEqual(['clareamento']);
    expect(values('preciso de um tratamento de canal', 'procedimento')).toEqual(['canal']);
    expect(values('meu canal favorito', 'procedimento')).toEqual(['canal']);
  });

  it('do not stretch a typo over short words', () => {
    expect(values('vou tomar um cafe', 'procedimento')).toEqual([]);
  });

  it("take no word of the gazetteers' own forms, nor a changed first letter, for a typo", () => {
    const bikes = [{ type: 'bike', values: { 'e-bike': ['ebike'], 'road bike': ['road'], 'kids bike': [] } }];
    const bike = (text: string) => extractEntities(text, { lang: 'en', now, gazetteers: bikes }).filter((e) => e.type === 'bike').map((e) => e.value);
    expect(bike('can i bring my bike in')).toEqual([]);
    expect(bike('my ebike')).toEqual(['e-bike']);
    expect(bike('my eibke')).toEqual(['e-bike']);
    expect(bike("my kids' bike")).toEqual(['kids bike']);
    expect(values('queria uma rimpeza', 'procedimento')).toEqual([]);
  });

  it('regex entities take the first group as value', () => {
    expect(values('meu pedido é o #12345', 'pedido')).toEqual(['12345']);
  });

  it("a regex entity's value may quote its groups", () => {
    const patterns = [{ type: 'origem', pattern: 'recomendad[oa] por (\\w+)', value: 'recomendação de $1' }];
    const found = extractEntities('fui recomendada por Joana ontem', { lang: 'pt', now, patterns }).filter((e) => e.type === 'origem');
    expect(found.map((e) => e.value)).toEqual(['recomendação de Joana']);
  });
});

describe('gazetteerValue', () => {
  it('names the value a whole text gives, by the value or a synonym, without accents, case or extra spaces', () => {
    const [procedures] = gazetteers;
    expect(gazetteerValue(procedures, 'Clareamento')).toBe('clareamento');
    expect(gazetteerValue(procedures, '  Tratamento   de CANAL ')).toBe('canal');
    expect(gazetteerValue({ values: { Noturno: ['noite', 'à noite'] } }, 'a noite')).toBe('Noturno');
    expect(gazetteerValue(procedures, 'clareamento amanhã')).toBeUndefined();
    expect(gazetteerValue(procedures, '')).toBeUndefined();
  });
});
