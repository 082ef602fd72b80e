import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema, normalize, repeatedExamples } from 'switchboard/testing';
import { defaultCatalog, findProducts, formatAmount, stockPhrase, unknownProductQuery } from './catalog.ts';

const mentionsUnknownProduct = (text: string) => unknownProductQuery(text) !== undefined;

const config = botConfigSchema.parse(parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8')));

// The shop's intent table: id → [label, handoff by default].
const SEED_INTENTS: Record<string, [string, boolean]> = {
  posible_comprador: ['Posible comprador', false],
  consulta_producto: ['Pregunta por producto', false],
  problema_entrega: ['Problema con entrega', true],
  reclamo: ['Reclamo', true],
  farmacologia: ['Farmacologia / Quimica', true],
  hablar_dueno: ['Quiere hablar con Mauri', true],
  precio_stock: ['Precio o stock no disponible', true],
  consulta_entrenamiento: ['Consulta de entrenamiento', false],
  saludo: ['Saludo / Inicio', false],
  otro: ['Otro', false],
};

describe('la-formula bot.yaml', () => {
  it('has the seed intents with their labels and handoff defaults', () => {
    expect(config.id).toBe('la-formula');
    expect(config.language).toBe('es-AR');
    expect(config.timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(Object.keys(config.intents)).toEqual(Object.keys(SEED_INTENTS));
    for (const [id, [label, handoff]] of Object.entries(SEED_INTENTS)) {
      expect(config.intents[id], id).toMatchObject({ label, handoff, predefined: true });
    }
    expect(config.understanding).toMatchObject({
      fallback: 'otro',
      exclusive: ['saludo', 'otro'],
      multiIntent: false,
      taggedReplies: true,
    });
    expect(config.handoff).toMatchObject({ timeout_minutes: 30, reset_on_greeting: true });
    expect(config.handoff.resume_message).toBe('[Sistema] Nico retomó la conversación');
  });

  it('has at least 35 examples per intent and no example in two intents', () => {
    for (const [id, intent] of Object.entries(config.intents)) expect(intent.examples.length, id).toBeGreaterThanOrEqual(35);
    expect(repeatedExamples(config.intents, 'es')).toEqual([]);
  });

  it('agrees with the catalogue: precio_stock examples ask for data it lacks, product examples do not', () => {
    // A precio_stock example either names what we lack, or names no product at all (a follow-up
    // whose product is in the conversation, e.g. "en sabor banana la tenes?").
    const stockExamples = config.intents.precio_stock.examples;
    for (const ex of stockExamples) {
      if (!mentionsUnknownProduct(ex)) expect(findProducts(defaultCatalog, ex), ex).toEqual([]);
    }
    expect(stockExamples.filter((ex) => mentionsUnknownProduct(ex)).length / stockExamples.length).toBeGreaterThan(0.6);
    for (const id of ['posible_comprador', 'consulta_producto', 'farmacologia', 'saludo']) {
      for (const ex of config.intents[id].examples) expect(mentionsUnknownProduct(ex), `${id}: ${ex}`).toBe(false);
    }
    // Most product and buying examples name something we sell.
    const named = config.intents.consulta_producto.examples.filter((ex) => findProducts(defaultCatalog, ex).length > 0);
    expect(named.length / config.intents.consulta_producto.examples.length).toBeGreaterThan(0.7);
  });

  it('greeting patterns catch openers and nothing else', () => {
    const res = config.greetings.map((g) => new RegExp(g, 'i'));
    const isGreeting = (t: string) => res.some((r) => r.test(normalize(t, 'es')));
    for (const t of ['Hola', 'holis', 'Buenass!', 'buen día', 'Buenas tardes', 'hey', 'Qué tal', 'che que tal', 'holaaa nico', 'eyyy']) {
      expect(isGreeting(t), t).toBe(true);
    }
    for (const t of ['no me llego el pedido', 'cuanto sale la whey?', 'eyeliner', 'olas', 'pasame con Mauri']) {
      expect(isGreeting(t), t).toBe(false);
    }
  });

  it('fills the product template from the catalogue', () => {
    const creatina = defaultCatalog.find((p) => p.id === 'creatina-star-300')!;
    const text = config.replies.product_answer
      .replace('{nombre}', creatina.name)
      .replace('{precio}', formatAmount(creatina.price))
      .replace('{stock}', stockPhrase(creatina.stock, config.replies));
    expect(text).toBe('Creatina Monohidratada Star Nutrition 300 g está a $24.900 y hay stock.');
    expect(config.handoff.message).toMatch(/Mauri/);
  });

  it('ships knowledge documents split into ## sections', () => {
    const dir = new URL('./knowledge/', import.meta.url);
    const docs = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(docs.length).toBeGreaterThanOrEqual(5);
    const all = docs.map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n').toLowerCase();
    for (const word of ['envío', 'mercado pago', 'cuotas', 'transferencia', 'efectivo', 'horarios', 'cambiar', 'devol']) {
      expect(all, word).toContain(word);
    }
    for (const f of docs) expect(readFileSync(new URL(f, dir), 'utf8'), f).toMatch(/^## /m);
  });
});
