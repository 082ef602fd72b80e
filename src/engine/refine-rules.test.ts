import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema, type BotConfig } from '../bot/config.ts';
import type { Understanding } from '../nlu/types.ts';
import { checkRefinePredicates, keptIntents, PREVIOUS_INTENTS_KEY, refineByRules, refineTurnIntents } from './refine-rules.ts';
import type { RefinePredicate, RouteContext } from './types.ts';

/** A small shop (es) with a price entity, a brand gazetteer, a brand query and a topic table for shipping. */
function shop(refine: unknown[]): Record<string, unknown> {
  return {
    id: 'tienda',
    language: 'es',
    understanding: { fallback: 'otro', refine },
    intents: { comprar: { label: 'Comprar' }, envios: { label: 'Envíos' }, otro: { label: 'Otro' }, saludo: { label: 'Saludo' } },
    entities: [{ type: 'precio', pattern: '\\b(?:precio|cuanto sale)\\b' }],
    gazetteers: [{ type: 'marca', values: { ena: ['ena'], star: ['star nutrition', 'star'] } }],
    queries: { pedido: { marca: { kind: 'marca' } } },
    knowledgeTopics: { topics: [{ section: 'Envíos', cues: ['envio', '?correo'] }], followUp: ['^y\\b'] },
  };
}

const configOf = (rules: unknown[]): BotConfig => botConfigSchema.parse(shop(rules));

interface Turn {
  intents?: string[];
  understanding?: Partial<Understanding>;
  memory?: Record<string, unknown>;
}

function ctxOf(config: BotConfig, text: string, turn: Turn = {}): RouteContext {
  const intents = turn.intents ?? ['otro'];
  const understanding: Understanding = { intents: intents.map((id) => ({ id, confidence: 0.8 })), entities: [], language: 'es', source: 'local', ...turn.understanding };
  return { text, intents, understanding, memory: turn.memory ?? {}, session: {} as RouteContext['session'], bot: config, sql: undefined as unknown as RouteContext['sql'] };
}

/** The intents one rule `{ when, then: [comprar] }` gives the message. */
async function oneRule(when: Record<string, unknown>, text: string, turn: Turn = {}, predicates: Record<string, RefinePredicate> = {}): Promise<string[]> {
  return (await refineByRules(ctxOf(configOf([{ when, then: ['comprar'] }]), text, turn), predicates)).intents;
}

