// refineIntents: what the catalogue and the intents' definitions settle after the classifier.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RouteContext } from 'switchboard';
import { botConfigSchema, type IntentScore, type Understanding } from 'switchboard/testing';
import bot from './index.ts';

const config = botConfigSchema.parse(parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8')));

function refine(text: string, intent: string, opts: { source?: 'local' | 'llm'; unsure?: boolean; scores?: IntentScore[] } = {}): string[] {
  const understanding: Understanding = {
    intents: [{ id: intent, confidence: opts.unsure ? 0.6 : 0.9 }],
    entities: [],
    language: 'es',
    source: opts.source ?? 'local',
    unsure: opts.unsure,
    scores: opts.scores ?? [{ id: intent, confidence: 0.9 }],
  };
  const ctx = { text, intents: [intent], understanding, memory: {}, session: {}, bot: config, sql: undefined } as unknown as RouteContext;
  return bot.refineIntents!(ctx) as string[];
}

describe('la-formula refineIntents', () => {
  it('a product we sell, with the data asked for, is not precio_stock', () => {
    expect(refine('tenes shaker?', 'precio_stock')).toEqual(['consulta_producto']);
    expect(refine('cuanto esta el multivitaminico', 'precio_stock')).toEqual(['posible_comprador']);
    // What the catalogue lacks stays with Mauri: another brand, a restock date, a size we don't have.
    expect(refine('tenes melatonina?', 'precio_stock')).toEqual(['precio_stock']);
    expect(refine('cuando entra de nuevo la carnitina?', 'precio_stock')).toEqual(['precio_stock']);
    expect(refine('la glutamina la tenes en pote de 1 kg?', 'consulta_producto')).toEqual(['precio_stock']);
  });

  it('asking the price of a product we sell is posible_comprador (seed: "cuanto sale la whey?")', () => {
    expect(refine('que precio tiene el ganador de star?', 'consulta_producto')).toEqual(['posible_comprador']);
    expect(refine('el ganador cuantas calorias tiene?', 'consulta_producto')).toEqual(['consulta_producto']);
  });

  it('an unsure fallback whose best guess was about products goes to the catalogue', () => {
    const scores = [
      { id: 'precio_stock', confidence: 0.36 },
      { id: 'consulta_producto', confidence: 0.32 },
    ];
    expect(refine('q sale la glutamina', 'otro', { unsure: true, scores })).toEqual(['posible_comprador']);
    expect(refine('hay maca en polvo?', 'otro', { unsure: true, scores })).toEqual(['precio_stock']);
    // Not about products: the fallback stands.
    expect(refine('que opinas del partido?', 'otro', { unsure: true, scores })).toEqual(['otro']);
  });

  it('health questions are farmacologia, complaints keep their intent', () => {
    expect(refine('tengo presion alta, puedo tomar el pre?', 'consulta_producto')).toEqual(['farmacologia']);
    expect(refine('la creatina interactua con el ibuprofeno?', 'consulta_producto')).toEqual(['farmacologia']);
    expect(refine('estoy embarazada, puedo tomar whey?', 'posible_comprador')).toEqual(['farmacologia']);
    expect(refine('la whey vino vencida, es peligroso, quiero mi plata', 'reclamo')).toEqual(['reclamo']);
  });

  it('keeps what a model decided with the catalogue in front of it', () => {
    expect(refine('tenes shaker?', 'precio_stock', { source: 'llm' })).toEqual(['precio_stock']);
  });
});
