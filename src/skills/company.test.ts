import { describe, expect, it } from 'vitest';
import { botCompany } from './company.ts';

describe('botCompany', () => {
  const own = new Set(['turm', 'aula']);
  const company = botCompany('pt', ['tem turma de boxe à noite?', 'A aula experimental é grátis. Traga roupa de treino.\nO estacionamento é pago.'], (u) => own.has(u));

  it('keeps the words a unit of the bot\'s shares a sentence with', () => {
    expect(company('turm', 'boxe')).toBe(true);
    expect(company('aula', 'experimental')).toBe(true);
  });

  it('reads a long text sentence by sentence: a word of another sentence keeps no company', () => {
    expect(company('aula', 'roup')).toBe(false);
    expect(company('aula', 'estacionament')).toBe(false);
  });

  it('knows no company for a word the bot never says beside the unit, nor for a unit that is not the bot\'s', () => {
    expect(company('turm', 'quimic')).toBe(false);
    expect(company('boxe', 'turm')).toBe(false);
  });
});
