// Channel configuration: provider URLs and secrets from the environment, per-bot details (instance,
// phone number id) from the bot's `settings.channels` in bot.yaml.
import type { BotConfig } from '../bot/config.ts';

export interface EvolutionConfig {
  /** EVOLUTION_BASE_URL, e.g. https://evolution.example.com */
  baseUrl: string;
  /** EVOLUTION_API_KEY: sent as the `apikey` header. */
  apiKey: string;
  /** EVOLUTION_INSTANCE: the instance for bots without `settings.channels.evolution.instance`. */
  instance?: string;
  /**
   * EVOLUTION_WEBHOOK_TOKEN_<BOT> (a bot's own) or EVOLUTION_WEBHOOK_TOKEN (shared by the bots without one):
   * webhooks must carry it (header `X-Webhook-Token`, or `?token=`). A bot with neither refuses webhooks.
   */
  webhookToken?: string;
  webhookTokens: Record<string, string>;
}

export interface WhatsAppCloudConfig {
  /** WHATSAPP_VERIFY_TOKEN: echoed back by Meta's subscription check (GET). */
  verifyToken?: string;
  /** WHATSAPP_APP_SECRET: the app secret that signs every POST (X-Hub-Signature-256). */
  appSecret?: string;
  /** WHATSAPP_APP_SECRET_<BOT>: the secret of a bot's own Meta app, for `/webhooks/whatsapp/<bot>`. */
  appSecrets: Record<string, string>;
  /** WHATSAPP_TOKEN: the (system user) access token used to send. */
  token?: string;
  /** WHATSAPP_GRAPH_URL, default https://graph.facebook.com */
  graphUrl: string;
  /** WHATSAPP_GRAPH_VERSION, default v21.0 */
  version: string;
  /** WHATSAPP_PHONE_NUMBER_IDS="123:sales,456:support": which bot answers which number. */
  phoneNumberIds: Record<string, string>;
}

export interface ChatwootConfig {
  /** CHATWOOT_BASE_URL, e.g. https://chatwoot.example.com */
  baseUrl: string;
  /** CHATWOOT_BOT_TOKEN: the Agent Bot's access token (header `api_access_token`). */
  botToken?: string;
  /** CHATWOOT_BOT_TOKEN_<BOT>: a bot's own Agent Bot token (BOT = bot id upper-cased, '-' → '_'). */
  botTokens: Record<string, string>;
  /** CHATWOOT_WEBHOOK_SECRET (and _<BOT>): the Agent Bot's secret, verifies X-Chatwoot-Signature (Chatwoot ≥ 4.13). */
  webhookSecret?: string;
  webhookSecrets: Record<string, string>;
  /**
   * CHATWOOT_ACCOUNT_WEBHOOK_SECRET (and _<BOT>): the secret of the account webhook (Settings → Integrations →
   * Webhooks, Chatwoot ≥ 4.11.2), which signs with its own secret, not the Agent Bot's.
   */
  accountWebhookSecret?: string;
  accountWebhookSecrets: Record<string, string>;
  /** CHATWOOT_WEBHOOK_TOKEN (and _<BOT>): webhooks must carry it as `?token=` (older Chatwoot, no signature). */
  webhookToken?: string;
  webhookTokens: Record<string, string>;
  /** CHATWOOT_READ_RETRY_MS: after Chatwoot refuses the Agent Bot a conversation read, ask again this much later (default 10 minutes). */
  readRetryMs?: number;
}

