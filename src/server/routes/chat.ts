// POST /api/bots/:bot/chat — one user message in, one reply out (JSON), or the turn's events as NDJSON.
// POST /chat — seed 003's body ({chatInput, userId, sessionId, bot?}), always streamed; the bot is the body's `bot`,
// else the server's default bot (SWITCHBOARD_DEFAULT_BOT), else the only bot served.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatRequest, Runtime } from '../../engine/index.ts';
import { chatResultSchema } from '../../contract/index.ts';
import { InvalidError, NotFoundError } from '../../errors/index.ts';
import { admitText, CHANNEL_NAMESPACE_MESSAGE, DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE, inChannelNamespace, MAX_MESSAGE_CHARS } from '../../ingress/index.ts';
import { streamTurn } from './ndjson-stream.ts';
import { roleOf, sessionTokenOf } from '../auth.ts';
import { resolveIdentity, userTokenOf } from '../identity.ts';
import type { RouteContext } from '../app.ts';

export { MAX_MESSAGE_CHARS };

const idString = z.string().min(1).max(128).regex(/^[\w.:@+-]+$/, 'use letters, digits and . _ : @ + -');
/** A session id the client chooses: never in a messaging channel's namespace (see src/ingress/session-ids.ts). */
export const clientSessionId = idString.refine((id) => !inChannelNamespace(id), CHANNEL_NAMESPACE_MESSAGE);
/** The message as sent; the ingress's rule (admitText in respond) strips control characters and checks the rest. */
export const messageText = z
  .string()
  .max(MAX_MESSAGE_CHARS, `message is longer than ${MAX_MESSAGE_CHARS} characters`)
  .refine((s) => s.trim().length > 0, 'message is empty');

const chatBody = z.object({
  sessionId: clientSessionId.optional(),
  sessionToken: z.string().max(200).optional(),
  userId: idString.optional(),
  /** Proof of `userId`: a JWT (HS256) signed by the embedding application; also accepted as X-User-Token. */
  userToken: z.string().max(4096).optional(),
  message: messageText,
  clientMessageId: idString.optional(),
});

const chatResult = chatResultSchema;

/**
 * The chat routes' rate limit: per IP and conversation, checked after the body is parsed (so the session id is
 * known); the same number per conversation as channel messages get (SWITCHBOARD_CHAT_RATE_LIMIT).
 */
export function conversationRateLimit(perMinute: number, sessionField: string) {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const id = ((req.body ?? {}) as Record<string, unknown>)[sessionField];
      return `${req.ip}|${typeof id === 'string' ? id : 'new'}`;
    },
  };
}

export async function chatRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth, chatRateLimitPerMinute = DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE, defaultBot, stream: streamOptions }: RouteContext) {
  const rateLimit = conversationRateLimit(chatRateLimitPerMinute, 'sessionId');
  async function respond(req: FastifyRequest, reply: FastifyReply, botId: string, body: ChatRequest & { userToken?: string }, stream: boolean) {
    runtime.bot(botId); // 404 before anything is stored
    // Continuing a conversation needs its secret (or the same proven user); the console's tokens may act for anyone.
    const { userToken, ...rest } = { ...body, message: admittedMessage(body.message) };
    const trusted = roleOf(req, auth) !== null;
    const identity = trusted ? { userId: rest.userId, verified: true } : await resolveIdentity(userTokenOf(req, userToken), rest.userId, auth.userTokenSecret);
    const request: ChatRequest = { ...rest, userId: identity.userId, userVerified: identity.verified, sessionToken: rest.sessionToken ?? sessionTokenOf(req), authorize: !trusted };
    if (!stream) return runtime.chat(botId, request);
    return streamTurn(reply, (onEvent) => runtime.chat(botId, request, onEvent), streamOptions);
  }

  app.post(
    '/api/bots/:bot/chat',
    {
      schema: {
        summary: 'Send a user message; JSON reply, or NDJSON events with Accept: application/x-ndjson',
        params: z.object({ bot: z.string().max(64) }),
        body: chatBody,
        response: { 200: chatResult },
      },
      config: { rateLimit },
    },
    async (req, reply) => {
      const stream = (req.headers.accept ?? '').includes('application/x-ndjson');
      return respond(req, reply, req.params.bot, req.body, stream);
    },
  );

  app.post(
    '/chat',
    {
      schema: {
        summary: "Seed 003's chat endpoint: {chatInput, userId, sessionId, bot?}, streamed as NDJSON",
        description: 'The bot is `bot`, else the default bot (SWITCHBOARD_DEFAULT_BOT), else the only bot served; 400 lists the bots when none of these says which.',
        body: z.object({
          chatInput: messageText,
          bot: z.string().min(1).max(64).optional(),
          userId: idString.optional(),
          userToken: z.string().max(4096).optional(),
          sessionId: clientSessionId.optional(),
          sessionToken: z.string().max(200).optional(),
        }),
      },
      config: { rateLimit },
    },
    async (req, reply) => {
      const b = req.body;
      return respond(req, reply, seedChatBot(runtime, b.bot, defaultBot), { message: b.chatInput, userId: b.userId, userToken: b.userToken, sessionId: b.sessionId, sessionToken: b.sessionToken }, true);
    },
  );
}

/** The message as the runtime reads it (the one ingress rule), or a 400 that says why it cannot be read. */
export function admittedMessage(raw: string): string {
  const admitted = admitText(raw);
  if (admitted.kind === 'empty') throw new InvalidError('message is empty (once control characters are removed)');
  if (admitted.kind === 'too-long') throw new InvalidError(`message is longer than ${MAX_MESSAGE_CHARS} characters`);
  return admitted.text;
}

/** The bot behind seed 003's /chat: the body's `bot`, the server's default bot, or the only bot served; else a 400 naming them. */
function seedChatBot(runtime: Runtime, asked: string | undefined, defaultBot: string | undefined): string {
  const ids = [...runtime.bots.keys()];
  const listed = ids.join(', ');
  const chosen = asked ?? defaultBot ?? (ids.length === 1 ? ids[0] : undefined);
  if (chosen === undefined) {
    throw new InvalidError(`this server runs several bots (${listed}): say which in the body's "bot" field, set SWITCHBOARD_DEFAULT_BOT, or use POST /api/bots/:bot/chat`);
  }
  if (!runtime.bots.has(chosen)) {
    const where = asked !== undefined ? 'the "bot" field' : 'SWITCHBOARD_DEFAULT_BOT';
    throw new NotFoundError(`unknown bot '${chosen}' (${where}); this server runs: ${listed}`);
  }
  return chosen;
}
