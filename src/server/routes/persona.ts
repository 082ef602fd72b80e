// A bot's persona and model settings, edited while it runs (admin), and the audit of every admin settings change.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as store from '../../store/index.ts';
import { actorOf, requireIdentity, requireRole } from '../auth.ts';
import type { RouteContext } from '../app.ts';

const botParams = z.object({ bot: z.string().max(64) });

/** 'local', or 'provider:model' (the provider is checked when the model is bound: an unknown one is a 400). */
const modelSpec = z
  .string()
  .trim()
  .max(120)
  .regex(/^(?:local|[a-z][a-z-]*:\S.*)$/, "'local' or 'provider:model', e.g. openai:gpt-4o-mini");

// Each field: a value sets it, null gives it back to bot.yaml, absent leaves it.
export const personaBody = z
  .object({
    persona: z.string().trim().min(1).max(8000).nullable().optional(),
    systemPrompt: z.string().trim().max(8000).nullable().optional(),
    model: modelSpec.nullable().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change: send persona, systemPrompt, model or temperature');

export async function personaRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth }: RouteContext) {
  const view = async (botId: string) => {
    const bot = runtime.bot(botId);
    const file = runtime.fileConfig(botId);
    return {
      /** What the console set (each overrides bot.yaml's). */
      settings: await runtime.personaSettings(botId),
      /** bot.yaml's values. */
      file: { persona: file.persona, model: file.model, temperature: file.temperature ?? null },
      /** What the model calls use now: the persona with the instructions after it, the bound model. */
      effective: { persona: bot.config.persona, model: bot.model?.spec ?? 'local', temperature: bot.config.temperature ?? null },
    };
  };

  app.get('/api/bots/:bot/persona', { schema: { summary: "A bot's persona, instructions, model and temperature: bot.yaml's, the console's and those in use (operator)", params: botParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    return view(req.params.bot);
  });

  app.put(
    '/api/bots/:bot/persona',
    { schema: { summary: 'Change the persona, system prompt instructions, model or temperature; every process uses them from the next turn (admin)', params: botParams, body: personaBody } },
    async (req) => {
      const actor = actorOf(requireIdentity(req, auth, 'admin'));
      await runtime.putPersona(req.params.bot, req.body, actor);
      return view(req.params.bot);
    },
  );

  app.get(
    '/api/settings/audit',
    { schema: { summary: "Who changed a bot's admin settings, what and when, newest first (operator)", querystring: z.object({ bot: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(500).optional() }) } },
    async (req) => {
      requireRole(req, auth, 'operator');
      const rows = await store.listSettingsAudit(runtime.db, req.query);
      return { changes: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );
}