export interface ChannelsConfig {
  evolution?: EvolutionConfig;
  whatsapp?: WhatsAppCloudConfig;
  chatwoot?: ChatwootConfig;
  /** Waits between attempts of an outgoing call (CHANNELS_RETRY_DELAYS_MS, default 200,1000,3000 → 4 attempts). */
  retryDelaysMs: number[];
  /** Timeout of one outgoing call (CHANNELS_HTTP_TIMEOUT_MS, default 10000). */
  httpTimeoutMs: number;
  /**
   * Re-run webhooks stored but never finished (crash, shutdown) when the server is ready and then every
   * this many ms (CHANNELS_RECOVER_EVERY_MS, default 60000; 0 turns recovery off).
   */
  recoverEveryMs: number;
  /**
   * SWITCHBOARD_CHANNELS_INSECURE=1: accept webhooks of a channel that has no secret or token for the bot
   * (development only). Without it such webhooks are refused: a channel is closed unless opened on purpose.
   */
  insecure: boolean;
  /**
   * Media a customer sends within this many ms of their previous one (an album, a few stickers or photos) are one
   * burst, answered once (CHANNELS_MEDIA_BURST_MS, default 5000, at most 60000; 0 answers each).
   */
  mediaBurstMs: number;
  log?: (msg: string) => void;
  /** How the retry loop waits between attempts (tests record the waits instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_MEDIA_BURST_MS = 5000;
const MAX_MEDIA_BURST_MS = 60_000;

const bounded = (n: number, min: number, max: number, fallback: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback);

const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
const DEFAULT_GRAPH_VERSION = 'v21.0';

/** Reads every channel's settings from the environment. A provider without its base settings stays off. */
export function channelsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChannelsConfig {
  const get = envReader(env);
  const cfg: ChannelsConfig = {
    retryDelaysMs: parseDelays(get('CHANNELS_RETRY_DELAYS_MS')) ?? [200, 1000, 3000],
    httpTimeoutMs: Number(get('CHANNELS_HTTP_TIMEOUT_MS') ?? 10_000),
    recoverEveryMs: Number(get('CHANNELS_RECOVER_EVERY_MS') ?? 60_000),
    insecure: get('SWITCHBOARD_CHANNELS_INSECURE') === '1' || get('SWITCHBOARD_CHANNELS_INSECURE') === 'true',
    mediaBurstMs: bounded(Number(get('CHANNELS_MEDIA_BURST_MS') ?? DEFAULT_MEDIA_BURST_MS), 0, MAX_MEDIA_BURST_MS, DEFAULT_MEDIA_BURST_MS),
  };
  const evolution = evolutionFromEnv(env);
  if (evolution) cfg.evolution = evolution;
  const whatsapp = whatsappFromEnv(env);
  if (whatsapp) cfg.whatsapp = whatsapp;
  const chatwoot = chatwootFromEnv(env);
  if (chatwoot) cfg.chatwoot = chatwoot;
  return cfg;
}

/** A variable's value, trimmed; undefined when it is unset or blank. */
const envReader = (env: NodeJS.ProcessEnv) => (k: string) => env[k]?.trim() || undefined;

/** Evolution API: on with EVOLUTION_BASE_URL and EVOLUTION_API_KEY. */
function evolutionFromEnv(env: NodeJS.ProcessEnv): EvolutionConfig | undefined {
  const get = envReader(env);
  const evoUrl = get('EVOLUTION_BASE_URL');
  const evoKey = get('EVOLUTION_API_KEY');
  if (!evoUrl || !evoKey) return undefined;
  return {
    baseUrl: trimSlash(evoUrl),
    apiKey: evoKey,
    instance: get('EVOLUTION_INSTANCE'),
    webhookToken: get('EVOLUTION_WEBHOOK_TOKEN'),
    webhookTokens: perBot(env, 'EVOLUTION_WEBHOOK_TOKEN_'),
  };
}

/** The Cloud API: on with any of its app secrets, its verify token or its token. */
function whatsappFromEnv(env: NodeJS.ProcessEnv): WhatsAppCloudConfig | undefined {
  const get = envReader(env);
  const on = get('WHATSAPP_APP_SECRET') || get('WHATSAPP_VERIFY_TOKEN') || get('WHATSAPP_TOKEN') || Object.keys(perBot(env, 'WHATSAPP_APP_SECRET_')).length;
  if (!on) return undefined;
  return {
    verifyToken: get('WHATSAPP_VERIFY_TOKEN'),
    appSecret: get('WHATSAPP_APP_SECRET'),
    appSecrets: perBot(env, 'WHATSAPP_APP_SECRET_'),
    token: get('WHATSAPP_TOKEN'),
    graphUrl: trimSlash(get('WHATSAPP_GRAPH_URL') ?? DEFAULT_GRAPH_URL),
    version: get('WHATSAPP_GRAPH_VERSION') ?? DEFAULT_GRAPH_VERSION,
    phoneNumberIds: parsePairs(get('WHATSAPP_PHONE_NUMBER_IDS')),
  };
}

/** Chatwoot: on with CHATWOOT_BASE_URL. */
function chatwootFromEnv(env: NodeJS.ProcessEnv): ChatwootConfig | undefined {
  const get = envReader(env);
  const cwUrl = get('CHATWOOT_BASE_URL');
  if (!cwUrl) return undefined;
  return {
    baseUrl: trimSlash(cwUrl),
    botToken: get('CHATWOOT_BOT_TOKEN'),
    botTokens: perBot(env, 'CHATWOOT_BOT_TOKEN_'),
    webhookSecret: get('CHATWOOT_WEBHOOK_SECRET'),
    webhookSecrets: perBot(env, 'CHATWOOT_WEBHOOK_SECRET_'),
    accountWebhookSecret: get('CHATWOOT_ACCOUNT_WEBHOOK_SECRET'),
    accountWebhookSecrets: perBot(env, 'CHATWOOT_ACCOUNT_WEBHOOK_SECRET_'),
    webhookToken: get('CHATWOOT_WEBHOOK_TOKEN'),
    webhookTokens: perBot(env, 'CHATWOOT_WEBHOOK_TOKEN_'),
    readRetryMs: nonNegative(get('CHATWOOT_READ_RETRY_MS')),
  };
}

/** The env suffix of a bot id: 'my-shop' → 'MY_SHOP'. */
export const envSuffix = (botId: string) => botId.toUpperCase().replace(/[^A-Z0-9]/g, '_');

function perBot(env: NodeJS.ProcessEnv, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith(prefix) && v?.trim()) out[k.slice(prefix.length)] = v.trim();
  return out;
}

