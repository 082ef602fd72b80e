import { describe, expect, it } from 'vitest';
import { toLanguage } from '../nlu/index.ts';
import { wording } from './language.ts';

describe('bot languages', () => {
  it('reads the language of a tag with or without a region', () => {
    expect(['es-MX', 'es', 'es-AR'].map(toLanguage)).toEqual(['es', 'es', 'es']);
    expect(toLanguage('pt-PT')).toBe('pt');
  });

  it('names the variety of Spanish the bot speaks to the model', () => {
    expect(wording('es-AR').name).toMatch(/Rioplatense/);
    expect(wording('es-MX').name).toMatch(/Mexican/);
    expect(wording('es').name).toBe('Spanish');
    expect(wording('es-CR').name).toBe('Spanish (CR)');
    expect(wording('es-MX').customer).toBe(wording('es-AR').customer);
    expect(wording('pt-BR').name).toBe('Brazilian Portuguese');
  });
});
