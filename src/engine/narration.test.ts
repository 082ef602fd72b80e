import { describe, expect, it } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import { fillOrOmit, fillTemplate } from '../template/index.ts';
import { narrate } from './narration.ts';

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

describe('narrate', () => {
  const bot = (replies: Record<string, string>) => ({
    definition: { specialists: {} },
    config: botConfigSchema.parse({ id: 'loja', language: 'pt-BR', understanding: { fallback: 'outro' }, intents: { outro: { label: 'Outro' } }, replies }),
  });
  const seg = (text: string, ok = true) => ({ intent: 'outro', text, ok });

  it('ends every answer with replies.closing when the bot has one', () => {
    expect(narrate(bot({ closing: 'Posso ajudar em mais alguma coisa?' }), [seg('Abrimos às 8h.'), seg('O frete é grátis.')], ['outro']))
      .toBe('Abrimos às 8h.\n\nO frete é grátis.\n\nPosso ajudar em mais alguma coisa?');
    expect(narrate(bot({ closing: 'Mais algo?', error: 'Deu erro.' }), [seg('', false)], ['outro'])).toBe('Deu erro.\n\nMais algo?');
  });

  it('adds nothing without it, and a turn with nothing to say gets the fallback alone', () => {
    expect(narrate(bot({}), [seg('Abrimos às 8h.')], ['outro'])).toBe('Abrimos às 8h.');
    expect(narrate(bot({ closing: 'Mais algo?', general_fallback: 'Não entendi.' }), [seg('  ')], ['outro'])).toBe('Não entendi.');
  });

  it("says a failed part in the bot's language when the bot has no error reply of its own", () => {
    expect(narrate(bot({}), [seg('Abrimos às 8h.'), seg('', false)], ['outro'])).toBe('Abrimos às 8h.\n\nDesculpe, não consegui responder a uma parte do seu pedido agora.');
  });
});
