// npx tsx scripts/bot-nlu-cv.ts [bot…] [--folds 5] [--repeats 1] [--cv-only] [--heldout-only] [--misses] [--json file] [--bots-dir dir]
//
// How well each bot's local understanding generalises from its own `intents.*.examples`:
//  1. k-fold cross-validation (stratified by intent) of createLocalUnderstander with the bot's
//     threshold / fallback / exclusive / multiIntent options, scored on the full understand() output;
//  2. a held-out set written independently of the examples: scripts/data/<bot>-heldout.jsonl,
//     one {"text","intents":[…]} per line, scored with a model trained on all the examples.
// --repeats N reshuffles the folds N times, and trains the held-out model N times on reshuffled
// example orders (the classifier's SGD is order-sensitive: a few points of held-out accuracy).
// --bots-dir compares another copy of the bots (e.g. an older bot.yaml) on the same data.
// Both print accuracy (exact intent set), macro-F1, per-intent recall/precision and the top
// confusions with example texts (--misses: every confusion and every text). Where the bot changes
// the understood intents itself, a second "bot rules" score is shown: la-formula's refineIntents
// (catalogue, health and greeting rules) and mini-crm's local planner (rules only, as at runtime).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBotConfig, type BotConfig } from '../src/bot/index.ts';
import { createLocalUnderstander, scorePredictions, type Example, type Language, type Understanding, type UnderstandingOptions } from '../src/nlu/index.ts';

const ROOT = resolve(import.meta.dirname, '..');
const BOTS = ['ct-smash', 'la-formula', 'fashion-vn', 'mini-crm', 'cloudinha'];
const NOW = new Date('2025-05-15T15:00:00Z');

interface Line {
  text: string;
  intents: string[];
}

type Refiner = (text: string, intents: string[], understanding: Understanding) => Promise<string[]>;

interface Scored {
  gold: string[][];
  predicted: string[][];
  refined?: string[][];
  texts: string[];
}

// ------------------------------------------------------------------ arguments

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const folds = Number(option('--folds', '5'));
const repeats = Number(option('--repeats', '1'));
const jsonOut = args.includes('--json') ? option('--json', '') : '';
const botsDir = resolve(option('--bots-dir', join(ROOT, 'bots')));
const optionValues = new Set(['--folds', '--repeats', '--json', '--bots-dir'].map((o) => option(o, '\0')));
const named = args.filter((a) => !a.startsWith('--') && !optionValues.has(a));
const bots = named.length ? named : BOTS;

// ------------------------------------------------------------------ helpers

/** Deterministic PRNG (mulberry32) so folds are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: T[], rand: () => number): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Stratified folds: each intent's examples are dealt round-robin over the folds. */
function stratifiedFolds(examples: Example[], k: number, seed: number): Example[][] {
  const rand = rng(seed);
  const byIntent = new Map<string, Example[]>();
  for (const e of examples) byIntent.set(e.intent, [...(byIntent.get(e.intent) ?? []), e]);
  const out: Example[][] = Array.from({ length: k }, () => []);
  let offset = 0;
  for (const list of byIntent.values()) {
    shuffle(list, rand).forEach((e, i) => out[(i + offset) % k].push(e));
    offset += list.length;
  }
  return out;
}

const key = (s: string[]) => [...s].sort().join('+') || '∅';
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function understandingOptions(config: BotConfig): UnderstandingOptions {
  return {
    language: config.language.slice(0, 2) as Language,
    threshold: config.understanding.threshold,
    fallback: config.understanding.fallback,
    exclusive: config.understanding.exclusive,
    multiIntent: config.understanding.multiIntent,
    gazetteers: config.gazetteers,
  };
}

