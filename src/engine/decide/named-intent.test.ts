import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema } from '../../bot/config.ts';
import { extractEntities } from '../../nlu/entities/index.ts';
import type { Understanding } from '../../nlu/types.ts';
import { asNamed, namedIntent, namedIntentPolicy } from './named-intent.ts';
import type { LoadedBot } from '../registry.ts';

const yaml = {
  id: 'pet-shop',
  language: 'pt-BR',
  understanding: { fallback: 'outro' },
  intents: {
    produto: { label: 'Produto', examples: ['tem ração de gato?'] },
    veterinario: { label: 'Veterinário', handoff: true, examples: ['meu cachorro está doente'] },
    outro: { label: 'Outro', examples: ['oi'] },
  },
  gazetteers: [{ type: 'remedio', intent: 'veterinario', values: { vermifugo: ['vermífugo', 'antipulgas'], antibiotico: [] } }],
};
const config = botConfigSchema.parse(yaml);
const notWaiting = { workflow: false, forms: [], cancel: false };

const understood = (text: string, over: Partial<Understanding> = {}): Understanding => ({
  intents: [{ id: 'produto', confidence: 0.9 }],
  entities: extractEntities(text, { lang: 'pt', now: new Date('2026-03-09T12:00:00Z'), timeZone: 'America/Sao_Paulo', gazetteers: config.gazetteers }),
  language: 'pt',
  source: 'local',
  ...over,
});

describe('a gazetteer with an intent', () => {
  it('makes a message naming one of its values that intent, whatever the classifier read', () => {
    const u = Object.freeze(understood('vocês vendem vermifugo pra filhote?', { unsure: true, skill: { kind: 'out_of_scope', confidence: 0.9 } }));
    const intent = namedIntent(config, u, notWaiting);
    expect(intent).toBe('veterinario');
    const named = asNamed(u, intent!);
    expect(named.intents).toEqual([{ id: 'veterinario', confidence: 1 }]);
    expect(named.unsure).toBeUndefined();
    expect(named.skill).toBeUndefined();
    expect(u.intents).toEqual([{ id: 'produto', confidence: 0.9 }]);
  });

  it('matches a small typo, keeps a request for a person, and leaves other messages alone', () => {
    const typo = understood('preciso de um antibiotco pro gato', { skill: { kind: 'human', confidence: 0.9 } });
    expect(namedIntent(config, typo, notWaiting)).toBe('veterinario');
    expect(asNamed(typo, 'veterinario').skill?.kind).toBe('human');
    expect(namedIntent(config, understood('tem ração de gato castrado?'), notWaiting)).toBeNull();
  });

  it('names nothing while a form waits for an answer', () => {
    expect(namedIntent(config, understood('vermifugo'), { workflow: false, forms: ['produto'], cancel: false })).toBeNull();
  });

  it("decides the route as the bot's own reading of the named intent (a handoff intent hands off)", async () => {
    const bot = { config, intents: config.intents, language: 'pt', definition: { specialists: {} } } as unknown as LoadedBot;
    const d = await namedIntentPolicy.decide({ bot, understanding: understood('tem vermífugo?'), waiting: notWaiting, modelFailed: false });
    expect(d).toMatchObject({ policy: 'named_intent', intents: [{ id: 'veterinario', confidence: 1 }], handoff: { reason: 'Veterinário', intent: 'veterinario' }, routes: [] });
    expect(d?.why).toMatch(/remedio|veterinario/);
  });

  it('must name one of the intents', () => {
    const bad = checkedBotConfigSchema.safeParse({ ...yaml, gazetteers: [{ ...yaml.gazetteers[0], intent: 'vet' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['gazetteers', 0, 'intent']);
  });
});
