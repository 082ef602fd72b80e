import { describe, expect, it } from 'vitest';
import { skillLines } from './data.ts';
import { createSkillDetector } from './detector.ts';
import { decideSkill } from './decide.ts';
import { shortReplyReader } from './short-replies.ts';

describe('shortReplyReader', () => {
  const words = { acknowledge: ['ok', 'tá bom', 'show de bola', 'entendi'], thanks: ['obrigado', 'valeu'], filler: ['então', 'muito'] };
  const read = shortReplyReader(words, 'pt');

  it('reads a message made only of acknowledgement words, with thanks, fillers, punctuation and emoji', () => {
    expect(read('ok')).toBe('acknowledge');
    expect(read('Tá bom então!!')).toBe('acknowledge');
    expect(read('show de bola 👍')).toBe('acknowledge');
    expect(read('ok, muito obrigado')).toBe('thanks');
    expect(read('entendi. valeu 🙏')).toBe('thanks');
  });

  it('needs an acknowledgement word, and no other word', () => {
    expect(read('obrigado')).toBeNull();
    expect(read('então')).toBeNull();
    expect(read('👍')).toBeNull();
    expect(read('ok, quero marcar para sexta')).toBeNull();
    expect(read('show de')).toBeNull();
  });

  it('never reads a question', () => {
    expect(read('ok?')).toBeNull();
    expect(read('tá bom pra você?')).toBeNull();
  });

  it('reads nothing in a language without acknowledgement words', () => {
    expect(shortReplyReader({ acknowledge: [], thanks: ['gracias'], filler: [] }, 'es')('gracias')).toBeNull();
  });
});

describe('Portuguese short acknowledgements in the built-in skills', () => {
  const detector = createSkillDetector({
    language: 'pt',
    domain: {
      agendar: ['quero marcar uma revisão', 'tem horário na quinta de manhã?', 'dá pra agendar troca de óleo?'],
      preco: ['quanto custa o alinhamento?', 'qual o valor da revisão completa?', 'aceitam cartão?'],
    },
  });
  const kind = (text: string) => decideSkill(detector.read(text)!)?.kind ?? null;

  it('has its word lists in the data', () => {
    const { shortReplies } = skillLines('pt');
    expect(shortReplies.acknowledge.length).toBeGreaterThan(10);
    expect(shortReplies.thanks.length).toBeGreaterThan(3);
  });

  it('answers slang acknowledgements and thanks beside them', () => {
    expect(kind('blz, obrigado')).toBe('thanks');
    expect(kind('beleza, vlw!')).toBe('thanks');
    expect(kind('ok')).toBe('acknowledge');
    expect(kind('tá bom')).toBe('acknowledge');
    expect(kind('fechado 👍')).toBe('acknowledge');
    expect(kind('ah, entendi')).toBe('acknowledge');
    expect(kind('show então')).toBe('acknowledge');
  });

  it('leaves a message with more in it to the bot', () => {
    expect(kind('ok, e quanto custa o alinhamento?')).toBeNull();
    expect(kind('beleza, quero marcar uma revisão')).toBeNull();
  });

  it('leaves a word the bot keeps using to the bot', () => {
    const pasta = createSkillDetector({ language: 'pt', domain: { pedido: ['a massa é feita na casa?', 'tem massa sem glúten?', 'quero uma massa com molho branco', 'qual massa vem no combo?'] } });
    expect(pasta.read('massa')!.shortReply).toBe('acknowledge');
    expect(decideSkill(pasta.read('massa')!)).toBeNull();
  });
});
