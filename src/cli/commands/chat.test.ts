import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.ts';
import { chatTarget, toolLine } from './chat.ts';

describe('switchboard chat: which bot', () => {
  it('takes an id with or without --bots-dir, or a path to a bot folder', () => {
    expect(chatTarget('ct-smash')).toEqual({ botId: 'ct-smash', botsDir: undefined, only: ['ct-smash'] });
    expect(chatTarget('clinica', 'examples')).toEqual({ botId: 'clinica', botsDir: resolve('examples'), only: ['clinica'] });
    const folder = resolve(projectRoot, 'examples', 'la-cazuela');
    expect(chatTarget(folder)).toEqual({ botId: 'la-cazuela', botsDir: resolve(projectRoot, 'examples'), only: ['la-cazuela'] });
    expect(chatTarget(undefined)).toEqual({ botId: undefined, botsDir: undefined, only: undefined });
  });
});

describe('switchboard chat: tool lines', () => {
  it('adds "…" to a tool name, not to a label that ends in one', () => {
    expect(toolLine(undefined, 'knowledgeSearch')).toBe('knowledgeSearch…');
    expect(toolLine('Buscando en el vivero…', 'buscarPlanta')).toBe('Buscando en el vivero…');
    expect(toolLine('Searching...', 'search')).toBe('Searching...');
    expect(toolLine('Checking stock', 'stock')).toBe('Checking stock…');
  });
});
