import { describe, expect, it } from 'vitest';
import type { BotConfig } from '../bot/config.ts';
import { orderText, transcriptLine, unreadableLine } from './texts.ts';

const bot = (language: string, replies: Record<string, string> = {}) => ({ language, replies }) as unknown as BotConfig;

describe('channel texts', () => {
  it('gives each unreadable kind one line in the bot language, overridable from bot.yaml replies', () => {
    expect(unreadableLine(bot('en'), 'audio')).toEqual({ text: "For now I can't listen to voice messages. Could you type it for me?", intent: 'audio_unsupported' });
    expect(unreadableLine(bot('en'), 'image').intent).toBe('media_unsupported');
    expect(unreadableLine(bot('pt-BR'), 'unsupported')).toEqual({ text: 'Não consegui abrir esse tipo de mensagem. Pode me escrever?', intent: 'message_unsupported' });
    expect(unreadableLine(bot('es-MX'), 'audio').text).toBe('Por ahora no puedo escuchar audios. ¿Me lo puedes escribir?');
    expect(unreadableLine(bot('es-AR'), 'audio').text).toBe('Por ahora no puedo escuchar audios. ¿Me lo podés escribir?');
    expect(unreadableLine(bot('vi', { audio_unsupported: 'Gõ chữ giúp shop nha!' }), 'audio').text).toBe('Gõ chữ giúp shop nha!');
  });

  it('writes a catalogue order as text, and labels every kind but text in the transcript', () => {
    const order = { items: [{ product: 'SKU-9', quantity: 3 }], note: 'para hoje' };
    expect(orderText(bot('pt-BR'), order)).toBe('Pedido do catálogo: 3 × SKU-9. para hoje');
    expect(orderText(bot('en', { channel_order: 'Cart: {items}' }), { items: order.items })).toBe('Cart: 3 × SKU-9');
    expect(orderText(bot('en'), { items: [] })).toBeNull();
    expect(transcriptLine(bot('pt-BR'), { kind: 'sticker', text: null })).toBe('[figurinha]');
    expect(transcriptLine(bot('en'), { kind: 'reaction', text: null, detail: '🔥' })).toBe('[reaction] 🔥');
    expect(transcriptLine(bot('vi'), { kind: 'image', text: 'màu này còn không?' })).toBe('[hình ảnh] màu này còn không?');
    expect(transcriptLine(bot('en'), { text: 'hello' })).toBe('hello');
  });
});
