import { describe, expect, it } from 'vitest';
import { botPaused, checkOperatorReply, checkTransition, handoffTimedOut, isGreeting, isOnlyGreeting } from './index.ts';

describe('handoff modes', () => {
  it('pauses the bot in pending and human modes only', () => {
    expect(botPaused('bot')).toBe(false);
    expect(botPaused('handoff_pending')).toBe(true);
    expect(botPaused('human')).toBe(true);
  });

  it('times out at exactly timeout_minutes, not before', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(handoffTimedOut('human', at, 30, new Date('2026-01-01T10:29:59Z'))).toBe(false);
    expect(handoffTimedOut('human', at, 30, new Date('2026-01-01T10:30:00Z'))).toBe(true);
    expect(handoffTimedOut('bot', at, 30, new Date('2026-01-01T12:00:00Z'))).toBe(false);
    expect(handoffTimedOut('human', null, 30, new Date())).toBe(false);
  });

  it('tells a greeting and nothing more from a nudge that opens with one', () => {
    for (const [text, lang] of [['oi', 'pt-BR'], ['Bom dia, tudo bem?', 'pt-BR'], ['hola gente!', 'es-AR'], ['chào shop ơi', 'vi'], ['hello there', 'en']])
      expect(isOnlyGreeting(text, lang), text).toBe(true);
    for (const [text, lang] of [['oi? cadê vocês?', 'pt-BR'], ['oi?', 'pt-BR'], ['olá, alguém me responde', 'pt-BR'], ['alô?', 'pt-BR'], ['hola, sigo esperando', 'es-AR'], ['chào, sao lâu vậy', 'vi']])
      expect(isOnlyGreeting(text, lang), text).toBe(false);
  });

  it('recognises greetings per language, with or without accents', () => {
    expect(isGreeting('Hola che', 'es-AR')).toBe(true);
    expect(isGreeting('Buen día!', 'es-AR')).toBe(true);
    expect(isGreeting('qué tal?', 'es-AR')).toBe(true);
    expect(isGreeting('no me llegó el pedido, hola?', 'es-AR')).toBe(false);
    expect(isGreeting('Olá, tudo bem?', 'pt-BR')).toBe(true);
    expect(isGreeting('holanda', 'es-AR')).toBe(false);
    expect(isGreeting('xin chào shop', 'vi')).toBe(true);
    expect(isGreeting('yo buenas', 'es-AR', ['^yo buenas'])).toBe(true);
  });

  it('refuses no-op transitions and operator replies in bot mode', () => {
    expect(checkTransition('bot', 'bot')).toMatch(/already in mode 'bot'/);
    expect(checkTransition('bot', 'handoff_pending')).toBeNull();
    expect(checkOperatorReply('bot')).toMatch(/hand it off/);
    expect(checkOperatorReply('handoff_pending')).toBeNull();
  });
});
