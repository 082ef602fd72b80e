import { describe, expect, it } from 'vitest';
import { runtimeReply } from './runtime-replies.ts';

describe('runtime replies', () => {
  it("are the bot's own when it has them; write_failed falls back to its error line", () => {
    expect(runtimeReply('error', 'pt-BR', { error: 'Deu ruim.' })).toBe('Deu ruim.');
    expect(runtimeReply('write_failed', 'pt-BR', { error: 'Deu ruim.' })).toBe('Deu ruim.');
    expect(runtimeReply('write_failed', 'pt-BR', { error: 'Deu ruim.', write_failed: 'Não salvei.' })).toBe('Não salvei.');
  });

  it("are the runtime's in the bot's language otherwise, English for a language it has no lines in", () => {
    expect(runtimeReply('blocked_unknown_user', 'es-MX', {})).toMatch(/inicia sesión/);
    expect(runtimeReply('write_failed', 'vi', {})).toMatch(/đã được lưu/);
    expect(runtimeReply('error', 'pt-PT', {})).toMatch(/Desculpe/);
    expect(runtimeReply('error', 'fr-FR', {})).toMatch(/^Sorry/);
  });
});
