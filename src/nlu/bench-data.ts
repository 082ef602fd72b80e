// Loading labelled JSONL utterances ({"text","intents":[...],"lang"}) for evaluation and benchmarks.
import { readFileSync } from 'node:fs';
import type { Example, Language } from './types.ts';
import { LABEL_EVIDENCE_BELOW, labelExamples } from './intent-labels.ts';

export interface LabelledLine {
  text: string;
  intents: string[];
  lang?: string;
}

export function readJsonl(file: string): LabelledLine[] {
  const out: LabelledLine[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { text: string; intents?: string[]; intent?: string; lang?: string };
    out.push({ text: row.text, intents: row.intents ?? (row.intent ? [row.intent] : []), lang: row.lang });
  }
  return out;
}

/** One Example per (line, intent) pair; lines without intents are kept as negative examples ('' intent). */
function toExamples(lines: LabelledLine[]): Example[] {
  const out: Example[] = [];
  for (const l of lines) {
    if (l.intents.length === 0) out.push({ text: l.text, intent: '' });
    for (const intent of l.intents) out.push({ text: l.text, intent });
  }
  return out;
}

/**
 * What a model learns from labelled lines: their examples plus, unless `labels` is false, the id made into words
 * of each intent with few lines (label semantics, as bots get it; never the fallback's, whose name says nothing).
 */
export function trainingExamples(lines: LabelledLine[], opts: { fallback?: string; labels?: boolean } = {}): Example[] {
  const examples = toExamples(lines);
  if (opts.labels === false) return examples;
  const counts = new Map<string, number>();
  for (const l of lines) for (const i of l.intents) counts.set(i, (counts.get(i) ?? 0) + 1);
  const few = [...counts].filter(([, n]) => n < LABEL_EVIDENCE_BELOW).map(([id]) => ({ id }));
  return [...examples, ...labelExamples(few.sort((a, b) => a.id.localeCompare(b.id)), opts.fallback ? [opts.fallback] : [])];
}

export function guessLanguage(lines: LabelledLine[], fallback: Language = 'en'): Language {
  const l = lines.find((x) => x.lang)?.lang?.slice(0, 2);
  return l === 'pt' || l === 'es' || l === 'vi' || l === 'en' ? l : fallback;
}

/** Deterministic shuffle (mulberry32), so runs are reproducible. */
export function shuffled<T>(items: T[], seed = 42): T[] {
  const a = items.slice();
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * The few-shot regime: up to `k` lines per intent, drawn at random (seeded) from `lines`.
 * A multi-label line is taken while any of its intents still needs examples; lines without
 * intents (negatives) are kept up to `k` as well.
 */
export function sampleShots(lines: LabelledLine[], k: number, seed = 1): LabelledLine[] {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`shots must be a positive integer, got ${k}`);
  const taken = new Map<string, number>();
  const out: LabelledLine[] = [];
  for (const line of shuffled(lines, seed)) {
    const keys = line.intents.length ? line.intents : [''];
    if (!keys.some((i) => (taken.get(i) ?? 0) < k)) continue;
    for (const i of keys) taken.set(i, (taken.get(i) ?? 0) + 1);
    out.push(line);
  }
  return out;
}