describe('understanding.refine conditions', () => {
  it('intents and only: one of the current intents, and a single one', async () => {
    expect(await oneRule({ intents: ['otro', 'envios'] }, 'hola', { intents: ['envios'] })).toEqual(['comprar']);
    expect(await oneRule({ intents: 'otro' }, 'hola', { intents: ['envios'] })).toEqual(['envios']);
    expect(await oneRule({ intents: 'otro', only: true }, 'hola', { intents: ['otro', 'envios'] })).toEqual(['otro', 'envios']);
    expect(await oneRule({ intents: 'otro', only: true }, 'hola', { intents: ['otro'] })).toEqual(['comprar']);
  });

  it('source and unsureBest: who understood, and local understanding unsure with that best guess', async () => {
    expect(await oneRule({ source: 'local' }, 'x', { understanding: { source: 'llm' } })).toEqual(['otro']);
    expect(await oneRule({ source: 'llm' }, 'x', { understanding: { source: 'llm' } })).toEqual(['comprar']);
    const scores = [{ id: 'envios', confidence: 0.4 }, { id: 'comprar', confidence: 0.35 }];
    expect(await oneRule({ unsureBest: ['envios'] }, 'x', { understanding: { unsure: true, scores } })).toEqual(['comprar']);
    expect(await oneRule({ unsureBest: ['comprar'] }, 'x', { understanding: { unsure: true, scores } })).toEqual(['otro']); // second guess only
    expect(await oneRule({ unsureBest: ['envios'] }, 'x', { understanding: { scores } })).toEqual(['otro']); // sure
  });

  it('previous: the intents the last answered turn kept in memory', async () => {
    expect(await oneRule({ previous: 'envios' }, 'y eso?', { memory: { [PREVIOUS_INTENTS_KEY]: ['envios'] } })).toEqual(['comprar']);
    expect(await oneRule({ previous: 'envios' }, 'y eso?', { memory: { [PREVIOUS_INTENTS_KEY]: ['saludo'] } })).toEqual(['otro']);
    expect(await oneRule({ previous: 'envios' }, 'y eso?')).toEqual(['otro']);
  });

  it('says and notSays: a regex entity or a gazetteer of that type in the message', async () => {
    expect(await oneRule({ says: 'precio' }, 'cuanto sale la creatina')).toEqual(['comprar']);
    expect(await oneRule({ says: 'marca' }, 'tenes la de ENA?')).toEqual(['comprar']);
    expect(await oneRule({ says: ['precio', 'marca'] }, 'cuanto sale la creatina')).toEqual(['otro']);
    expect(await oneRule({ notSays: 'marca' }, 'tenes la de ENA?')).toEqual(['otro']);
    expect(await oneRule({ notSays: 'marca' }, 'tenes creatina?')).toEqual(['comprar']);
  });

  it('maxWords, greeting and shortFollowUp read the text', async () => {
    expect(await oneRule({ maxWords: 3 }, 'y la de star?')).toEqual(['otro']);
    expect(await oneRule({ maxWords: 4 }, 'y la de star?')).toEqual(['comprar']);
    expect(await oneRule({ greeting: true }, 'hola buenas')).toEqual(['comprar']);
    expect(await oneRule({ greeting: false }, 'hola buenas')).toEqual(['otro']);
    expect(await oneRule({ shortFollowUp: true }, 'y para Córdoba?')).toEqual(['comprar']);
    expect(await oneRule({ shortFollowUp: true }, 'para Córdoba?')).toEqual(['otro']);
  });

  it('topic: any topic, one found by a strong cue, or none', async () => {
    expect(await oneRule({ topic: true }, 'cuanto tarda el envio')).toEqual(['comprar']);
    expect(await oneRule({ topic: true }, 'lo mandan por correo?')).toEqual(['comprar']);
    expect(await oneRule({ topic: 'strong' }, 'lo mandan por correo?')).toEqual(['otro']); // a weak cue
    expect(await oneRule({ topic: 'strong' }, 'cuanto tarda el envio')).toEqual(['comprar']);
    expect(await oneRule({ topic: false }, 'cuanto tarda el envio')).toEqual(['otro']);
  });

  it('reads: the query reads one of the fields', async () => {
    expect(await oneRule({ reads: { pedido: ['marca'] } }, 'quiero la de star nutrition')).toEqual(['comprar']);
    expect(await oneRule({ reads: { pedido: 'marca' } }, 'quiero creatina')).toEqual(['otro']);
  });

  it("check and notCheck: the bot's predicates, given the text and the turn", async () => {
    const seen: string[] = [];
    const predicates: Record<string, RefinePredicate> = {
      enStock: (text, ctx) => (seen.push(`${text}|${ctx.intents.join()}`), /creatina/.test(text)),
      caro: async (text) => /caro/.test(text),
    };
    expect(await oneRule({ check: 'enStock' }, 'tenes creatina?', {}, predicates)).toEqual(['comprar']);
    expect(seen).toEqual(['tenes creatina?|otro']);
    expect(await oneRule({ check: ['enStock', 'caro'] }, 'tenes creatina?', {}, predicates)).toEqual(['otro']);
    expect(await oneRule({ check: 'enStock', notCheck: 'caro' }, 'creatina, no muy cara', {}, predicates)).toEqual(['comprar']);
    expect(await oneRule({ notCheck: ['enStock'] }, 'tenes creatina?', {}, predicates)).toEqual(['otro']);
  });

  it('clauses: one clause meets `one` and another clause meets `other`', async () => {
    const predicates: Record<string, RefinePredicate> = { producto: (text) => /creatina/.test(text) };
    const clauses = { one: { check: 'producto', topic: false }, other: { topic: true } };
    expect(await oneRule({ clauses }, 'tenes creatina? y cuanto tarda el envio', {}, predicates)).toEqual(['comprar']);
    // one clause meeting both is not two
    expect(await oneRule({ clauses: { one: { check: 'producto' }, other: { topic: true } } }, 'la creatina por envio', {}, predicates)).toEqual(['otro']);
    expect(await oneRule({ clauses }, 'tenes creatina?', {}, predicates)).toEqual(['otro']);
  });
});

