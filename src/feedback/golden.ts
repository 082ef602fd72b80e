// Golden examples: replies judged worth imitating (src/feedback/judge.ts), kept in `golden_examples` and
// retrieved by similarity to the current message, to be shown to the bot's model as few-shot examples.
// Similarity is token overlap on accent-folded words with a light prefix stem: predictable, language-agnostic,
// and enough for a table of curated examples (hundreds of rows, not millions).
import type { Sql } from '../store/index.ts';
import { foldDiacritics } from '../text/index.ts';

export interface GoldenExample {
  id: number;
  bot: string;
  userText: string;
  reply: string;
  source: string;
  sessionId: string | null;
  /** Similarity to the query (0–1), when retrieved by `findGoldenExamples`. */
  score?: number;
}

export interface NewGoldenExample {
  bot: string;
  userText: string;
  reply: string;
  source: string;
  sessionId?: string | null;
}

/** Insert an example; false when the same (bot, user text, reply) is already there (idempotent). */
export async function insertGoldenExample(sql: Sql, ex: NewGoldenExample): Promise<boolean> {
  const rows = await sql.query<{ id: number }>(
    `insert into golden_examples (bot, user_text, reply, source, session_id) values ($1, $2, $3, $4, $5)
     on conflict (bot, user_text, reply) do nothing returning id`,
    [ex.bot, ex.userText, ex.reply, ex.source, ex.sessionId ?? null],
  );
  return rows.length > 0;
}

export async function listGoldenExamples(sql: Sql, bot: string, limit = 500): Promise<GoldenExample[]> {
  const rows = await sql.query<{ id: number; bot: string; user_text: string; reply: string; source: string; session_id: string | null }>(
    'select id, bot, user_text, reply, source, session_id from golden_examples where bot = $1 order by id desc limit $2',
    [bot, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), bot: r.bot, userText: r.user_text, reply: r.reply, source: r.source, sessionId: r.session_id }));
}

// Function words that would make every message look alike (pt, es, en).
const STOPWORDS = new Set(
  (
    'a o os as um uma uns umas de da do das dos em no na nos nas ao aos para pra pro por com sem que se e ou mas ' +
    'eu tu ele ela nos voce vc meu minha seu sua isso esse essa este esta aqui ai la ja nao sim tem ter ser sao foi ' +
    'el la los las un una del al y en con por para que es lo le mi tu su yo no si ' +
    'the an and or of to in on at for with is are was be it this that you me my your i not yes do does'
  ).split(' '),
);

const fold = (text: string) => foldDiacritics(text).toLowerCase();

/** Content-word stems of a text: folded words of 3+ letters, stopwords out, cut to 5 characters. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 3 || STOPWORDS.has(w)) continue;
    out.add(w.slice(0, 5));
  }
  return out;
}

/** Overlap of two token sets, normalised (cosine over sets): 1 for the same words, 0 for none in common. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / Math.sqrt(a.size * b.size);
}

/** The bot's golden examples most similar to `text` (best first), above `minScore`. */
export async function findGoldenExamples(sql: Sql, bot: string, text: string, opts: { limit?: number; minScore?: number } = {}): Promise<GoldenExample[]> {
  const query = tokens(text);
  if (!query.size) return [];
  const all = await listGoldenExamples(sql, bot, 2000);
  return all
    .map((ex) => ({ ...ex, score: similarity(query, tokens(ex.userText)) }))
    .filter((ex) => ex.score >= (opts.minScore ?? 0.2))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, opts.limit ?? 3);
}

export interface FewShotLabels {
  title: string;
  user: string;
  assistant: string;
}

const DEFAULT_LABELS: FewShotLabels = {
  title: 'Examples of good answers from earlier conversations (follow their tone and level of detail; do not copy facts that do not apply):',
  user: 'User',
  assistant: 'Assistant',
};

/** Few-shot block for a model prompt; '' without examples. */
export function formatFewShot(examples: GoldenExample[], labels: Partial<FewShotLabels> = {}): string {
  if (!examples.length) return '';
  const l = { ...DEFAULT_LABELS, ...labels };
  return [l.title, ...examples.map((ex) => `${l.user}: ${ex.userText}\n${l.assistant}: ${ex.reply}`)].join('\n\n');
}

/** Retrieve and format in one go: what a specialist appends to its model's system prompt. */
export async function goldenPromptBlock(sql: Sql, bot: string, text: string, opts: { limit?: number; labels?: Partial<FewShotLabels> } = {}): Promise<string> {
  return formatFewShot(await findGoldenExamples(sql, bot, text, { limit: opts.limit }), opts.labels);
}
