// Bots, their intents and handoff settings (admin), users for bots that require sign-in, health.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fillOrOmit } from '../../template/index.ts';
import { ConflictError } from '../../errors/index.ts';
import * as store from '../../store/index.ts';
import { actorOf, requireIdentity, requireRole } from '../auth.ts';
import type { RouteContext } from '../app.ts';

const botParams = z.object({ bot: z.string().max(64) });

const intentPatch = z
  .object({
    label: z.string().min(1).max(80).optional(),
    description: z.string().max(500).optional(),
    handoff: z.boolean().optional(),
    examples: z.array(z.string().min(1).max(300)).max(500).optional(),
  })
  .strict();

export async function adminRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth }: RouteContext) {
  const intentsView = (botId: string) =>
    Object.entries(runtime.bot(botId).intents).map(([id, c]) => ({ id, label: c.label, description: c.description, handoff: c.handoff, predefined: c.predefined, examples: c.examples.length }));

  app.get('/api/bots', { schema: { summary: 'Bots with their languages and intents' } }, async () => ({
    bots: [...runtime.bots.values()].map((b) => ({
      id: b.config.id,
      name: b.config.name || b.config.id,
      language: b.config.language,
      model: b.model?.spec ?? 'local',
      understanding: b.config.understanding.mode,
      requireUser: b.config.requireUser,
      intents: Object.entries(b.intents).map(([id, c]) => ({ id, label: c.label, handoff: c.handoff })),
      toolLabels: b.config.toolLabels,
      // The opening message knows nobody yet: placeholders such as {name_suffix} are left out.
      greeting: b.config.replies.greeting === undefined ? null : fillOrOmit(b.config.replies.greeting),
    })),
  }));

  app.get('/api/bots/:bot/intents', { schema: { summary: "A bot's intents with their handoff toggles (operator)", params: botParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    return { intents: intentsView(req.params.bot) };
  });

  app.put(
    '/api/bots/:bot/intents',
    {
      schema: {
        summary: 'Toggle handoff per intent, or add an intent with label and examples (admin)',
        params: botParams,
        body: z.union([
          z.object({ intents: z.record(z.string().max(40), intentPatch) }),
          z.object({ id: z.string().max(40) }).and(intentPatch),
        ]),
      },
    },
    async (req) => {
      const actor = actorOf(requireIdentity(req, auth, 'admin'));
      runtime.bot(req.params.bot);
      const body = req.body as { intents?: Record<string, z.infer<typeof intentPatch>>; id?: string } & z.infer<typeof intentPatch>;
      const patch = body.intents ?? { [body.id!]: { label: body.label, description: body.description, handoff: body.handoff, examples: body.examples } };
      for (const v of Object.values(patch)) for (const k of Object.keys(v) as (keyof typeof v)[]) if (v[k] === undefined) delete v[k];
      await runtime.putIntents(req.params.bot, patch, actor);
      return { intents: intentsView(req.params.bot) };
    },
  );

  app.delete('/api/bots/:bot/intents/:id', { schema: { summary: 'Delete an added intent (predefined ones: 409)', params: botParams.extend({ id: z.string().max(40) }) } }, async (req) => {
    const actor = actorOf(requireIdentity(req, auth, 'admin'));
    await runtime.deleteIntent(req.params.bot, req.params.id, actor);
    return { intents: intentsView(req.params.bot) };
  });

  const handoffBody = z.object({ timeout_minutes: z.number().positive().max(60 * 24 * 30).optional(), reset_on_greeting: z.boolean().optional() }).strict();
  app.get('/api/bots/:bot/handoff', { schema: { summary: 'Handoff settings (operator)', params: botParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    return runtime.bot(req.params.bot).handoff;
  });
  app.put('/api/bots/:bot/handoff', { schema: { summary: 'Handoff timeout and greeting reset (admin)', params: botParams, body: handoffBody } }, async (req) => {
    const actor = actorOf(requireIdentity(req, auth, 'admin'));
    return runtime.putHandoffSettings(req.params.bot, req.body, actor);
  });

  app.post(
    '/api/users',
    {
      schema: {
        summary: 'Register a user, for bots that require sign-in (admin). With a phone, WhatsApp messages from that number are this user\'s.',
        body: z.object({
          id: z.string().min(1).max(128).regex(/^[\w.:@+-]+$/),
          email: z.string().email().max(200).optional(),
          name: z.string().max(200).optional(),
          phone: z
            .string()
            .max(32)
            .refine((p) => /^\+?[\d\s().-]+$/.test(p) && /^\d{8,15}$/.test(store.phoneDigits(p)), 'a phone number with country code, 8 to 15 digits (e.g. +55 11 98765-4321)')
            .optional(),
        }),
      },
    },
    async (req, reply) => {
      requireRole(req, auth, 'admin');
      try {
        const user = await store.upsertUser(runtime.db, req.body);
        return reply.status(201).send(user);
      } catch (err) {
        if (store.isUniqueViolation(err)) throw new ConflictError(`phone ${store.phoneDigits(req.body.phone ?? '')} already belongs to another user`);
        throw err;
      }
    },
  );

  app.get('/api/feedback', { schema: { summary: 'Feedback on bot messages (operator)', querystring: z.object({ bot: z.string().max(64).optional() }) } }, async (req) => {
    requireRole(req, auth, 'operator');
    return { feedback: await store.listFeedback(runtime.db, req.query.bot) };
  });

  // Liveness is the process alone: a probe that failed while the database is away would have an orchestrator
  // restart a process that is degrading as it should. The database's state is reported, and `/api/ready` gates on it.
  app.get('/api/health', { schema: { summary: 'Liveness: the process answers (the database state is reported, not required)' } }, async () => {
    const answered = runtime.db.query('select 1').then(() => true, () => false);
    const database = await Promise.race([answered, new Promise<false>((resolve) => setTimeout(resolve, 2_000, false).unref())]);
    return { ok: true, storage: runtime.db.kind, database, bots: [...runtime.bots.keys()] };
  });
}
