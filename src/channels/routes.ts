// Webhook routes of every channel. Bodies are read raw (signatures are computed over the exact bytes) and
// parsed here; each route answers 200 once the message is stored and does the turn and the send afterwards,
// in the conversation's order. Bad input gets a clear 4xx.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadedBot, Runtime } from '../engine/index.ts';
import { ForbiddenError, InvalidError, UnauthenticatedError, UnavailableError } from '../errors/index.ts';
import { safeEqual, type AuthConfig } from '../server/index.ts';
import { migrate } from '../store/index.ts';
import { ChatwootApi, chatwootAdapter, parseChatwootWebhook, verifyChatwootSignature } from './chatwoot.ts';
import { botChannelSettings, channelsConfigFromEnv, settingString, type ChannelsConfig } from './config.ts';
import { chatwootSecrets, chatwootToken, cloudAppSecret, describeVerification, evolutionToken, verificationOf } from './verification.ts';
import { DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE, ConversationRateLimit } from '../ingress/index.ts';
import { continueKnownLid, parseEvolutionWebhook, sendEvolutionPresence, sendEvolutionText } from './evolution.ts';
import { deliveryRoutes } from './delivery-routes.ts';
import { ChannelHub } from './hub.ts';
import { WHATSAPP_TEXT_LIMIT } from './render.ts';
import { channelMigrations } from './store.ts';
import type { Address, ChannelName, Parsed } from './types.ts';
import { ignored } from './payload.ts';
import { continueKnownCustomer, parseCloudWebhook, sendCloudPresence, sendCloudTemplate, sendCloudText, verifyMetaSignature } from './whatsapp.ts';

export interface Channels {
  hub: ChannelHub;
  /** The Fastify plugin with the webhook routes, and the operator's delivery routes when given auth (buildServer's `plugins`). */
  routes: (app: FastifyInstance, ctx?: { auth: AuthConfig; chatRateLimitPerMinute?: number }) => Promise<void>;
  /** How each bot's webhooks of each channel that is on are verified: the lines start-up logs. */
  describe(): string[];
  /** Resolves when every queued turn, send and retry has finished (tests, shutdown). */
  whenIdle(): Promise<void>;
  /** Re-queue webhooks stored but never finished (done automatically when the server is ready). */
  recover(): Promise<number>;
}

