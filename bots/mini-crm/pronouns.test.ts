import { describe, expect, it } from 'vitest';
import { findLeadPronouns, hasLeadPronoun, isLeadPronoun, nameLeadPronouns, stripLeadPronounPrefix } from './pronouns.ts';

describe('lead pronouns', () => {
  it('finds the phrases that point at the current lead, with the preposition they carry', () => {
    const found = (t: string) => findLeadPronouns(t).map((p) => [t.slice(p.start, p.end), p.prep]);
    expect(found('anota nela que quer visita')).toEqual([['nela', 'em']]);
    expect(found('mandar o contrato dele pra ela')).toEqual([['dele', 'de'], ['pra ela', 'para']]);
    expect(found('reunião com ele; ligar pro lead; visitar nesse mesmo cliente')).toEqual([
      ['com ele', 'com'],
      ['pro lead', 'para'],
      ['nesse mesmo cliente', 'em'],
    ]);
  });

  it('leaves named leads and plain nouns alone', () => {
    expect(hasLeadPronoun('anota no lead do Lennon que ligou')).toBe(false);
    expect(hasLeadPronoun('ligar pro lead Lennon')).toBe(false);
    expect(hasLeadPronoun('a cliente quer desconto')).toBe(false);
    expect(hasLeadPronoun('o elevador quebrou')).toBe(false);
  });

  it('strips a pronoun that opens a note, and only there', () => {
    expect(stripLeadPronounPrefix('nela que quer visita técnica')).toBe('que quer visita técnica');
    expect(stripLeadPronounPrefix('pra ela: prefere email')).toBe('prefere email');
    expect(stripLeadPronounPrefix('que ela quer renovar a frota')).toBe('que ela quer renovar a frota');
  });

  it('tells a slot that only points at the current lead', () => {
    for (const ref of ['ele', 'Dela', 'esse lead', 'o lead', 'lead atual', 'nesse contato', 'pra ela']) expect(isLeadPronoun(ref)).toBe(true);
    for (const ref of ['Lennon', 'Elena', 'Acme', '', undefined]) expect(isLeadPronoun(ref)).toBe(false);
  });

  it('names the lead in a title', () => {
    expect(nameLeadPronouns('Ligar pra ele', 'Caetano Reis')).toBe('Ligar para Caetano Reis');
    expect(nameLeadPronouns('Reunião com ela e mandar o catálogo dela', 'Helena Prado')).toBe('Reunião com Helena Prado e mandar o catálogo de Helena Prado');
    expect(nameLeadPronouns('Enviar o contrato', 'Helena Prado')).toBe('Enviar o contrato');
  });
});
