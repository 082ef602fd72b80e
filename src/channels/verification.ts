// How each bot's webhooks of each channel are verified. A channel is closed unless opened on purpose: a bot
// with no secret or token for a channel refuses its webhooks, unless the operator sets
// SWITCHBOARD_CHANNELS_INSECURE=1. Secrets are per bot (<VARIABLE>_<BOT>), a shared one covering the bots
// without their own; start-up names, per channel and bot, which one is in force.
import { envSuffix, type ChannelsConfig } from './config.ts';
import type { ChannelName } from './types.ts';

/** A secret in force and the variable it came from (named in logs and errors, never the value). */
export interface NamedSecret {
  value: string;
  variable: string;
}

/** A bot's own secret (`<prefix>_<BOT>`), else the shared one (`<prefix>`). */
function secretOf(own: Record<string, string>, shared: string | undefined, prefix: string, bot: string | undefined): NamedSecret | undefined {
  const suffix = bot === undefined ? undefined : envSuffix(bot);
  if (suffix !== undefined && own[suffix]) return { value: own[suffix], variable: `${prefix}_${suffix}` };
  return shared ? { value: shared, variable: prefix } : undefined;
}

/** Evolution: the webhook token a bot's webhooks must carry. */
export const evolutionToken = (cfg: ChannelsConfig, bot: string) =>
  cfg.evolution ? secretOf(cfg.evolution.webhookTokens, cfg.evolution.webhookToken, 'EVOLUTION_WEBHOOK_TOKEN', bot) : undefined;

/** Cloud API: the app secret that signs a bot's webhooks (`bot` undefined: the shared route /webhooks/whatsapp). */
export const cloudAppSecret = (cfg: ChannelsConfig, bot?: string) => (cfg.whatsapp ? secretOf(cfg.whatsapp.appSecrets, cfg.whatsapp.appSecret, 'WHATSAPP_APP_SECRET', bot) : undefined);

/** Chatwoot: the signing secrets a bot's webhooks may be signed with (Agent Bot's, account webhook's). */
export function chatwootSecrets(cfg: ChannelsConfig, bot: string): NamedSecret[] {
  const cw = cfg.chatwoot;
  if (!cw) return [];
  return [secretOf(cw.webhookSecrets, cw.webhookSecret, 'CHATWOOT_WEBHOOK_SECRET', bot), secretOf(cw.accountWebhookSecrets, cw.accountWebhookSecret, 'CHATWOOT_ACCOUNT_WEBHOOK_SECRET', bot)].filter(
    (s): s is NamedSecret => s !== undefined,
  );
}

/** Chatwoot: the `?token=` of older servers that sign nothing. */
export const chatwootToken = (cfg: ChannelsConfig, bot: string) => (cfg.chatwoot ? secretOf(cfg.chatwoot.webhookTokens, cfg.chatwoot.webhookToken, 'CHATWOOT_WEBHOOK_TOKEN', bot) : undefined);

/** What a bot's webhooks of a channel must prove: 'open' only when nothing is configured and the insecure flag is set. */
export type Verification = { kind: 'verified'; how: string } | { kind: 'open' } | { kind: 'closed'; fix: string };

export function verificationOf(cfg: ChannelsConfig, channel: ChannelName, bot: string): Verification {
  const how: string[] = [];
  if (channel === 'evolution') {
    const t = evolutionToken(cfg, bot);
    if (t) how.push(`token ${t.variable}${t.variable === 'EVOLUTION_WEBHOOK_TOKEN' ? ' (shared)' : ''}`);
  } else if (channel === 'whatsapp') {
    const s = cloudAppSecret(cfg, bot);
    if (s) how.push(`signature X-Hub-Signature-256 with ${s.variable}`);
  } else {
    const secrets = chatwootSecrets(cfg, bot);
    if (secrets.length) how.push(`signature X-Chatwoot-Signature with ${secrets.map((s) => s.variable).join(' or ')}`);
    const t = chatwootToken(cfg, bot);
    if (t) how.push(`token ${t.variable}`);
  }
  if (how.length) return { kind: 'verified', how: how.join(' + ') };
  if (cfg.insecure) return { kind: 'open' };
  return { kind: 'closed', fix: FIX[channel](envSuffix(bot)) };
}

const FIX: Record<ChannelName, (suffix: string) => string> = {
  evolution: (b) => `set EVOLUTION_WEBHOOK_TOKEN_${b} (or EVOLUTION_WEBHOOK_TOKEN)`,
  whatsapp: (b) => `set WHATSAPP_APP_SECRET (or WHATSAPP_APP_SECRET_${b})`,
  chatwoot: (b) => `set CHATWOOT_WEBHOOK_SECRET_${b} (or CHATWOOT_WEBHOOK_SECRET, CHATWOOT_ACCOUNT_WEBHOOK_SECRET_${b}, CHATWOOT_WEBHOOK_TOKEN_${b})`,
};

const LABEL: Record<ChannelName, string> = { evolution: 'Evolution API', whatsapp: 'WhatsApp Cloud API', chatwoot: 'Chatwoot' };

/** The start-up lines: every channel that is on, and for each bot how its webhooks are verified. */
export function describeVerification(cfg: ChannelsConfig, bots: string[]): string[] {
  const on = (['evolution', 'whatsapp', 'chatwoot'] as const).filter((c) => cfg[c]);
  if (!on.length) return [];
  const lines = on.flatMap((channel) =>
    bots.map((bot) => {
      const v = verificationOf(cfg, channel, bot);
      const state = v.kind === 'verified' ? `verified by ${v.how}` : v.kind === 'open' ? 'OPEN WITHOUT VERIFICATION (SWITCHBOARD_CHANNELS_INSECURE=1)' : `webhooks refused: no verification (${v.fix})`;
      return `  ${LABEL[channel]} /webhooks/${channel}/${bot}: ${state}`;
    }),
  );
  return ['Channels:', ...lines];
}
