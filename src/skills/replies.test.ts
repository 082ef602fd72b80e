import { describe, expect, it } from 'vitest';
import { isRioplatense, skillReply } from './replies.ts';

describe("the runtime's skill replies", () => {
  it('speak neutral Spanish unless the bot is Rioplatense', () => {
    expect(skillReply('bot_question', 'es-MX')).toMatch(/prefieres.*pídemelo/);
    expect(skillReply('bot_question', 'es')).toMatch(/prefieres/);
    expect(skillReply('bot_question', 'es-AR')).toMatch(/preferís.*pedímelo/);
    expect(skillReply('thanks', 'es-UY')).toMatch(/necesitás/);
    expect(skillReply('greeting', 'es-AR')).toBe(skillReply('greeting', 'es-MX'));
    expect(isRioplatense('es-ar')).toBe(true);
    expect(isRioplatense('es-ES')).toBe(false);
  });

  it("prefer the bot's own text", () => {
    expect(skillReply('thanks', 'es-MX', { thanks: '¡A la orden!' })).toBe('¡A la orden!');
    expect(skillReply('thanks', 'pt-BR')).toMatch(/Por nada/);
  });
});
