// bot.yaml knowledgeTopics: the topic table picks the section, the search re-ranks, a short follow-up leans on
// the previous question.
import { describe, expect, it } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import { isShortFollowUp, searchByTopic, searchWithTopics, topicRouterFor } from './topic-search.ts';
import type { Passage } from './types.ts';

const base = {
  id: 'padaria',
  language: 'pt-BR',
  understanding: { fallback: 'outro' },
  intents: { duvida: { label: 'Dúvida' }, outro: { label: 'Outro' } },
};
const config = botConfigSchema.parse({
  ...base,
  knowledgeTopics: {
    expansions: { vcs: 'vocês', pgto: 'pagamento' },
    stopwords: 'vocês o a de do da e é',
    followUp: ['^e (?:o|a|os|as)? ?\\w+\\??$'],
    topics: [
      { section: 'Formas de pagamento', cues: ['pagamento|pagar|pix|cartão'] },
      { section: 'Entrega em casa', cues: ['entrega|entregam + bairro|casa|endereço'] },
    ],
  },
});

const DOCS: Passage[] = [
  { doc: 'loja.md', heading: 'Formas de pagamento', content: '## Formas de pagamento\nAceitamos pix, cartão de débito e crédito no balcão.', score: 0 },
  { doc: 'loja.md', heading: 'Entrega em casa', content: '## Entrega em casa\nEntregamos pães e bolos no bairro até as 18h, taxa fixa.', score: 0 },
  { doc: 'loja.md', heading: 'Encomendas de bolo', content: '## Encomendas de bolo\nBolos de aniversário com dois dias de antecedência, pagamento na retirada.', score: 0 },
];

/** A knowledge search that finds the documents sharing a word of four letters or more with the query. */
function fakeSearch(log: string[] = []) {
  const words = (s: string) => new Set(foldPreservingOffsets(s.toLowerCase()).match(/\p{L}{4,}/gu) ?? []);
  return async (query: string, limit = 3) => {
    log.push(query);
    const q = words(query);
    return DOCS.filter((d) => [...words(d.content)].some((w) => q.has(w))).slice(0, limit);
  };
}

describe('knowledgeTopics', () => {
  it('is optional: a bot without it has no topic router', () => {
    expect(topicRouterFor(botConfigSchema.parse(base))).toBeUndefined();
    expect(topicRouterFor(config)).toBe(topicRouterFor(config));
  });

  it('refuses an unknown key and a follow-up that is not a regex', () => {
    expect(() => botConfigSchema.parse({ ...base, knowledgeTopics: { topic: [] } })).toThrow();
    expect(() => botConfigSchema.parse({ ...base, knowledgeTopics: { followUp: ['(unclosed'] } })).toThrow();
  });

  it('puts the section the topic table names first, fetching it when the search missed it', async () => {
    const router = topicRouterFor(config)!;
    const log: string[] = [];
    // "pgto" is expanded; the wording shares no word with the payment section
    const found = await searchByTopic({ searchKnowledge: fakeSearch(log) }, router, 'qual o pgto que vcs aceitam na encomenda?');
    expect(found[0].heading).toBe('Formas de pagamento');
    expect(log[0]).toMatch(/Formas de pagamento$/);
  });

  it('ranks by shared words when no topic applies, and drops passages that share too little', async () => {
    const router = topicRouterFor(config)!;
    const found = await searchByTopic({ searchKnowledge: fakeSearch() }, router, 'bolos de aniversário precisam de quantos dias de antecedência');
    expect(found.map((p) => p.heading)).toEqual(['Encomendas de bolo']);
  });

  it('a short follow-up that finds nothing leans on the previous question', async () => {
    expect(isShortFollowUp('e o bolo?', config)).toBe(true);
    expect(isShortFollowUp('e o bolo de cenoura que vocês fazem aos domingos de manhã?', config)).toBe(false);
    expect(isShortFollowUp('e o bolo?', botConfigSchema.parse(base))).toBe(false);
    const ctx = { bot: config, text: 'e o sábado?', history: [{ role: 'user' as const, content: 'vocês entregam no meu bairro?' }], searchKnowledge: fakeSearch() };
    const alone = await searchByTopic(ctx, topicRouterFor(config)!, ctx.text);
    expect(alone).toEqual([]);
    expect((await searchWithTopics(ctx, topicRouterFor(config)!))[0].heading).toBe('Entrega em casa');
  });
});
