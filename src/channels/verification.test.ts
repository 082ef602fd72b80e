import { describe, expect, it } from 'vitest';
import { channelsConfigFromEnv } from './config.ts';
import { describeVerification, verificationOf } from './verification.ts';

const base = { EVOLUTION_BASE_URL: 'https://evo', EVOLUTION_API_KEY: 'k', CHATWOOT_BASE_URL: 'https://cw', WHATSAPP_TOKEN: 't' };

describe('channel verification', () => {
  it('is closed for a bot with no secret or token, naming what to set', () => {
    const cfg = channelsConfigFromEnv(base);
    for (const c of ['evolution', 'whatsapp', 'chatwoot'] as const) expect(verificationOf(cfg, c, 'shop').kind).toBe('closed');
    expect(verificationOf(cfg, 'evolution', 'my-shop')).toMatchObject({ fix: expect.stringContaining('EVOLUTION_WEBHOOK_TOKEN_MY_SHOP') });
  });

  it("a secret set for one bot opens no other bot's webhook", () => {
    const cfg = channelsConfigFromEnv({ ...base, CHATWOOT_WEBHOOK_SECRET_SALES: 's', EVOLUTION_WEBHOOK_TOKEN_SALES: 't', WHATSAPP_APP_SECRET_SALES: 'a' });
    for (const c of ['evolution', 'whatsapp', 'chatwoot'] as const) {
      expect(verificationOf(cfg, c, 'sales').kind).toBe('verified');
      expect(verificationOf(cfg, c, 'support').kind).toBe('closed');
    }
  });

  it('a shared secret covers the bots without their own, and says so', () => {
    const cfg = channelsConfigFromEnv({ ...base, EVOLUTION_WEBHOOK_TOKEN: 'shared', EVOLUTION_WEBHOOK_TOKEN_SALES: 'own' });
    expect(verificationOf(cfg, 'evolution', 'sales')).toEqual({ kind: 'verified', how: 'token EVOLUTION_WEBHOOK_TOKEN_SALES' });
    expect(verificationOf(cfg, 'evolution', 'support')).toEqual({ kind: 'verified', how: 'token EVOLUTION_WEBHOOK_TOKEN (shared)' });
  });

  it('opens only on the explicit insecure flag, and start-up names each channel, bot and how it is verified', () => {
    const closed = channelsConfigFromEnv({ ...base, CHATWOOT_WEBHOOK_SECRET: 'c' });
    const open = channelsConfigFromEnv({ ...base, CHATWOOT_WEBHOOK_SECRET: 'c', SWITCHBOARD_CHANNELS_INSECURE: '1' });
    expect(verificationOf(open, 'evolution', 'shop')).toEqual({ kind: 'open' });
    const lines = describeVerification(closed, ['shop']);
    expect(lines).toEqual([
      'Channels:',
      expect.stringMatching(/Evolution API \/webhooks\/evolution\/shop: webhooks refused/),
      expect.stringMatching(/WhatsApp Cloud API \/webhooks\/whatsapp\/shop: webhooks refused/),
      expect.stringMatching(/Chatwoot \/webhooks\/chatwoot\/shop: verified by signature X-Chatwoot-Signature with CHATWOOT_WEBHOOK_SECRET/),
    ]);
    expect(describeVerification(open, ['shop'])[1]).toMatch(/OPEN WITHOUT VERIFICATION/);
    expect(describeVerification(channelsConfigFromEnv({}), ['shop'])).toEqual([]);
  });
});