/** Set up the channels for a runtime: adapters, operator-reply delivery, and the webhook routes. */
export function createChannels(runtime: Runtime, config: ChannelsConfig = channelsConfigFromEnv()): Channels {
  const hub = new ChannelHub(runtime, config);
  const { evolution, whatsapp, chatwoot } = config;
  const timeout = config.httpTimeoutMs;
  const whatsAppText = { label: 'WhatsApp', format: 'whatsapp', maxLength: WHATSAPP_TEXT_LIMIT } as const;
  if (evolution) {
    hub.register({
      name: 'evolution',
      ...whatsAppText,
      send: (a, text) => sendEvolutionText(evolution, a as Extract<Address, { channel: 'evolution' }>, text, timeout),
      presence: (msg, show) => sendEvolutionPresence(evolution, msg, show, timeout),
    });
  }
  if (whatsapp) {
    const cloud = (a: Address) => a as Extract<Address, { channel: 'whatsapp' }>;
    hub.register({
      name: 'whatsapp',
      ...whatsAppText,
      send: (a, text) => sendCloudText(whatsapp, cloud(a), text, timeout),
      sendTemplate: (a, template, text) => sendCloudTemplate(whatsapp, cloud(a), template, text, timeout),
      presence: (msg, show) => sendCloudPresence(whatsapp, msg, show, timeout),
    });
  }
  const cw = chatwoot ? chatwootAdapter(hub, new ChatwootApi(chatwoot, timeout)) : null;
  if (cw) hub.register(cw);
  // Mode changes made in Switchboard (console take-over or hand-back) are mirrored to Chatwoot's status.
  const unsubscribe = cw ? runtime.events.subscribe((e) => e.type === 'session' && cw.onModeChange(e.sessionId, e.mode)) : () => {};

  const bot = (id: string): LoadedBot => runtime.bot(id); // 404 for an unknown bot
  const botOfNumber = (phoneNumberId: string): string | undefined =>
    whatsapp?.phoneNumberIds[phoneNumberId] ?? [...runtime.bots.values()].find((b) => settingString(botChannelSettings(b.config, 'whatsapp'), 'phone_number_id') === phoneNumberId)?.config.id;
  const answersGroups = (id: string): boolean => {
    const b = runtime.bots.get(id);
    return b ? botChannelSettings(b.config, 'whatsapp').groups === true : false;
  };

  async function accept(parsed: Parsed[]) {
    let queued = 0;
    let duplicates = 0;
    let failedDeliveries = 0;
    const ignored: string[] = [];
    for (const p of parsed) {
      if (p.kind === 'ignored') ignored.push(p.reason);
      else if (p.kind === 'delivery-status') failedDeliveries += (await hub.deliveryFailedLater(p)) ? 1 : 0;
      else {
        const outcome = await hub.accept(p.message);
        if (outcome === 'queued') queued++;
        else if (outcome === 'duplicate') duplicates++;
        else ignored.push(outcome === 'own' ? 'sent by Switchboard (fromMe)' : 'empty text');
      }
    }
    return { ok: true, queued, duplicates, ignored, ...(failedDeliveries ? { failedDeliveries } : {}) };
  }

  async function routes(app: FastifyInstance, ctx?: { auth: AuthConfig; chatRateLimitPerMinute?: number }): Promise<void> {
    hub.rateLimit = new ConversationRateLimit(ctx?.chatRateLimitPerMinute ?? DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE);
    // Idempotent (applied ids are skipped): the channel tables exist even if the caller did not migrate them.
    await migrate(runtime.db, channelMigrations);
    // In this plugin's scope only: keep every body as raw bytes (for signatures); handlers parse the JSON.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!(config.recoverEveryMs > 0)) return;
      // Not awaited: start-up never waits for recovery (what it re-queues runs in the conversations' queues).
      void hub.recover().catch((err) => hub.warn(`[channels] recovery failed: ${(err as Error).message}`));
      sweep = setInterval(() => void hub.recover().catch((err) => hub.warn(`[channels] recovery failed: ${(err as Error).message}`)), config.recoverEveryMs);
      sweep.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      unsubscribe();
      await hub.whenIdle();
    });

    if (ctx) deliveryRoutes(app, runtime, ctx.auth, hub);

    // ------------------------------------------------------------ Evolution API
    const evolutionWebhook = async (req: FastifyRequest<{ Params: { bot: string } }>) => {
      const b = bot(req.params.bot);
      if (!evolution) throw new UnavailableError('the Evolution API channel is off on this server: set EVOLUTION_BASE_URL and EVOLUTION_API_KEY');
      const token = evolutionToken(config, b.config.id);
      if (!token) refuseUnverified(config, 'evolution', b.config.id);
      else if (!tokenMatches(req, token.value, { eventSuffix: true })) throw new UnauthenticatedError(`missing or wrong webhook token (header X-Webhook-Token, or ?token=; checked against ${token.variable})`);
      // Replies go only through the bot's own instance: a payload naming any other is refused.
      const instance = settingString(botChannelSettings(b.config, 'evolution'), 'instance') ?? evolution.instance;
      if (!instance) throw new ForbiddenError(`bot '${b.config.id}' has no Evolution instance: set settings.channels.evolution.instance in its bot.yaml (or EVOLUTION_INSTANCE)`);
      const body = jsonBody(req);
      const named = evolutionInstanceOf(body);
      if (named !== undefined && named !== instance) throw new ForbiddenError(`instance '${named}' is not bot '${b.config.id}''s instance`);
      const parsed = parseEvolutionWebhook(body, b.config.id, instance);
      return accept(await Promise.all(parsed.map(async (p) => (p.kind === 'message' ? { ...p, message: await continueKnownLid(runtime.db, p.message) } : p))));
    };
    app.post('/webhooks/evolution/:bot', evolutionWebhook);
    // "Webhook by events" appends the event to the URL (…/messages-upsert).
    app.post('/webhooks/evolution/:bot/:event', evolutionWebhook);

    // ------------------------------------------------------------ WhatsApp Cloud API
    const verify = async (req: FastifyRequest<{ Querystring: Record<string, string> }>, reply: FastifyReply) => {
      const q = req.query ?? {};
      if (!whatsapp?.verifyToken) throw new ForbiddenError('WHATSAPP_VERIFY_TOKEN is not set on this server');
      if (q['hub.mode'] !== 'subscribe' || typeof q['hub.verify_token'] !== 'string' || !safeEqual(q['hub.verify_token'], whatsapp.verifyToken)) {
        throw new ForbiddenError('verification failed: hub.mode must be subscribe and hub.verify_token must match WHATSAPP_VERIFY_TOKEN');
      }
      return reply.type('text/plain').send(String(q['hub.challenge'] ?? ''));
    };
    const cloudWebhook = async (req: FastifyRequest<{ Params: { bot?: string } }>) => {
      if (!whatsapp) throw new UnavailableError('the WhatsApp Cloud API channel is off on this server: set WHATSAPP_APP_SECRET (and WHATSAPP_TOKEN)');
      const pathBot = req.params.bot ? bot(req.params.bot).config.id : undefined;
      const secret = cloudAppSecret(config, pathBot);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!secret) refuseUnverified(config, 'whatsapp', pathBot);
      else if (!verifyMetaSignature(raw, req.headers['x-hub-signature-256'], secret.value)) {
        throw new UnauthenticatedError(`missing or invalid X-Hub-Signature-256 (checked against ${secret.variable})`);
      }
      const parsed = parseCloudWebhook(jsonBody(req), { pathBot, botOfNumber, answersGroups }).map((p) => (secret ? signedForItsBot(p, secret) : p));
      return accept(await Promise.all(parsed.map(async (p) => (p.kind === 'message' ? { ...p, message: await continueKnownCustomer(runtime.db, p.message) } : p))));
    };
    // The shared route reads the bot from the payload: a bot with its own app secret takes only what that secret signed.
    const signedForItsBot = (p: Parsed, secret: { variable: string }): Parsed => {
      if (p.kind !== 'message') return p;
      const its = cloudAppSecret(config, p.message.bot);
      return its && its.variable !== secret.variable ? ignored(`bot '${p.message.bot}' verifies its webhooks with ${its.variable}: its app posts to /webhooks/whatsapp/${p.message.bot}`) : p;
    };
    app.get('/webhooks/whatsapp', verify);
    app.get('/webhooks/whatsapp/:bot', verify);
    app.post('/webhooks/whatsapp', cloudWebhook);
    app.post('/webhooks/whatsapp/:bot', cloudWebhook);

    // ------------------------------------------------------------ Chatwoot Agent Bot
    app.post('/webhooks/chatwoot/:bot', async (req: FastifyRequest<{ Params: { bot: string } }>) => {
      const b = bot(req.params.bot);
      if (!chatwoot || !cw) throw new UnavailableError('the Chatwoot channel is off on this server: set CHATWOOT_BASE_URL and CHATWOOT_BOT_TOKEN');
      // The Agent Bot and each account webhook sign with their own secret: either one may have sent this.
      const secrets = chatwootSecrets(config, b.config.id);
      const token = chatwootToken(config, b.config.id);
      if (!secrets.length && !token) refuseUnverified(config, 'chatwoot', b.config.id);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { 'x-chatwoot-signature': signature, 'x-chatwoot-timestamp': timestamp } = req.headers;
      if (secrets.length && !secrets.some((secret) => verifyChatwootSignature(raw, signature, timestamp, secret.value))) {
        throw new UnauthenticatedError(`missing, invalid or stale X-Chatwoot-Signature / X-Chatwoot-Timestamp (checked against ${secrets.map((s) => s.variable).join(' and ')})`);
      }
      if (token && !tokenMatches(req, token.value)) throw new UnauthenticatedError(`missing or wrong webhook token (?token=, checked against ${token.variable})`);
      const parsed = parseChatwootWebhook(jsonBody(req), b.config.id);
      if (parsed.kind === 'status') {
        void cw.onStatus(b.config.id, parsed);
        return { ok: true, status: parsed.status };
      }
      return accept([parsed]);
    });
  }

  const describe = () => describeVerification(config, [...runtime.bots.keys()]);
  return { hub, routes, describe, whenIdle: () => hub.whenIdle(), recover: () => hub.recover() };
}

