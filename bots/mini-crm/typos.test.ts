import { describe, expect, it } from 'vitest';
import { correctVerbTypos } from './typos.ts';

describe('correctVerbTypos', () => {
  it('puts a misspelt command verb right where a verb goes', () => {
    expect(correctVerbTypos('cadastar a Bianca Nunes da Flora Cosméticos')).toBe('cadastra a Bianca Nunes da Flora Cosméticos');
    expect(correctVerbTypos('Cadsatra o Pedro; adicona nota: ligou')).toBe('Cadastra o Pedro; adiciona nota: ligou');
    expect(correctVerbTypos('pode lsitar os leads?')).toBe('pode listar os leads?');
    expect(correctVerbTypos('por favor, regsitra que ele ligou')).toBe('por favor, registra que ele ligou');
  });

  it('leaves ordinary words, names and words away from the verb place alone', () => {
    for (const text of [
      'me manda as tarefas',
      'exclua o lead',
      'conta pra mim quantos leads tenho',
      'novo lead: Otávio Brandão, Marcia Lima, otavio@paodourado.com.br',
      'pronto, já liguei',
      'anota que ela quer marcar visita',
    ]) {
      expect(correctVerbTypos(text)).toBe(text);
    }
  });
});
