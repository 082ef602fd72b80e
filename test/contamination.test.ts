// Held-out and test sentences stay unseen: no sentence a figure or a conversation test is measured on (the edge
// sets in test/fixtures, examples-heldout/, the held-out jsonl sets in scripts/data, the edge sets' dev probes in
// test/data, the user turns of every conversations.yaml) may equal a training line (an intent example of a bot's or
// an example bot's YAML, or a line of the skills' data in src/skills/data) once accents, case and punctuation are
// folded away. A measure taken on a sentence the model was trained on is not a held-out measure. One edge set is
// declared untouched (its file opens with `// UNTOUCHED`): the one whose figure is reported, measured once at the
// end of a round.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../src/paths.ts';

/** The folding the comparison is made under: marks stripped, đ → d, lowercase, anything but letters and digits a space. */
export function foldForContamination(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A line short enough to be a common phrase rather than a sentence ("oi", "sim") is not compared. */
function comparable(folded: string): boolean {
  return folded.length >= 8 && folded.split(' ').length >= 2;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' ? [] : e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const at = (...parts: string[]) => resolve(projectRoot, ...parts);
const isConversations = (f: string) => /conversations\.ya?ml$/.test(f);

/** The string items of YAML lists; with `under`, only of lists under a key of that name (a bot's `examples:`). */
function listItems(node: unknown, under?: string, inside = under === undefined, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) {
      if (typeof item === 'string') {
        if (inside) out.push(item);
      } else listItems(item, under, inside, out);
    }
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) listItems(value, under, inside || key === under, out);
  }
  return out;
}

/** The user turns of a conversations file (`user:` of each turn; a conversation's own `user:` is the customer's id). */
function userTurns(file: string): string[] {
  const doc = parse(readFileSync(file, 'utf8')) as { conversations?: { turns?: { user?: unknown }[] }[] } | null;
  return (doc?.conversations ?? []).flatMap((c) => (c.turns ?? []).map((t) => t.user)).filter((u): u is string => typeof u === 'string');
}

/** The string literals of a TypeScript fixture (the edge sets are lists of literals). */
function stringLiterals(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function jsonlTexts(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { text: string }).text);
}

function trainingLines(): Map<string, string> {
  const lines = new Map<string, string>();
  const yamlFiles = (dir: string) => filesUnder(at(dir)).filter((f) => /\.ya?ml$/.test(f) && !isConversations(f));
  const files = [
    ...[...yamlFiles('bots'), ...yamlFiles('examples')].map((file) => ({ file, under: 'examples' })),
    ...yamlFiles('src/skills/data').map((file) => ({ file, under: undefined })),
  ];
  for (const { file, under } of files) {
    for (const item of listItems(parse(readFileSync(file, 'utf8')), under)) {
      const folded = foldForContamination(item);
      if (comparable(folded)) lines.set(folded, relative(projectRoot, file));
    }
  }
  return lines;
}

const sentencesOf = (file: string, texts: string[]) => texts.map((text) => ({ file: relative(projectRoot, file), text }));

/** The held-out sets: sentences only ever measured on. */
function heldOutSentences(): { file: string; text: string }[] {
  return [
    // Matched on the path inside the project (a checkout's own folder name may say "edge").
    ...filesUnder(at('test/fixtures')).filter((f) => /edge|held-?out/i.test(relative(projectRoot, f)) && f.endsWith('.ts')).flatMap((f) => sentencesOf(f, stringLiterals(f))),
    ...filesUnder(at('examples-heldout')).filter((f) => /\.ya?ml$/.test(f)).flatMap((f) => sentencesOf(f, userTurns(f))),
    ...filesUnder(at('scripts/data')).filter((f) => /heldout.*\.jsonl$/.test(f)).flatMap((f) => sentencesOf(f, jsonlTexts(f))),
  ];
}

/** The texts of an edge-probes file (`bot: [{ text, expect, kind }]`). */
function probeTexts(file: string): string[] {
  const doc = parse(readFileSync(file, 'utf8')) as Record<string, { text?: unknown }[]> | null;
  return Object.values(doc ?? {}).flat().map((p) => p.text).filter((t): t is string => typeof t === 'string');
}