function examplesOf(config: BotConfig): Example[] {
  return Object.entries(config.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
}

/** The bot's own step after understanding, where it has one that only needs the text. */
async function botRefiner(id: string, config: BotConfig): Promise<Refiner | undefined> {
  if (id === 'mini-crm') {
    const { localPlan } = await import(pathToFileURL(join(ROOT, 'bots/mini-crm/local-plan.ts')).href);
    const clock = { now: NOW, timeZone: config.timeZone };
    return async (text) => [...new Set<string>(localPlan(text, clock).map((a: { intent: string }) => a.intent))];
  }
  const entry = join(botsDir, id, 'index.ts');
  if (!existsSync(entry)) return undefined;
  const definition = (await import(pathToFileURL(entry).href)).default;
  const refine = definition?.refineIntents;
  if (!refine) return undefined;
  // Routing context the refinement does not need here: no memory, session or database.
  return async (text, intents, understanding) => refine({ text, intents, understanding, memory: {}, session: {}, bot: config, sql: undefined });
}

async function predictAll(
  train: Example[],
  test: Line[],
  options: UnderstandingOptions,
  refine: Refiner | undefined,
  into: Scored,
  timeZone: string,
): Promise<void> {
  const u = createLocalUnderstander(train, options);
  for (const line of test) {
    const r = await u.understand({ text: line.text, flows: [], now: NOW, timeZone });
    const ids = r.intents.map((i) => i.id);
    into.gold.push(line.intents);
    into.predicted.push(ids);
    into.texts.push(line.text);
    if (refine) (into.refined ??= []).push(await refine(line.text, ids, r));
  }
}

// ------------------------------------------------------------------ report

interface Summary {
  n: number;
  accuracy: number;
  macroF1: number;
  bot?: { accuracy: number; macroF1: number };
}

function report(title: string, s: Scored, fallback: string, intents: string[]): Summary {
  const m = scorePredictions(s.gold, s.predicted, fallback);
  const summary: Summary = { n: m.n, accuracy: m.accuracy, macroF1: m.macroF1 };
  let line = `${title}: n=${m.n}  accuracy ${pct(m.accuracy)}  macro-F1 ${pct(m.macroF1)}`;
  if (m.exactSet !== null) line += `  multi-intent exact ${pct(m.exactSet)}`;
  // A refinement that changed nothing here (it needs conversation memory) is not worth a column.
  if (s.refined && s.refined.every((r, i) => key(r) === key(s.predicted[i]))) delete s.refined;
  if (s.refined) {
    const b = scorePredictions(s.gold, s.refined, fallback);
    summary.bot = { accuracy: b.accuracy, macroF1: b.macroF1 };
    line += `  | with the bot's own rules: accuracy ${pct(b.accuracy)}  macro-F1 ${pct(b.macroF1)}`;
  }
  console.log(line);
  for (const [label, pred] of [['classifier', s.predicted], ...(s.refined ? [['bot rules', s.refined]] : [])] as [string, string[][]][]) {
    console.log(`  per intent (${label}):  ${'recall'.padStart(8)} ${'precision'.padStart(10)}  support`);
    for (const id of intents) {
      let tp = 0;
      let fn = 0;
      let fp = 0;
      s.gold.forEach((g, i) => {
        const inGold = g.includes(id);
        const inPred = pred[i].includes(id);
        if (inGold && inPred) tp++;
        else if (inGold) fn++;
        else if (inPred) fp++;
      });
      const rec = tp + fn ? pct(tp / (tp + fn)) : '-';
      const prec = tp + fp ? pct(tp / (tp + fp)) : '-';
      console.log(`    ${id.padEnd(26)} ${rec.padStart(8)} ${prec.padStart(10)}  ${tp + fn}`);
    }
    const confusions = new Map<string, string[]>();
    s.gold.forEach((g, i) => {
      if (key(g) === key(pred[i])) return;
      const k = `${key(g)} → ${key(pred[i])}`;
      confusions.set(k, [...(confusions.get(k) ?? []), s.texts[i]]);
    });
    const top = [...confusions].sort((a, b) => b[1].length - a[1].length).slice(0, flag('--misses') ? undefined : 8);
    if (top.length) console.log(`  top confusions (${label}):`);
    for (const [k, texts] of top) {
      const sample = [...new Set(texts)].slice(0, flag('--misses') ? undefined : 3).map((t) => JSON.stringify(t.length > 70 && !flag('--misses') ? t.slice(0, 67) + '…' : t));
      console.log(`    ${String(texts.length).padStart(3)}  ${k.padEnd(40)} ${sample.join(' ')}`);
    }
  }
  return summary;
}

// ------------------------------------------------------------------ main

const results: Record<string, { cv?: Summary; heldout?: Summary }> = {};

for (const id of bots) {
  const config = readBotConfig(join(botsDir, id));
  const options = understandingOptions(config);
  const examples = examplesOf(config);
  const intents = Object.keys(config.intents);
  const refine = await botRefiner(id, config);
  console.log(`\n=== ${id} (${options.language}, ${examples.length} examples, ${intents.length} intents, threshold ${options.threshold}, fallback ${options.fallback}, multiIntent ${options.multiIntent})`);
  results[id] = {};

  if (!flag('--heldout-only')) {
    const scored: Scored = { gold: [], predicted: [], texts: [] };
    for (let r = 0; r < repeats; r++) {
      const parts = stratifiedFolds(examples, folds, 17 + r);
      for (let f = 0; f < folds; f++) {
        const train = parts.flatMap((p, i) => (i === f ? [] : p));
        const test = parts[f].map((e) => ({ text: e.text, intents: [e.intent] }));
        await predictAll(train, test, options, refine, scored, config.timeZone);
      }
    }
    results[id].cv = report(`${folds}-fold CV${repeats > 1 ? ` ×${repeats}` : ''}`, scored, options.fallback, intents);
  }

  const heldoutFile = join(ROOT, 'scripts/data', `${id}-heldout.jsonl`);
  if (!flag('--cv-only') && existsSync(heldoutFile)) {
    const lines: Line[] = readFileSync(heldoutFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l, i) => {
        const x = JSON.parse(l) as Line;
        for (const intent of x.intents) if (!intents.includes(intent)) throw new Error(`${heldoutFile}:${i + 1}: unknown intent '${intent}'`);
        return x;
      });
    const scored: Scored = { gold: [], predicted: [], texts: [] };
    for (let r = 0; r < repeats; r++) {
      // The first model sees the examples in bot.yaml order, as the runtime does.
      const train = r === 0 ? examples : shuffle(examples, rng(101 + r));
      await predictAll(train, lines, options, refine, scored, config.timeZone);
    }
    results[id].heldout = report(`held-out${repeats > 1 ? ` ×${repeats}` : ''}`, scored, options.fallback, intents);
  }
}

console.log('\nsummary (accuracy; with the bot\'s own rules in brackets)');
for (const [id, r] of Object.entries(results)) {
  const fmt = (s?: Summary) => (s ? `${pct(s.accuracy)}${s.bot ? ` [${pct(s.bot.accuracy)}]` : ''}` : '-');
  console.log(`  ${id.padEnd(12)} CV ${fmt(r.cv).padEnd(18)} held-out ${fmt(r.heldout)}`);
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2) + '\n');
