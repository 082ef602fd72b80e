// The review file between a model's proposals and bot.yaml: the author deletes what they don't want, then
// accepts the rest, which is appended to the intents' examples (bot.yaml keeps its comments and layout).
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isSeq, parse, parseDocument, type YAMLSeq } from 'yaml';
import type { Proposal } from './paraphrase.ts';

const REVIEW_FILE = 'augment.review.yaml';

export function reviewPath(botDir: string): string {
  return join(botDir, REVIEW_FILE);
}

/** The review file's text: a header of comments, then the proposals by intent. */
export function reviewText(proposals: Proposal[], header: string[]): string {
  const byIntent = new Map<string, string[]>();
  for (const p of proposals) byIntent.set(p.intent, [...(byIntent.get(p.intent) ?? []), p.text]);
  const lines = header.map((h) => `# ${h}`.trimEnd());
  lines.push('intents:');
  for (const [intent, texts] of byIntent) {
    lines.push(`  ${JSON.stringify(intent)}:`);
    for (const t of texts) lines.push(`    - ${JSON.stringify(t)}`);
  }
  return lines.join('\n') + '\n';
}

/** The proposals left in a review file. Throws with a readable message when the file is malformed. */
export function readReview(file: string): Proposal[] {
  const raw = parse(readFileSync(file, 'utf8')) as unknown;
  const intents = (raw as { intents?: unknown } | null)?.intents;
  if (intents === null || intents === undefined) return [];
  if (typeof intents !== 'object' || Array.isArray(intents)) throw new Error(`${file}: 'intents' must map intent ids to lists of examples`);
  const out: Proposal[] = [];
  for (const [intent, texts] of Object.entries(intents as Record<string, unknown>)) {
    if (texts === null) continue;
    if (!Array.isArray(texts)) throw new Error(`${file}: intents.${intent} must be a list of examples`);
    for (const t of texts) if (typeof t === 'string' && t.trim()) out.push({ intent, text: t.trim() });
  }
  return out;
}

/**
 * Append accepted proposals to bot.yaml's `intents.<id>.examples`, skipping texts already there. The new lines
 * are inserted as text after each list's last item (flow lists `[a, b]` get `, "c"`), so the rest of the file is
 * left byte for byte. Returns how many were added per intent; throws for an intent bot.yaml doesn't have.
 */
export function acceptIntoBotYaml(botDir: string, proposals: Proposal[]): Record<string, number> {
  const file = join(botDir, 'bot.yaml');
  const source = readFileSync(file, 'utf8');
  const doc = parseDocument(source);
  const intents = doc.get('intents');
  if (!isMap(intents)) throw new Error(`${file} has no intents`);
  const byIntent = new Map<string, string[]>();
  for (const p of proposals) byIntent.set(p.intent, [...(byIntent.get(p.intent) ?? []), p.text]);
  const edits: Edit[] = [];
  const added: Record<string, number> = {};
  for (const [id, texts] of byIntent) {
    const intent = intents.get(id, true);
    if (!isMap(intent)) throw new Error(`${file} has no intent '${id}'`);
    const examples = intent.get('examples', true);
    const present = new Set(isSeq(examples) ? (examples.toJSON() as unknown[]).map(String) : []);
    const fresh = [...new Set(texts)].filter((t) => !present.has(t));
    if (!fresh.length) continue;
    const edit = isSeq(examples) && examples.range && intent.range ? appendEdit(source, examples as ExampleList, fresh.map((t) => JSON.stringify(t))) : null;
    if (!edit) throw new Error(`${file}: intents.${id}.examples is not a list`);
    added[id] = fresh.length;
    edits.push(edit);
  }
  let out = source;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.at);
  writeFileSync(file, out);
  return added;
}

/** Text to insert into bot.yaml at an offset. */
interface Edit {
  at: number;
  text: string;
}

type ExampleList = YAMLSeq & { range: [number, number, number] };

/**
 * Where and how quoted examples join a list: a flow list before its closing bracket, a block list as new lines.
 * Null when the list has no closing bracket where a flow list needs one.
 */
function appendEdit(source: string, examples: ExampleList, quoted: string[]): Edit | null {
  const last = examples.items.at(-1) as { range?: [number, number, number] } | undefined;
  if (examples.flow || !last?.range) {
    const close = source.lastIndexOf(']', examples.range[1]);
    if (close < 0) return null;
    return { at: close, text: `${examples.items.length ? ', ' : ''}${quoted.join(', ')}` };
  }
  // A block list: new lines after the last item's line, with its indentation.
  const lineStart = source.lastIndexOf('\n', last.range[0]) + 1;
  const dash = source.lastIndexOf('-', last.range[0]);
  const indent = ' '.repeat(Math.max(0, dash - lineStart));
  let lineEnd = source.indexOf('\n', last.range[1] - 1);
  if (lineEnd < 0) lineEnd = source.length;
  return { at: lineEnd, text: quoted.map((q) => `\n${indent}- ${q}`).join('') };
}

export function removeReview(botDir: string): void {
  const file = reviewPath(botDir);
  if (existsSync(file)) unlinkSync(file);
}