/**
 * No secret or token for this bot's webhooks of a channel: refused (403, saying what to set), unless the operator
 * opened channels on purpose (SWITCHBOARD_CHANNELS_INSECURE=1). `bot` undefined: the shared Cloud API route.
 */
function refuseUnverified(config: ChannelsConfig, channel: ChannelName, bot: string | undefined): void {
  if (config.insecure) return;
  const v = bot === undefined ? { kind: 'closed' as const, fix: 'set WHATSAPP_APP_SECRET (the shared route verifies with it)' } : verificationOf(config, channel, bot);
  if (v.kind === 'closed') throw new ForbiddenError(`this webhook has no verification configured, so it is refused: ${v.fix}; or set SWITCHBOARD_CHANNELS_INSECURE=1 to accept unverified webhooks (development only)`);
}

/** The instance an Evolution payload names, if it names one. */
function evolutionInstanceOf(body: unknown): string | undefined {
  const b = body && typeof body === 'object' ? (body as Record<string, any>) : {};
  return typeof b.instance === 'string' ? b.instance : typeof b.instance?.instanceName === 'string' ? b.instance.instanceName : undefined;
}

/** The webhook routes as a buildServer plugin (the runtime's operator replies are delivered too). */
export function channelRoutes(runtime: Runtime, config: ChannelsConfig = channelsConfigFromEnv()): Channels['routes'] {
  return createChannels(runtime, config).routes;
}

function jsonBody(req: FastifyRequest): unknown {
  const raw = Buffer.isBuffer(req.body) ? req.body : null;
  if (!raw || raw.length === 0) throw new InvalidError('send the webhook as a JSON body');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidError('the body is not valid JSON');
  }
}

/**
 * The webhook token from the X-Webhook-Token header, a Bearer header or `?token=`. With `eventSuffix`, a query
 * token may carry Evolution's "webhook by events" suffix: Evolution appends `/<event>` to the whole configured
 * URL, query included, so `…?token=T` arrives as `…?token=T/messages-upsert`.
 */
function tokenMatches(req: FastifyRequest, token: string, opts: { eventSuffix?: boolean } = {}): boolean {
  const header = req.headers['x-webhook-token'];
  const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7).trim() : undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  const fromQuery = typeof q === 'string' ? [q, ...(opts.eventSuffix ? [q.replace(/\/[a-z]+(?:-[a-z]+)*$/, '')] : [])] : [];
  const given = [header, bearer, ...fromQuery].filter((g): g is string => typeof g === 'string');
  return given.some((g) => safeEqual(g, token));
}
