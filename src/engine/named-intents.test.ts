import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema } from '../bot/config.ts';
import { extractEntities } from '../nlu/entities/index.ts';
import type { Understanding } from '../nlu/types.ts';
import { applyNamedIntents } from './named-intents.ts';

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

const understood = (text: string, over: Partial<Understanding> = {}): Understanding => ({
  intents: [{ id: 'produto', confidence: 0.9 }],
  entities: extractEntities(text, { lang: 'pt', now: new Date('2026-03-09T12:00:00Z'), timeZone: 'America/Sao_Paulo', gazetteers: config.gazetteers }),
  language: 'pt',
  source: 'local',
  ...over,
});

describe('a gazetteer with an intent', () => {
  it('makes a message naming one of its values that intent, whatever the classifier read', () => {
    const u = understood('vocês vendem vermifugo pra filhote?', { unsure: true, skill: { kind: 'out_of_scope', confidence: 0.9 } });
    applyNamedIntents(config, u);
    expect(u.intents).toEqual([{ id: 'veterinario', confidence: 1 }]);
    expect(u.unsure).toBeUndefined();
    expect(u.skill).toBeUndefined();
  });

  it('matches a small typo, keeps a request for a person, and leaves other messages alone', () => {
    const typo = understood('preciso de um antibiotco pro gato', { skill: { kind: 'human', confidence: 0.9 } });
    applyNamedIntents(config, typo);
    expect(typo.intents[0].id).toBe('veterinario');
    expect(typo.skill?.kind).toBe('human');
    const plain = understood('tem ração de gato castrado?');
    applyNamedIntents(config, plain);
    expect(plain.intents).toEqual([{ id: 'produto', confidence: 0.9 }]);
  });

  it('must name one of the intents', () => {
    const bad = checkedBotConfigSchema.safeParse({ ...yaml, gazetteers: [{ ...yaml.gazetteers[0], intent: 'vet' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['gazetteers', 0, 'intent']);
  });
});
