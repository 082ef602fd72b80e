import { describe, expect, it } from 'vitest';
import { botConfigSchema } from './config.ts';

const bot = (settings: unknown) =>
  botConfigSchema.safeParse({ id: 'loja', language: 'es-AR', understanding: { fallback: 'otro' }, intents: { otro: { label: 'Otro' } }, settings });

describe('settings.channels in bot.yaml', () => {
  it('accepts a WhatsApp reopen template, and leaves the other settings free', () => {
    expect(bot({ horario: '9 a 18', channels: { whatsapp: { phone_number_id: '123', groups: true, reopenTemplate: { name: 'retomar_charla', language: 'es_AR' } } } }).success).toBe(true);
    expect(bot({ cualquier: { cosa: 1 } }).success).toBe(true);
  });

  it('refuses a malformed template or channel setting at load, naming where', () => {
    const bad = bot({ channels: { whatsapp: { reopenTemplate: { name: 'Retomar Charla', language: 'es_AR' } } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['settings', 'channels', 'whatsapp', 'reopenTemplate', 'name']);
    expect(bot({ channels: { whatsapp: { reopenTemplate: 'retomar_charla' } } }).success).toBe(false);
    expect(bot({ channels: { whatsapp: { groups: 'yes' } } }).success).toBe(false);
  });
});