describe('understanding.refine rules', () => {
  it('the first rule that holds decides; `keep` stops with the intents as they are', async () => {
    const rules = [
      { when: { intents: 'envios' }, then: 'keep' },
      { when: { says: 'precio' }, then: ['comprar'] },
      { when: { says: 'precio' }, then: ['saludo'] },
    ];
    const config = configOf(rules);
    expect((await refineByRules(ctxOf(config, 'cuanto sale?'), {})).intents).toEqual(['comprar']);
    expect((await refineByRules(ctxOf(config, 'cuanto sale?', { intents: ['envios'] }), {})).intents).toEqual(['envios']);
    // `keep` stops even with `continue`
    const kept = configOf([{ when: {}, then: 'keep', continue: true }, ...rules.slice(1)]);
    expect(await refineByRules(ctxOf(kept, 'cuanto sale?'), {})).toEqual({ intents: ['otro'] });
  });

  it('`continue` lets the later rules read the new intents; `best` and `previous` give those intents', async () => {
    const rules = [
      { when: { intents: 'otro', unsureBest: ['envios', 'comprar'] }, then: 'best', continue: true },
      { when: { intents: 'envios', says: 'precio' }, then: ['comprar'] },
      { name: 'lo mismo', when: { says: 'marca' }, then: 'previous' },
    ];
    const config = configOf(rules);
    const unsure = { understanding: { unsure: true, scores: [{ id: 'envios', confidence: 0.4 }] } };
    expect(await refineByRules(ctxOf(config, 'cuanto sale el envio?', unsure), {})).toEqual({
      intents: ['comprar'],
      rule: 'understanding.refine[0]: otro → envios; understanding.refine[1]: envios → comprar',
    });
    expect(await refineByRules(ctxOf(config, 'y la de ena?', { memory: { [PREVIOUS_INTENTS_KEY]: ['comprar'] } }), {})).toEqual({
      intents: ['comprar'],
      rule: "understanding.refine[2] (lo mismo): otro → comprar",
    });
    // nothing to give: no previous turn
    expect(await refineByRules(ctxOf(config, 'y la de ena?'), {})).toEqual({ intents: ['otro'] });
  });

  it("the bot's refineIntents hook runs after the rules, on their result", async () => {
    const config = configOf([{ when: { greeting: true }, then: ['saludo'] }]);
    const seen: string[][] = [];
    const definition = { refineIntents: (ctx: RouteContext) => (seen.push(ctx.intents), [...ctx.intents, 'envios']) };
    expect(await refineTurnIntents(definition, ctxOf(config, 'hola'))).toEqual({ intents: ['saludo', 'envios'], rule: 'understanding.refine[0]: otro → saludo' });
    expect(seen).toEqual([['saludo']]);
  });

  it('keeps the answered intents for the next turn only when a rule reads them, and only when specialists answer', () => {
    const reads = configOf([{ when: { previous: 'envios' }, then: ['comprar'] }]);
    expect(keptIntents(reads, ['envios'], ['envios'])).toEqual({ [PREVIOUS_INTENTS_KEY]: ['envios'] });
    expect(keptIntents(reads, [], ['otro'])).toBeUndefined(); // the runtime answered (small talk, a handoff)
    expect(keptIntents(configOf([{ when: { says: 'precio' }, then: ['comprar'] }]), ['comprar'], ['comprar'])).toBeUndefined();
  });
});

describe('understanding.refine is checked', () => {
  const problems = (rules: unknown[], over: Record<string, unknown> = {}) => {
    const parsed = checkedBotConfigSchema.safeParse({ ...shop(rules), ...over });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('names intents, entity or gazetteer types, queries and fields that exist', () => {
    expect(problems([{ when: { intents: 'otro' }, then: ['comprar'] }])).toEqual([]);
    expect(problems([{ when: { intents: 'nada', previous: ['envios', 'nadie'] }, then: ['compra'] }])).toEqual([
      "understanding.refine.0.when.intents: 'nada' is not one of the intents (comprar, envios, otro, saludo)",
      "understanding.refine.0.when.previous: 'nadie' is not one of the intents (comprar, envios, otro, saludo)",
      "understanding.refine.0.then.0: 'compra' is not one of the intents (comprar, envios, otro, saludo)",
    ]);
    expect(problems([{ when: { says: 'talle', clauses: { one: { notSays: 'color' }, other: { reads: { cuerpo: 'altura', pedido: 'talle' } } } }, then: 'keep' }])).toEqual([
      "understanding.refine.0.when.says: 'talle' is neither a regex entity type (entities:) nor a gazetteer type (gazetteers:)",
      "understanding.refine.0.when.clauses.one.notSays: 'color' is neither a regex entity type (entities:) nor a gazetteer type (gazetteers:)",
      "understanding.refine.0.when.clauses.other.reads.cuerpo: 'cuerpo' is not one of the queries (queries:)",
      "understanding.refine.0.when.clauses.other.reads.pedido: 'talle' is not a field of queries.pedido",
    ]);
    expect(problems([{ when: { topic: true }, then: 'keep' }], { knowledgeTopics: undefined })).toEqual(['understanding.refine.0.when: topic and shortFollowUp need knowledgeTopics']);
    expect(problems([{ when: { intents: 'otro', unknown: true }, then: 'keep' }])).toHaveLength(1);
  });

  it("names predicates the bot's code gives (when the bot loads)", () => {
    const config = configOf([{ when: { check: 'enStock', clauses: { one: {}, other: { notCheck: ['enStock', 'caro'] } } }, then: ['comprar'] }]);
    expect(() => checkRefinePredicates(config, { predicates: { enStock: () => true } })).toThrow(
      "bot 'tienda': understanding.refine[0].when.clauses.other.notCheck names 'caro', which the bot's index.ts does not export in predicates",
    );
    expect(() => checkRefinePredicates(config, {})).toThrow("understanding.refine[0].when.check names 'enStock'");
    expect(() => checkRefinePredicates(config, { predicates: { enStock: () => true, caro: () => false } })).not.toThrow();
  });
});