function parseDelays(s: string | undefined): number[] | undefined {
  if (s === undefined) return undefined;
  const parts = s.split(',').map((p) => Number(p.trim())).filter((n) => Number.isFinite(n) && n >= 0);
  return parts;
}

function parsePairs(s: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (s ?? '').split(',')) {
    const [k, v] = pair.split(':').map((x) => x.trim());
    if (k && v) out[k] = v;
  }
  return out;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

const nonNegative = (s: string | undefined): number | undefined => {
  const n = Number(s);
  return s !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** A bot's own channel settings: `settings.channels.<channel>` in bot.yaml. */
export function botChannelSettings(config: BotConfig, channel: 'evolution' | 'whatsapp' | 'chatwoot'): Record<string, unknown> {
  const channels = (config.settings?.channels ?? {}) as Record<string, unknown>;
  const mine = channels[channel];
  return mine && typeof mine === 'object' ? (mine as Record<string, unknown>) : {};
}

export const settingString = (s: Record<string, unknown>, key: string): string | undefined => {
  const v = s[key];
  return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;
};

/**
 * Whether a bot marks customer messages read and shows "typing…" on a channel: `settings.channels.<channel>.read_receipts`
 * and `.typing` (or the same keys in `settings.channels`, for every channel). Both default on.
 */
export function presenceSettings(config: BotConfig, channel: 'evolution' | 'whatsapp' | 'chatwoot'): { read: boolean; typing: boolean } {
  const all = (config.settings?.channels ?? {}) as Record<string, unknown>;
  const mine = botChannelSettings(config, channel);
  const flag = (key: string) => (typeof mine[key] === 'boolean' ? (mine[key] as boolean) : typeof all[key] === 'boolean' ? (all[key] as boolean) : true);
  return { read: flag('read_receipts'), typing: flag('typing') };
}
