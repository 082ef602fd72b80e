// A bot's knowledge documents (its folder's files merged with admin-written ones) and its golden examples.
// Operators read; admins write. Every document edit re-indexes the bot, so the next question finds the new text.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LoadedBot } from '../../engine/index.ts';
import { ConflictError, NotFoundError } from '../../errors/index.ts';
import { listGoldenExamples } from '../../feedback/index.ts';
import { deleteKnowledgeDoc, DOC_NAME, listKnowledgeDocs, MAX_DOC_BYTES, putKnowledgeDoc, readKnowledgeDoc } from '../../knowledge/index.ts';
import type { Sql } from '../../store/index.ts';
import { requireRole } from '../auth.ts';
import type { RouteContext } from '../app.ts';

const botParams = z.object({ bot: z.string().max(64) });
// Reading accepts any listed name (files may be named freely); writing needs DOC_NAME (checked again below).
const docParams = botParams.extend({ doc: z.string().min(4).max(100).regex(/^[^/\\]+\.md$/, 'a document name ending in .md') });
const writableDocParams = botParams.extend({ doc: z.string().regex(DOC_NAME, 'lowercase letters, digits, _ or -, ending in .md (at most 64 characters)') });
const docBody = z.object({ markdown: z.string().min(1).max(MAX_DOC_BYTES) }).strict();

/** The bot's knowledge folder, or undefined when bot.yaml sets none. */
const knowledgeDir = (bot: LoadedBot) => (bot.config.knowledge ? join(bot.dir, bot.config.knowledge) : undefined);

async function deleteGoldenExample(sql: Sql, bot: string, id: number): Promise<boolean> {
  return (await sql.query('delete from golden_examples where bot = $1 and id = $2 returning id', [bot, id])).length > 0;
}

export async function knowledgeRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth }: RouteContext) {
  const db = runtime.db;
  const list = async (bot: LoadedBot) => ({ documents: await listKnowledgeDocs(db, bot.config.id, knowledgeDir(bot)) });

  app.get('/api/bots/:bot/knowledge', { schema: { summary: "A bot's knowledge documents with their sections (operator)", params: botParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    return list(runtime.bot(req.params.bot));
  });

  app.get('/api/bots/:bot/knowledge/:doc', { schema: { summary: 'One knowledge document as markdown (operator)', params: docParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    const bot = runtime.bot(req.params.bot);
    return readKnowledgeDoc(db, bot.config.id, knowledgeDir(bot), req.params.doc);
  });

  app.put(
    '/api/bots/:bot/knowledge/:doc',
    { schema: { summary: 'Add or replace a knowledge document; it is searchable at once (admin)', params: writableDocParams, body: docBody } },
    async (req) => {
      requireRole(req, auth, 'admin');
      const bot = runtime.bot(req.params.bot);
      const dir = knowledgeDir(bot);
      // Start-up indexing only covers bots with a knowledge folder: documents elsewhere would vanish on restart.
      if (!dir) throw new ConflictError(`bot '${bot.config.id}' has no knowledge folder: set \`knowledge: knowledge/\` in its bot.yaml`);
      const res = await putKnowledgeDoc(db, bot.config.id, bot.config.language, dir, req.params.doc, req.body.markdown);
      return { doc: req.params.doc, chunks: res.chunks, ...(await list(bot)) };
    },
  );

  app.delete('/api/bots/:bot/knowledge/:doc', { schema: { summary: 'Remove an admin document (files: 409) (admin)', params: docParams } }, async (req) => {
    requireRole(req, auth, 'admin');
    const bot = runtime.bot(req.params.bot);
    const res = await deleteKnowledgeDoc(db, bot.config.id, bot.config.language, knowledgeDir(bot), req.params.doc);
    return { doc: req.params.doc, chunks: res.chunks, ...(await list(bot)) };
  });

  app.get('/api/bots/:bot/golden', { schema: { summary: "A bot's golden examples, newest first (operator)", params: botParams } }, async (req) => {
    requireRole(req, auth, 'operator');
    const bot = runtime.bot(req.params.bot);
    return { examples: await listGoldenExamples(db, bot.config.id) };
  });

  app.delete('/api/bots/:bot/golden/:id', { schema: { summary: 'Delete a golden example (admin)', params: botParams.extend({ id: z.coerce.number().int().positive() }) } }, async (req) => {
    requireRole(req, auth, 'admin');
    const bot = runtime.bot(req.params.bot);
    if (!(await deleteGoldenExample(db, bot.config.id, req.params.id))) throw new NotFoundError(`no golden example ${req.params.id} for bot '${bot.config.id}'`);
    return { deleted: req.params.id };
  });
}
