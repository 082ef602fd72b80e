import { describe, expect, it } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import { botPlannerPrompt, plannerCatalogue, plannerSystemPrompt } from './planner-prompt.ts';

const intents = {
  reserva_criar: {
    label: 'Reservar',
    description: 'Reservar uma mesa',
    slots: {
      pessoas: { kind: 'number', hint: 'quantas pessoas' },
      horario: { kind: 'datetime', hint: 'ISO 8601 ou como foi dito' },
      cliente: { kind: 'ref' },
      lido_localmente: { kind: 'boolean', planner: false },
    },
  },
  cardapio: { label: 'Ver o cardápio' },
};

describe('plannerCatalogue', () => {
  it('lists each intent with its description and its planner slots with their hints', () => {
    expect(plannerCatalogue(intents)).toEqual([
      '- reserva_criar: Reservar uma mesa — slots: pessoas (quantas pessoas), horario (ISO 8601 ou como foi dito), cliente',
      '- cardapio: Ver o cardápio',
    ]);
  });
});

describe('plannerSystemPrompt', () => {
  const base = { intents, language: 'pt-BR', timeZone: 'America/Sao_Paulo', now: new Date('2026-03-02T15:30:00Z') };

  it('asks for the actions JSON, with the bot rules, the catalogue and the clock on the bot time zone', () => {
    const prompt = plannerSystemPrompt({ ...base, rules: ['Mesa para hoje: use a data de hoje.'] });
    expect(prompt).toContain('{"actions": [{"intent": "<intent>", "slots": {…}}]}');
    expect(prompt).toContain('Brazilian Portuguese');
    expect(prompt).toContain('Mesa para hoje: use a data de hoje.');
    expect(prompt).toContain('- cardapio: Ver o cardápio');
    expect(prompt).toContain('Now: 02/03/2026 12:30 (America/Sao_Paulo).');
    expect(prompt).not.toContain('Remembered');
  });

  it('shows what is remembered, field by field, and skips empty references', () => {
    const prompt = plannerSystemPrompt({ ...base, remembered: { cliente_atual: { id: 'c-7', nome: 'Olga' }, vazio: {}, texto: 'x' } });
    expect(prompt).toContain('- cliente_atual: id=c-7, nome=Olga');
    expect(prompt).not.toContain('vazio');
    expect(prompt.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);
  });
});

describe('botPlannerPrompt', () => {
  it('reads the catalogue, hints and rules from bot.yaml', () => {
    const bot = botConfigSchema.parse({
      id: 'mesa',
      language: 'es-AR',
      timeZone: 'America/Argentina/Buenos_Aires',
      understanding: { fallback: 'otra' },
      intents: { reservar: { label: 'Reservar', slots: { personas: { kind: 'number', hint: 'cuántos comensales' }, apodo: { planner: false } } }, otra: { label: 'Otra cosa' } },
      actions: { plannerRules: ['Si dice "para nosotros dos", personas es 2.'] },
    });
    const prompt = botPlannerPrompt(bot, new Date('2026-03-02T15:30:00Z'), { mesa_actual: { id: 'm3' } });
    expect(prompt).toContain('- reservar: Reservar — slots: personas (cuántos comensales)\n- otra: Otra cosa');
    expect(prompt).toContain('Si dice "para nosotros dos", personas es 2.');
    expect(prompt).toContain('Now: 02/03/2026 12:30 (America/Argentina/Buenos_Aires).');
    expect(prompt).toContain('- mesa_actual: id=m3');
  });
});