/** Every edge-probes file (test/data/edge-own-probes*.yaml): measured and tuned on, never trained on. */
function probeSentences(): { file: string; text: string }[] {
  return filesUnder(at('test/data')).filter((f) => /edge-own-probes.*\.ya?ml$/.test(f)).flatMap((f) => sentencesOf(f, probeTexts(f)));
}

/** The held-out sets, their dev probes and the conversation tests' user turns. */
function measuredSentences(): { file: string; text: string }[] {
  const conversations = [...filesUnder(at('bots')), ...filesUnder(at('examples'))].filter(isConversations);
  return [...heldOutSentences(), ...probeSentences(), ...conversations.flatMap((f) => sentencesOf(f, userTurns(f)))];
}

/** The held-out sets declared untouched: their file opens with the UNTOUCHED marker. */
function untouchedSets(): string[] {
  return filesUnder(at('test/fixtures'))
    .filter((f) => f.endsWith('.ts') && readFileSync(f, 'utf8').startsWith('// UNTOUCHED'))
    .map((f) => relative(projectRoot, f));
}

/**
 * The sentences written in the runtime's and the bots' code (rules, word lists, prompts, comments' examples), tests
 * left out. Four words at least: shorter literals are a language's common phrases ("pode ser", "sounds good"), which
 * the yes/no and greeting readers must know.
 */
function codeLiterals(): Map<string, string> {
  const literals = new Map<string, string>();
  const code = [...filesUnder(at('src')), ...filesUnder(at('bots'))].filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of code) {
    for (const literal of stringLiterals(file)) {
      const folded = foldForContamination(literal);
      if (folded.split(' ').length >= 4) literals.set(folded, relative(projectRoot, file));
    }
  }
  return literals;
}

describe('held-out and test sentences are not training lines', () => {
  it('folds accents, đ, case and punctuation', () => {
    expect(foldForContamination('  Đặt lịch   hôm nay, được không?! ')).toBe('dat lich hom nay duoc khong');
    expect(foldForContamination('¿Tienen COLÁGENO?')).toBe('tienen colageno');
  });

  it('reads the sets it guards', () => {
    const files = new Set(measuredSentences().map((s) => s.file));
    for (const expected of ['test/fixtures/edge-messages-6.ts', 'test/fixtures/edge-messages-7.ts', 'test/data/edge-own-probes-7-dev.yaml', 'test/fixtures/edge-messages-8.ts', 'test/data/edge-own-probes-8-dev.yaml', 'test/fixtures/edge-messages-9.ts', 'test/data/edge-own-probes-9-dev.yaml', 'test/fixtures/edge-messages-10.ts', 'test/data/edge-own-probes-10-dev.yaml', 'test/fixtures/edge-messages-11.ts', 'test/data/edge-own-probes-11-dev.yaml', 'test/fixtures/edge-messages-12.ts', 'test/data/edge-own-probes-12-dev.yaml', 'test/fixtures/edge-messages-13.ts', 'test/data/edge-own-probes-13-dev.yaml', 'examples-heldout/bike-repair.yaml', 'scripts/data/la-formula-heldout.jsonl', 'bots/la-formula/conversations.yaml', 'examples/clinica/conversations.yaml']) {
      expect(files).toContain(expected);
    }
    expect(trainingLines().size).toBeGreaterThan(1000);
  });

  // The seventh to twelfth sets were measured once and are dev sets now; the thirteenth is the untouched one.
  it('declares one untouched set, the thirteenth', () => {
    expect(untouchedSets()).toEqual(['test/fixtures/edge-messages-13.ts']);
  });

  it('no measured sentence equals a training line after folding', () => {
    const training = trainingLines();
    const copies = new Set<string>();
    for (const { file, text } of measuredSentences()) {
      const folded = foldForContamination(text);
      if (comparable(folded) && training.has(folded)) copies.add(`${file} = ${training.get(folded)}: "${folded}"`);
    }
    expect([...copies].sort()).toEqual([]);
  });

  it('no held-out sentence is written into a rule, a word list or a prompt', () => {
    const literals = codeLiterals();
    const copies = new Set<string>();
    for (const { file, text } of heldOutSentences()) {
      const folded = foldForContamination(text);
      if (literals.has(folded)) copies.add(`${file} = ${literals.get(folded)}: "${folded}"`);
    }
    expect([...copies].sort()).toEqual([]);
  });
});
