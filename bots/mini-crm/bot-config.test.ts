import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema } from 'switchboard/testing';
import type { CrmStore } from './store.ts';
import { createCrmTools } from './tools.ts';

const config = botConfigSchema.parse(parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8')));

describe('bot.yaml', () => {
  it('validates', () => {
    expect(config.id).toBe('mini-crm');
    expect(config.language).toBe('pt-BR');
    expect(config.understanding).toMatchObject({ mode: 'local', fallback: 'ajuda', exclusive: ['ajuda'], multiIntent: true });
    expect(config.replies.ajuda).toMatch(/mini-CRM/);
  });

  it('gives every intent an action, each calling one of the CRM tools', () => {
    const tools = Object.keys(createCrmTools({} as CrmStore));
    expect(Object.keys(config.actions!.intents).sort()).toEqual(Object.keys(config.intents).sort());
    const used = [...Object.values(config.actions!.intents).flatMap((a) => (a.tool ? [a.tool] : [])), ...Object.values(config.actions!.resolve).map((r) => r.tool)];
    expect(used.sort()).toEqual(tools.sort());
  });

  it('has at least 20 distinct examples per intent', () => {
    for (const [id, intent] of Object.entries(config.intents)) {
      expect(intent.examples.length, id).toBeGreaterThanOrEqual(20);
      expect(new Set(intent.examples.map((e) => e.toLowerCase())).size, id).toBe(intent.examples.length);
    }
  });
});
