import { describe, expect, it } from 'vitest';
import { fillOrOmit, fillTemplate } from './narration.ts';

describe('reply templates', () => {
  it('fills placeholders and keeps unknown ones visible in a reply', () => {
    expect(fillTemplate('Oi{name_suffix}! Sua aula é {data}.', { name_suffix: ', Ana', data: '12/03' })).toBe('Oi, Ana! Sua aula é 12/03.');
    expect(fillTemplate('Oi{name_suffix}!')).toBe('Oi{name_suffix}!');
  });

  it('leaves out what an opening message cannot know yet', () => {
    expect(fillOrOmit('Oi{name_suffix}! Eu sou a assistente.')).toBe('Oi! Eu sou a assistente.');
    expect(fillOrOmit('Hello {name} and welcome')).toBe('Hello and welcome');
    expect(fillOrOmit('Oi{name_suffix}!', { name_suffix: ', Ana' })).toBe('Oi, Ana!');
  });
});
