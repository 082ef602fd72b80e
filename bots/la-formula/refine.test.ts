// bot.yaml's understanding.refine rules with the catalogue's predicates: what they settle after the classifier.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBotConfig, sourcePath, type RouteContext } from 'switchboard';
import { PREVIOUS_INTENTS_KEY, refineTurnIntents, type IntentScore, type Understanding } from 'switchboard/testing';
import bot from './index.ts';

// As the runtime loads it: the `producto` gazetteer holds data.catalogo's products.
const config = readBotConfig(dirname(sourcePath(import.meta.url)));

type Opts = { source?: 'local' | 'llm'; unsure?: boolean; scores?: IntentScore[]; memory?: Record<string, unknown> };

async function refine(text: string, intent: string, opts: Opts = {}): Promise<string[]> {
  const understanding: Understanding = {
    intents: [{ id: intent, confidence: opts.unsure ? 0.6 : 0.9 }],
    entities: [],
    language: 'es',
    source: opts.source ?? 'local',
    unsure: opts.unsure,
    scores: opts.scores ?? [{ id: intent, confidence: 0.9 }],
  };
  const ctx = { text, intents: [intent], understanding, memory: opts.memory ?? {}, session: {}, bot: config, sql: undefined } as unknown as RouteContext;
  return (await refineTurnIntents(bot, ctx)).intents;
}

describe('la-formula understanding.refine', () => {
  it('a product we sell, with the data asked for, is not precio_stock', async () => {
    expect(await refine('tenes shaker?', 'precio_stock')).toEqual(['consulta_producto']);
    expect(await refine('cuanto esta el multivitaminico', 'precio_stock')).toEqual(['posible_comprador']);
    // What the catalogue lacks stays with Mauri: another brand, a restock date, a size we don't have.
    expect(await refine('tenes melatonina?', 'precio_stock')).toEqual(['precio_stock']);
    expect(await refine('cuando entra de nuevo la carnitina?', 'precio_stock')).toEqual(['precio_stock']);
    expect(await refine('la glutamina la tenes en pote de 1 kg?', 'consulta_producto')).toEqual(['precio_stock']);
  });

  it('asking the price of a product we sell is posible_comprador (seed: "cuanto sale la whey?")', async () => {
    expect(await refine('que precio tiene el ganador de star?', 'consulta_producto')).toEqual(['posible_comprador']);
    expect(await refine('el ganador cuantas calorias tiene?', 'consulta_producto')).toEqual(['consulta_producto']);
  });

  it('an unsure fallback whose best guess was about products goes to the catalogue', async () => {
    const scores = [
      { id: 'precio_stock', confidence: 0.36 },
      { id: 'consulta_producto', confidence: 0.32 },
    ];
    expect(await refine('q sale la glutamina', 'otro', { unsure: true, scores })).toEqual(['posible_comprador']);
    expect(await refine('hay maca en polvo?', 'otro', { unsure: true, scores })).toEqual(['precio_stock']);
    // Not about products: the fallback stands.
    expect(await refine('que opinas del partido?', 'otro', { unsure: true, scores })).toEqual(['otro']);
  });

  it('health questions are farmacologia, complaints keep their intent', async () => {
    expect(await refine('tengo presion alta, puedo tomar el pre?', 'consulta_producto')).toEqual(['farmacologia']);
    expect(await refine('la creatina interactua con el ibuprofeno?', 'consulta_producto')).toEqual(['farmacologia']);
    expect(await refine('estoy embarazada, puedo tomar whey?', 'posible_comprador')).toEqual(['farmacologia']);
    expect(await refine('la whey vino vencida, es peligroso, quiero mi plata', 'reclamo')).toEqual(['reclamo']);
  });

  it('"¿y la de ENA?" right after a product answer asks the same about that brand', async () => {
    const afterWhey = { productos: ['whey-star-concentrada'], [PREVIOUS_INTENTS_KEY]: ['posible_comprador'] };
    expect(await refine('y la de ena?', 'otro', { memory: afterWhey })).toEqual(['posible_comprador']);
    // after another kind of answer, or with no product answered, the fallback stands
    expect(await refine('y la de ena?', 'otro', { memory: { ...afterWhey, [PREVIOUS_INTENTS_KEY]: ['consulta_entrenamiento'] } })).toEqual(['otro']);
    expect(await refine('y la de ena?', 'otro')).toEqual(['otro']);
  });

  it('a bare greeting the classifier hesitated on stays a greeting', async () => {
    expect(await refine('hola buenas', 'otro', { unsure: true })).toEqual(['saludo']);
  });

  it('keeps what a model decided with the catalogue in front of it', async () => {
    expect(await refine('tenes shaker?', 'precio_stock', { source: 'llm' })).toEqual(['precio_stock']);
  });
});
