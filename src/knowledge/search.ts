// Knowledge documents → chunks → Postgres full-text search (per-language stemming; `simple` for Vietnamese).
// Text is accent-folded before indexing and querying, so "endereco" finds "endereço".
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from '../store/index.ts';
import { getSetting, putSetting } from '../store/index.ts';
import type { Passage } from '../engine/types.ts';
import { foldDiacritics } from '../text/index.ts';

export interface Chunk {
  doc: string;
  heading: string;
  content: string;
}

function tsConfigFor(language: string): string {
  const lang = language.slice(0, 2);
  if (lang === 'pt') return 'portuguese';
  if (lang === 'es') return 'spanish';
  if (lang === 'en') return 'english';
  return 'simple';
}


/** Split a markdown document into one chunk per `## ` section (the title and intro form the first chunk). */
export function chunkMarkdown(doc: string, markdown: string): Chunk[] {
  const chunks: Chunk[] = [];
  let title = '';
  let heading = '';
  let lines: string[] = [];
  const flush = () => {
    const content = lines.join('\n').trim();
    if (content) chunks.push({ doc, heading: heading || title, content: heading ? `${heading}\n${content}` : content });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const h1 = /^#\s+(.*)/.exec(line);
    const h2 = /^##+\s+(.*)/.exec(line);
    if (h1 && !title) title = h1[1].trim();
    else if (h2) {
      flush();
      heading = h2[1].trim();
    } else lines.push(line);
  }
  flush();
  return chunks;
}

export function readKnowledgeDir(dir: string): Chunk[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((f) => chunkMarkdown(f, readFileSync(join(dir, f), 'utf8')));
}

/** (Re)index a bot's documents; skipped when nothing changed since the last start. */
/**
 * Replace the bot's passages with `chunks` unless they are indexed already. Call it inside a transaction: a
 * lock per bot, held until commit, makes processes that start together index one after the other (the later
 * ones find the hash up to date), so no passage is ever stored twice.
 */
export async function indexKnowledge(sql: Sql, bot: string, language: string, chunks: Chunk[]): Promise<{ chunks: number; reindexed: boolean }> {
  await sql.query('select pg_advisory_xact_lock(hashtext($1))', [`switchboard:knowledge:${bot}`]);
  const hash = createHash('sha256').update(JSON.stringify(chunks)).digest('hex');
  if ((await getSetting<string>(sql, bot, 'knowledge_hash')) === hash) return { chunks: chunks.length, reindexed: false };
  const cfg = tsConfigFor(language);
  await sql.query('delete from knowledge_chunks where bot = $1', [bot]);
  for (const c of chunks) {
    await sql.query(
      `insert into knowledge_chunks (bot, doc, heading, content, ts_config, tsv)
       values ($1, $2, $3, $4, $5::text, setweight(to_tsvector($5::text::regconfig, $6), 'A') || to_tsvector($5::text::regconfig, $7))`,
      [bot, c.doc, c.heading, c.content, cfg, foldDiacritics(c.heading), foldDiacritics(c.content)],
    );
  }
  await putSetting(sql, bot, 'knowledge_hash', hash);
  return { chunks: chunks.length, reindexed: true };
}

/** The distinct words of the query. */
function queryWords(query: string): string[] {
  const words = foldDiacritics(query)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
  return [...new Set(words)];
}

/** Words of the query joined with OR: a question shares only some words with the passage that answers it. */
function orQuery(query: string): string {
  return queryWords(query).join(' or ');
}

/** How many candidates the cheap count of shared words keeps for ranking (`ts_rank_cd` is the costly part). */
const KNOWLEDGE_CANDIDATES = 200;

/**
 * The passages that share words with `query`, best first. With `documents`, every passage of those documents
 * (matching ones first, by rank): a restricted search is over a few small documents whose candidates a ranker
 * then judges, and a question with no searchable word still gets them (an overview section).
 */
export async function searchKnowledge(sql: Sql, bot: string, language: string, query: string, limit = 3, documents?: string[]): Promise<Passage[]> {
  const q = orQuery(query);
  const cfg = tsConfigFor(language);
  if (documents?.length) {
    const rows = await sql.query<{ doc: string; heading: string; content: string; score: number }>(
      `select doc, heading, content, case when $3 = '' then 0 else ts_rank_cd(tsv, websearch_to_tsquery($2::regconfig, $3)) end as score
         from knowledge_chunks
        where bot = $1 and doc = any($5::text[])
        order by score desc, id
        limit $4`,
      [bot, cfg, q, limit, documents],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }
  if (!q) return [];
  // Best first: the passage that shares the most distinct words of the question ("aberto até que horas no
  // sábado" is the hours passage, sharing "horas" and "sábado", not the address one that repeats "fica"), then
  // by rank. The index finds the passages sharing a word; a count of the shared words (one `@@` per stemmed
  // word of the question) keeps the best candidates, and only those are ranked.
  const words = queryWords(query);
  const shared = words.map((_, i) => `coalesce((tsv @@ q.words[${i + 1}])::int, 0)`).join(' + ');
  const rows = await sql.query<{ doc: string; heading: string; content: string; score: number }>(
    `with q as (select websearch_to_tsquery($2::regconfig, $3) as query,
                       array(select quote_literal(lexeme)::tsquery
                               from unnest(tsvector_to_array(to_tsvector($2::regconfig, $5))) lexeme) as words),
          candidates as (select id, tsv, ${shared} as shared
                           from knowledge_chunks, q
                          where bot = $1 and tsv @@ q.query
                          order by shared desc, id
                          limit $6)
     select k.doc, k.heading, k.content, ts_rank_cd(c.tsv, q.query) as score
       from candidates c join knowledge_chunks k on k.id = c.id, q
      order by c.shared desc, score desc, c.id
      limit $4`,
    [bot, cfg, q, limit, words.join(' '), KNOWLEDGE_CANDIDATES],
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}
