// Reading behaviours a bot declares in bot.yaml rather than finds by experiment: a word two gazetteers list is an
// entity of each, a regex entity with `asked: true` answers its slot in every reading mode, and regex entities
// beside a gazetteer of the same type hide neither.
import { describe, expect, it } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import { extractEntities } from '../nlu/index.ts';
import { fromEntities } from './from-entities.ts';
import { readFormSlots } from './reading.ts';

const now = new Date('2026-03-09T12:00:00-03:00');
const bot = (read: 'entities' | 'message') =>
  botConfigSchema.parse({
    id: 'oficina-teste',
    language: 'pt-BR',
    understanding: { fallback: 'outro' },
    intents: { agendar: { label: 'Agendar', examples: ['quero agendar'] }, outro: { label: 'Outro', examples: ['oi'] } },
    gazetteers: [
      { type: 'servico', values: { alinhamento: ['alinhar'], balanceamento: [] } },
      { type: 'sintoma', values: { alinhamento: ['puxando pro lado'], barulho: ['rangendo'] } },
      { type: 'placa', values: { 'sem placa': ['nao tem placa', 'carro novo'] } },
    ],
    entities: [{ type: 'placa', pattern: '\\b([a-z]{3}-?\\d[a-z0-9]\\d{2})\\b', asked: true }],
    forms: {
      agendar: {
        read,
        done: 'ok',
        slots: { servico: { kind: 'servico', ask: 'Qual serviço?' }, sintoma: { kind: 'sintoma', ask: 'O que sente?', required: false }, placa: { kind: 'placa', ask: 'A placa?' } },
      },
    },
  });

describe('declared reading', () => {
  it('tags a word several gazetteers list with each of their types', () => {
    const config = bot('entities');
    const entities = extractEntities('preciso de alinhamento', { lang: 'pt', now, gazetteers: config.gazetteers });
    expect(entities.map((e) => [e.type, e.value, e.start, e.end]).sort()).toEqual([
      ['servico', 'alinhamento', 11, 22],
      ['sintoma', 'alinhamento', 11, 22],
    ]);
    const read = fromEntities(config.forms.agendar, { text: 'preciso de alinhamento', declared: config.entities, lang: 'pt' }, {}, undefined, entities);
    expect(Object.fromEntries(read)).toEqual({ servico: 'alinhamento', sintoma: 'alinhamento' });
  });

  it('reads an `asked` regex entity for the slot asked in the default reading mode, and only then', () => {
    const config = bot('entities');
    const read = (text: string, pending?: string) =>
      Object.fromEntries(fromEntities(config.forms.agendar, { text, declared: config.entities, lang: 'pt' }, { servico: 'alinhamento' }, pending, extractEntities(text, { lang: 'pt', now, gazetteers: config.gazetteers, patterns: config.entities })));
    // Read on the folded text, as the slot readers read it.
    expect(read('é ABC-1D23', 'placa')).toEqual({ placa: 'abc-1d23' });
    expect(read('é ABC-1D23')).toEqual({});
  });

  it('reads regex entities and then the gazetteer of the same type with `read: message`', () => {
    const config = bot('message');
    const read = (text: string, asking: string[]) => readFormSlots(config, config.forms.agendar, { text, asking });
    expect(read('abc1d23', ['placa'])).toEqual({ placa: 'abc1d23' });
    expect(read('é carro novo, não tem placa ainda', ['placa'])).toEqual({ placa: 'sem placa' });
  });
});
