// Conversations for operators (list, read, take over, reply) and for their own chat caller (read, feedback, card
// clicks).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, InvalidError, NotFoundError, UnauthenticatedError } from '../../errors/index.ts';
import { recordCardClick } from '../../feedback/index.ts';
import { modeSchema } from '../../contract/index.ts';
import * as store from '../../store/index.ts';
import { requireRole, roleOf, safeEqual, sessionTokenOf } from '../auth.ts';
import type { RouteContext } from '../app.ts';
import { messageText } from './chat.ts';

const sessionParams = z.object({ id: z.string().min(1).max(128) });

/** What a chat client reports about a reply's UI parts: a result card opened (`part`: the cards' index among the reply's parts). */
const sessionEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), messageId: z.number().int().positive(), part: z.number().int().min(0).max(199).default(0), item: z.number().int().min(0).max(49) }).strict(),
]);

export async function sessionRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth }: RouteContext) {
  const db = runtime.db;

  /** Operators and admins read any session; a chat caller only its own, with the session's secret. */
  async function readableSession(req: FastifyRequest, id: string) {
    const session = await runtime.requireSession(id);
    if (roleOf(req, auth)) return session;
    const token = sessionTokenOf(req);
    if (token && safeEqual(token, session.secret)) return session;
    throw new UnauthenticatedError('send the operator token, or this conversation\'s sessionToken in the X-Session-Token header');
  }

  /** Only the conversation's own caller, with its secret: an operator's token alone is refused (403). */
  async function ownSession(req: FastifyRequest, id: string) {
    const session = await runtime.requireSession(id);
    const token = sessionTokenOf(req);
    if (token && safeEqual(token, session.secret)) return session;
    if (!token && roleOf(req, auth)) throw new ForbiddenError("only the conversation's own caller records its events: send its sessionToken");
    throw new UnauthenticatedError("send this conversation's sessionToken in the X-Session-Token header");
  }

  const view = (s: store.SessionRow) => ({
    id: s.id,
    bot: s.bot,
    userId: s.userId,
    /** false: the user id was only claimed by the caller (a label), not proven. */
    userVerified: s.userVerified,
    channel: s.channel,
    phoneNumber: s.phoneNumber,
    mode: s.mode,
    handoffReason: s.handoffReason,
    handoffAt: s.handoffAt,
    lastIntent: s.lastIntent,
    lastIntentLabel: runtime.bots.get(s.bot)?.intents[s.lastIntent]?.label ?? null,
    activeWorkflow: s.activeWorkflow,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  });

  app.get(
    '/api/sessions',
    {
      schema: {
        summary: 'Conversations, newest first (operator)',
        querystring: z.object({ bot: z.string().max(64).optional(), mode: modeSchema.optional(), limit: z.coerce.number().int().min(1).max(500).optional(), token: z.string().optional() }),
      },
    },
    async (req) => {
      requireRole(req, auth, 'operator');
      const rows = await store.listSessionSummaries(db, req.query);
      return { sessions: rows.map((s) => ({ ...view(s), lastMessage: s.lastMessage, lastMessageAt: s.lastMessageAt, messageCount: s.messageCount })) };
    },
  );

  app.get(
    '/api/sessions/:id',
    { schema: { summary: 'One conversation with its messages and turn traces', params: sessionParams, querystring: z.object({ sessionToken: z.string().optional(), token: z.string().optional() }) } },
    async (req) => {
      const session = await readableSession(req, req.params.id);
      const [messages, turns] = await Promise.all([store.listMessages(db, session.id), store.listTurns(db, session.id)]);
      return {
        ...view(session),
        state: session.state,
        messages: messages.map((m) => ({ id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents, workflow: m.workflow, turnId: m.turnId, ...(m.parts?.length ? { parts: m.parts } : {}), createdAt: m.createdAt })),
        turns: turns.map((t) => ({ id: t.id, path: t.path, intents: t.intents, trace: t.trace, modelCalls: t.modelCalls, latencyMs: t.latencyMs, createdAt: t.createdAt })),
      };
    },
  );

  app.post(
    '/api/sessions/:id/handoff',
    {
      schema: {
        summary: 'Change the conversation mode: bot, handoff_pending or human (operator)',
        params: sessionParams,
        body: z.object({ mode: modeSchema, reason: z.string().max(200).optional() }),
      },
    },
    async (req) => {
      requireRole(req, auth, 'operator');
      const s = await runtime.setMode(req.params.id, req.body.mode as store.Mode, req.body.reason ?? 'manual');
      return view(s);
    },
  );

  app.post(
    '/api/sessions/:id/reply',
    { schema: { summary: 'An operator answers the customer (pending → human on the first reply)', params: sessionParams, body: z.object({ message: messageText }) } },
    async (req) => {
      requireRole(req, auth, 'operator');
      const { message, session } = await runtime.operatorReply(req.params.id, req.body.message);
      return { message: { id: message.id, role: message.role, source: message.source, content: message.content, createdAt: message.createdAt }, session: view(session) };
    },
  );

  app.get('/api/handoffs/pending', { schema: { summary: 'Conversations waiting for a person (operator)', querystring: z.object({ bot: z.string().max(64).optional(), token: z.string().optional() }) } }, async (req) => {
    requireRole(req, auth, 'operator');
    const rows = await store.listSessions(db, { mode: 'handoff_pending', bot: req.query.bot, limit: 500 });
    return {
      count: rows.length,
      sessions: rows.map((s) => ({ id: s.id, bot: s.bot, phone_number: s.phoneNumber, user: s.userId, handoff_reason: s.handoffReason, handoff_at: s.handoffAt, last_intent: s.lastIntent })),
    };
  });

  app.post(
    '/api/sessions/:id/feedback',
    {
      schema: {
        summary: 'Thumbs up (1) or down (-1) on a bot message',
        params: sessionParams,
        body: z.object({ messageId: z.number().int().positive(), rating: z.union([z.literal(1), z.literal(-1)]), comment: z.string().max(1000).optional() }),
      },
    },
    async (req) => {
      const session = await readableSession(req, req.params.id);
      const msgs = await store.listMessages(db, session.id, 10_000);
      const target = msgs.find((m) => m.id === req.body.messageId);
      if (!target) throw new NotFoundError(`message ${req.body.messageId} is not part of this conversation`);
      if (target.role !== 'assistant') throw new InvalidError('feedback goes on bot or operator messages, not on user messages');
      const row = await store.upsertFeedback(db, { bot: session.bot, sessionId: session.id, messageId: target.id, rating: req.body.rating as 1 | -1, comment: req.body.comment });
      // Every console hears of it at once (a thumbs-down raises an alert there).
      runtime.events.publish({
        type: 'feedback',
        bot: session.bot,
        sessionId: session.id,
        messageId: target.id,
        rating: req.body.rating as 1 | -1,
        comment: req.body.comment?.slice(0, 300) ?? null,
        reply: target.content.slice(0, 300),
        createdAt: new Date().toISOString(),
      });
      return { id: row.id, rating: row.rating };
    },
  );

  app.post(
    '/api/sessions/:id/events',
    {
      schema: {
        summary: "The customer opened a result card of a bot reply (counted once per card and conversation; the conversation's own caller)",
        params: sessionParams,
        querystring: z.object({ sessionToken: z.string().optional() }),
        body: sessionEvent,
      },
    },
    async (req, reply) => {
      const session = await ownSession(req, req.params.id);
      const { messageId, part, item } = req.body;
      const click = await recordCardClick(db, { bot: session.bot, sessionId: session.id, messageId, part, item });
      if (click.created) {
        runtime.events.publish({ type: 'click', bot: session.bot, sessionId: session.id, messageId, label: click.label, intent: click.intent, createdAt: new Date().toISOString() });
      }
      return reply.status(click.created ? 201 : 200).send({ type: 'click', created: click.created, label: click.label, intent: click.intent });
    },
  );
}
