// Local understanding against NLP.js, both trained on the same bot examples (bot.yaml) and measured on the
// bot's conversation turns that declare a single intent. Switchboard's local understander sees the active
// flow of each turn (as in a real conversation); NLP.js sees the text only. Both use the bot's threshold
// and fallback intent. Then the public datasets through src/nlu's benchNlu, when it is there.
import type { LoadedBot } from '../engine/index.ts';
import { intentExamples, trainNlpjs, type ActiveFlowContext } from '../nlu/index.ts';
import { summarize, type LatencySummary } from './stats.ts';

export interface LabelledTurn {
  text: string;
  intent: string;
  flows: ActiveFlowContext[];
}

interface NluSystemResult {
  accuracy: number;
  /** Accuracy on the turns with no active flow (where context cannot help). */
  accuracyNoFlow: number;
  latency: LatencySummary;
  trainMs: number;
}

export interface BotNluResult {
  bot: string;
  examples: number;
  turns: number;
  turnsWithFlow: number;
  switchboard: NluSystemResult;
  nlpjs?: NluSystemResult;
  nlpjsError?: string;
}

export async function compareOnBot(bot: LoadedBot, turns: LabelledTurn[], now: Date): Promise<BotNluResult> {
  const examples = intentExamples(bot.intents);
  const { threshold, fallback } = bot.config.understanding;
  const noFlow = turns.filter((t) => !t.flows.length);

  // Switchboard: the bot's own understander as the runtime built it (trained at start-up).
  const sbPredict = async (t: LabelledTurn) => (await bot.understander.understand({ text: t.text, flows: t.flows, history: [], now, timeZone: bot.config.timeZone })).intents.map((i) => i.id);
  const switchboard = await score(turns, noFlow, async (t) => {
    const ids = await sbPredict(t);
    return ids.length === 1 ? ids[0] : ids.join('+');
  });
  const result: BotNluResult = { bot: bot.config.id, examples: examples.length, turns: turns.length, turnsWithFlow: turns.length - noFlow.length, switchboard: { ...switchboard, trainMs: Number.NaN } };

  try {
    const t0 = performance.now();
    const nlp = await trainNlpjs(examples, bot.language);
    const trainMs = performance.now() - t0;
    const scored = await score(turns, noFlow, async (t) => {
      const [top] = await nlp.predict(t.text);
      return !top || top.confidence < threshold || top.id === 'None' ? fallback : top.id;
    });
    result.nlpjs = { ...scored, trainMs };
  } catch (err) {
    result.nlpjsError = (err as Error).message;
  }
  return result;
}

async function score(turns: LabelledTurn[], noFlow: LabelledTurn[], predict: (t: LabelledTurn) => Promise<string>): Promise<Omit<NluSystemResult, 'trainMs'>> {
  for (const t of turns.slice(0, 5)) await predict(t); // warm-up
  const latencies: number[] = [];
  const right = new Set<LabelledTurn>();
  for (const t of turns) {
    const t0 = performance.now();
    const got = await predict(t);
    latencies.push(performance.now() - t0);
    if (got === t.intent) right.add(t);
  }
  return {
    accuracy: turns.length ? right.size / turns.length : Number.NaN,
    accuracyNoFlow: noFlow.length ? noFlow.filter((t) => right.has(t)).length / noFlow.length : Number.NaN,
    latency: summarize(latencies),
  };
}

export interface PublicNluResult {
  available: boolean;
  datasets?: string[];
  /** benchNlu's report, as it returned it. */
  report?: unknown;
  /** Its own table (formatBench), when it has one. */
  table?: string;
  error?: string;
}

/** src/nlu/bench.ts's benchNlu over the public datasets, when that module exists. */
export async function publicDatasets(quick: boolean, log: (m: string) => void): Promise<PublicNluResult> {
  let mod: { benchNlu?: (o: Record<string, unknown>) => Promise<unknown>; formatBench?: (r: unknown) => string; defaultDataDir?: () => string };
  try {
    // Resolved at run time: the module is optional (another part of the project provides it).
    mod = (await import(new URL('../nlu/bench.ts', import.meta.url).href)) as typeof mod;
  } catch (err) {
    return { available: false, error: `src/nlu/bench.ts not available: ${(err as Error).message}` };
  }
  if (typeof mod.benchNlu !== 'function') return { available: false, error: 'src/nlu/bench.ts has no benchNlu' };
  // Quick: the smallest dataset only. Full: the two that fit the time budget next to everything else.
  const datasets = quick ? ['nlupp-en'] : ['nlupp-en', 'mtod-es'];
  try {
    const report = await mod.benchNlu({ datasets, log: (m: string) => log(`    ${m}`) });
    return { available: true, datasets, report, table: mod.formatBench?.(report) };
  } catch (err) {
    return { available: true, datasets, error: (err as Error).message };
  }
}
