// The learning loop in the console: golden examples added by hand or promoted from a conversation's reply
// (admin), the guardrails' moderation log with filters, abandonment: conversations that ended on a bot answer
// with no reply from the customer, and click-through: the result cards customers opened (operator).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidError, NotFoundError } from '../../errors/index.ts';
import { abandonmentReport, clickReport, insertGoldenExample } from '../../feedback/index.ts';
import { listModeration } from '../../guardrails/index.ts';
import * as store from '../../store/index.ts';
import { requireRole } from '../auth.ts';
import type { RouteContext } from '../app.ts';

const botParams = z.object({ bot: z.string().max(64) });
const text = (max: number) => z.string().trim().min(1).max(max);

const goldenBody = z.union([
  /** Written by hand: what a customer says and the reply to imitate. */
  z.object({ userText: text(1000), reply: text(4000) }).strict(),
  /** From a conversation: a bot or operator reply with the customer message before it; `reply` replaces its text (a better answer). */
  z.object({ sessionId: z.string().min(1).max(128), messageId: z.number().int().positive(), reply: text(4000).optional() }).strict(),
]);

/** Golden examples made in the console (a judge run marks its own 'judge'). */
const SOURCE = { written: 'operator', promoted: 'promoted' } as const;

export async function learningRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth }: RouteContext) {
  const db = runtime.db;

  /** The reply `messageId` of a conversation of `bot`, and the customer message it answered. */
  async function promotable(bot: string, sessionId: string, messageId: number): Promise<{ userText: string; reply: string }> {
    const session = await runtime.requireSession(sessionId);
    if (session.bot !== bot) throw new NotFoundError(`conversation ${sessionId} is not one of bot '${bot}'`);
    const messages = await store.listMessages(db, sessionId, 10_000);
    const i = messages.findIndex((m) => m.id === messageId);
    if (i < 0) throw new NotFoundError(`message ${messageId} is not part of this conversation`);
    if (messages[i].role !== 'assistant') throw new InvalidError('promote a bot or operator reply, not a customer message');
    const question = messages.slice(0, i).findLast((m) => m.role === 'user');
    if (!question) throw new InvalidError('this reply answers no customer message: write the example by hand');
    return { userText: question.content, reply: messages[i].content };
  }

  app.post(
    '/api/bots/:bot/golden',
    { schema: { summary: "Add a golden example: written by hand, or a conversation's reply promoted (admin)", params: botParams, body: goldenBody } },
    async (req, reply) => {
      requireRole(req, auth, 'admin');
      const bot = runtime.bot(req.params.bot).config.id;
      const body = req.body as { userText?: string; reply?: string; sessionId?: string; messageId?: number };
      const example =
        body.sessionId !== undefined
          ? { bot, ...(await promotable(bot, body.sessionId, body.messageId!)), ...(body.reply ? { reply: body.reply } : {}), source: SOURCE.promoted, sessionId: body.sessionId }
          : { bot, userText: body.userText!, reply: body.reply!, source: SOURCE.written, sessionId: null };
      const created = await insertGoldenExample(db, example);
      return reply.status(created ? 201 : 200).send({ created, example });
    },
  );

  app.get(
    '/api/bots/:bot/abandonment',
    {
      schema: {
        summary: "Conversations that ended on a bot answer with no reply from the customer: the rate, the answers' intents, the latest ones (operator)",
        params: botParams,
        querystring: z.object({ idleMinutes: z.coerce.number().int().min(1).max(60 * 24 * 7).optional(), days: z.coerce.number().int().min(1).max(90).optional() }),
      },
    },
    async (req) => {
      requireRole(req, auth, 'operator');
      const report = await abandonmentReport(db, runtime.bot(req.params.bot).config.id, req.query);
      return { ...report, recent: report.recent.map((r) => ({ ...r, at: r.at.toISOString() })) };
    },
  );

  app.get(
    '/api/bots/:bot/clicks',
    {
      schema: {
        summary: 'Click-through of result cards: replies with cards shown, cards opened, the rate, per card and intent (operator)',
        params: botParams,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).optional() }),
      },
    },
    async (req) => {
      requireRole(req, auth, 'operator');
      return clickReport(db, runtime.bot(req.params.bot).config.id, req.query);
    },
  );

  app.get(
    '/api/moderation',
    {
      schema: {
        summary: 'Messages the guardrails blocked, newest first, filtered by bot, reason (prefix), text and time (operator)',
        querystring: z.object({
          bot: z.string().max(64).optional(),
          reason: z.string().max(200).optional(),
          q: z.string().max(200).optional(),
          since: z.iso.datetime({ offset: true }).optional(),
          until: z.iso.datetime({ offset: true }).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
      },
    },
    async (req) => {
      requireRole(req, auth, 'operator');
      const { bot, reason, q, since, until, limit } = req.query;
      const rows = await listModeration(db, { bot, reason, text: q, since: since ? new Date(since) : undefined, until: until ? new Date(until) : undefined, limit });
      return { entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );
}
