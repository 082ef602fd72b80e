// A bot's knowledge documents: the markdown files of its knowledge folder merged with documents written by an
// admin (kept in bot_settings under `knowledge_docs`). An admin document with a file's name overrides the file.
// Every edit re-indexes the bot at once, inside one transaction whose first statement locks the bot's
// `knowledge_docs` row, so concurrent edits (even from several processes) apply one after the other.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Sql } from '../store/index.ts';
import { getSetting } from '../store/index.ts';
import { ConflictError, InvalidError, NotFoundError } from '../errors/index.ts';
import { chunkMarkdown, indexKnowledge, type Chunk } from './search.ts';

const KNOWLEDGE_DOCS_KEY = 'knowledge_docs';
/** Names an admin may give a document: lowercase, digits, `_` and `-`, ending in `.md`. */
export const DOC_NAME = /^[a-z0-9][a-z0-9_-]{0,60}\.md$/;
/** Largest admin document, in UTF-8 bytes. */
export const MAX_DOC_BYTES = 100 * 1024;

interface StoredDoc {
  markdown: string;
  updatedAt: string;
}

export interface KnowledgeDocSummary {
  doc: string;
  title: string;
  sections: { heading: string; chars: number }[];
  source: 'file' | 'admin';
  /** An admin document replacing a file of the same name (deleting it brings the file back). */
  overridesFile?: boolean;
  updatedAt?: string;
}

/** The folder's markdown documents by name (a missing or undefined folder has none). */
function readFiles(dir: string | undefined): Map<string, string> {
  const files = new Map<string, string>();
  if (!dir || !existsSync(dir)) return files;
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) files.set(f, readFileSync(join(dir, f), 'utf8'));
  return files;
}

async function getAdminDocs(sql: Sql, bot: string): Promise<Record<string, StoredDoc>> {
  return (await getSetting<Record<string, StoredDoc>>(sql, bot, KNOWLEDGE_DOCS_KEY)) ?? {};
}

/** Files and admin documents merged by name (admin wins), sorted by name. */
async function mergedDocs(sql: Sql, bot: string, dir: string | undefined): Promise<Map<string, { markdown: string; source: 'file' | 'admin'; overridesFile: boolean; updatedAt?: string }>> {
  const files = readFiles(dir);
  const admin = await getAdminDocs(sql, bot);
  const names = [...new Set([...files.keys(), ...Object.keys(admin)])].sort();
  return new Map(
    names.map((doc) => {
      const a = admin[doc];
      const merged = a
        ? { markdown: a.markdown, source: 'admin' as const, overridesFile: files.has(doc), updatedAt: a.updatedAt }
        : { markdown: files.get(doc)!, source: 'file' as const, overridesFile: false };
      return [doc, merged];
    }),
  );
}

/** Every chunk the bot's search should hold: what start-up and every edit index. */
export async function loadKnowledgeChunks(sql: Sql, bot: string, dir: string | undefined): Promise<Chunk[]> {
  return [...(await mergedDocs(sql, bot, dir))].flatMap(([doc, d]) => chunkMarkdown(doc, d.markdown));
}

/** Index files and admin documents (skipped when nothing changed since the last indexing). */
export async function indexBotKnowledge(sql: Sql, bot: string, language: string, dir: string | undefined) {
  return indexKnowledge(sql, bot, language, await loadKnowledgeChunks(sql, bot, dir));
}

function titleOf(doc: string, markdown: string): string {
  const h1 = /^#\s+(.+)$/m.exec(markdown);
  return h1 ? h1[1].trim() : doc.replace(/\.md$/, '');
}

export async function listKnowledgeDocs(sql: Sql, bot: string, dir: string | undefined): Promise<KnowledgeDocSummary[]> {
  return [...(await mergedDocs(sql, bot, dir))].map(([doc, d]) => ({
    doc,
    title: titleOf(doc, d.markdown),
    sections: chunkMarkdown(doc, d.markdown).map((c) => ({ heading: c.heading, chars: c.content.length })),
    source: d.source,
    ...(d.overridesFile ? { overridesFile: true } : {}),
    ...(d.updatedAt ? { updatedAt: d.updatedAt } : {}),
  }));
}

export async function readKnowledgeDoc(sql: Sql, bot: string, dir: string | undefined, doc: string): Promise<{ doc: string; markdown: string; source: 'file' | 'admin' }> {
  const d = (await mergedDocs(sql, bot, dir)).get(doc);
  if (!d) throw new NotFoundError(`no knowledge document '${doc}'`);
  return { doc, markdown: d.markdown, source: d.source };
}

/** Store (create or replace) an admin document and re-index the bot; its text is searchable on return. */
export async function putKnowledgeDoc(db: Database, bot: string, language: string, dir: string | undefined, doc: string, markdown: string): Promise<{ chunks: number }> {
  if (!DOC_NAME.test(doc)) throw new InvalidError(`invalid document name '${doc}': use lowercase letters, digits, _ or - and end with .md`);
  if (Buffer.byteLength(markdown, 'utf8') > MAX_DOC_BYTES) throw new InvalidError(`document too large: at most ${MAX_DOC_BYTES / 1024} KB`);
  if (!chunkMarkdown(doc, markdown).length) throw new InvalidError('the document has no text to search');
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into bot_settings (bot, key, value, updated_at)
       values ($1, $2, jsonb_build_object($3::text, jsonb_build_object('markdown', $4::text, 'updatedAt', now())), now())
       on conflict (bot, key) do update set value = bot_settings.value || excluded.value, updated_at = now()`,
      [bot, KNOWLEDGE_DOCS_KEY, doc, markdown],
    );
    const res = await indexBotKnowledge(tx, bot, language, dir);
    return { chunks: res.chunks };
  });
}

/** Remove an admin document (a file it overrode comes back) and re-index. File-backed documents: 409. */
export async function deleteKnowledgeDoc(db: Database, bot: string, language: string, dir: string | undefined, doc: string): Promise<{ chunks: number }> {
  return db.transaction(async (tx) => {
    const removed = await tx.query(`update bot_settings set value = value - $3::text, updated_at = now() where bot = $1 and key = $2 and value ? $3::text returning bot`, [
      bot,
      KNOWLEDGE_DOCS_KEY,
      doc,
    ]);
    if (!removed.length) {
      if (readFiles(dir).has(doc)) throw new ConflictError(`'${doc}' is a file of the bot: edit the file in bots/${bot}/knowledge`);
      throw new NotFoundError(`no knowledge document '${doc}'`);
    }
    const res = await indexBotKnowledge(tx, bot, language, dir);
    return { chunks: res.chunks };
  });
}
