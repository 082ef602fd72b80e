// What a bot's run adds up to: conversations and turns passed, intent accuracy over the turns that declare
// intents, the confusion between intents, turn latency, and model calls per turn when collected.
import { isFailure, isKnownGap, type BotRun, type TurnResult } from './runner.ts';
import { summarize, type LatencySummary } from './stats.ts';

/** The label used in the confusion matrix for "no intent" (missed or spurious). */
const NONE = '∅';

export interface Confusion {
  /** Row and column labels: the bot's intents seen in the run, then ∅. */
  labels: string[];
  /** counts[expected][got] */
  counts: Record<string, Record<string, number>>;
}

export interface BotMetrics {
  conversations: { total: number; passed: number };
  /** failed: turns that fail the run; knownGaps: known gaps that still fail; fixedGaps: known gaps that now pass. */
  turns: { total: number; passed: number; failed: number; knownGaps: number; fixedGaps: number };
  intents: { turns: number; correct: number; accuracy: number };
  confusion: Confusion;
  latency: LatencySummary;
  latencies: number[];
  /** Present when model calls were collected. */
  models?: { turns: number; callsPerTurn: number; understandCallsPerTurn: number; withoutModelShare: number };
}

export function computeMetrics(run: BotRun, intentOrder: readonly string[] = []): BotMetrics {
  const turns = run.conversations.flatMap((c) => c.turns);
  const failed = turns.filter(isFailure).length;
  const knownGaps = turns.filter(isKnownGap).length;
  const fixedGaps = turns.filter((t) => t.known && t.failures.length === 0).length;
  const intentTurns = turns.filter((t) => t.expect.intents && t.user !== undefined && !t.skipped);
  const correct = intentTurns.filter((t) => sameSet(t.expect.intents!, t.got.intents ?? [])).length;
  const latencies = turns.filter((t) => t.ms !== undefined).map((t) => t.ms!);
  const metrics: BotMetrics = {
    conversations: { total: run.conversations.length, passed: run.conversations.filter((c) => c.passed).length },
    turns: { total: turns.length, passed: turns.length - failed - knownGaps, failed, knownGaps, fixedGaps },
    intents: { turns: intentTurns.length, correct, accuracy: intentTurns.length ? correct / intentTurns.length : Number.NaN },
    confusion: confusionOf(intentTurns, intentOrder),
    latency: summarize(latencies),
    latencies,
  };
  const withCalls = turns.filter((t) => t.modelCalls);
  if (withCalls.length) {
    const total = withCalls.reduce((a, t) => a + t.modelCalls!.total, 0);
    const understand = withCalls.reduce((a, t) => a + t.modelCalls!.understand, 0);
    metrics.models = {
      turns: withCalls.length,
      callsPerTurn: total / withCalls.length,
      understandCallsPerTurn: understand / withCalls.length,
      withoutModelShare: withCalls.filter((t) => t.modelCalls!.total === 0).length / withCalls.length,
    };
  }
  return metrics;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

/**
 * Confusion over sets: an intent both expected and got counts on the diagonal; each missed intent is paired
 * with each spurious one (or with ∅ when there is none), and a spurious intent with nothing missed is
 * counted in the ∅ row.
 */
function confusionOf(turns: readonly Pick<TurnResult, 'expect' | 'got'>[], intentOrder: readonly string[] = []): Confusion {
  const counts: Record<string, Record<string, number>> = {};
  const add = (e: string, g: string) => {
    counts[e] ??= {};
    counts[e][g] = (counts[e][g] ?? 0) + 1;
  };
  const seen = new Set<string>();
  for (const t of turns) {
    const want = new Set(t.expect.intents ?? []);
    const have = new Set(t.got.intents ?? []);
    for (const i of [...want, ...have]) seen.add(i);
    for (const i of want) if (have.has(i)) add(i, i);
    const missed = [...want].filter((i) => !have.has(i));
    const extra = [...have].filter((i) => !want.has(i));
    if (!want.size && !have.size) add(NONE, NONE);
    for (const m of missed) {
      if (extra.length) for (const x of extra) add(m, x);
      else add(m, NONE);
    }
    if (!missed.length) for (const x of extra) add(NONE, x);
  }
  const ordered = [...intentOrder.filter((i) => seen.has(i)), ...[...seen].filter((i) => !intentOrder.includes(i)).sort()];
  return { labels: [...ordered, NONE], counts };
}

/** The turns that fail the run, with their conversation, for printing. */
export function failuresOf(run: BotRun): TurnResult[] {
  return run.conversations.flatMap((c) => c.turns.filter(isFailure));
}

/** Known gaps that still fail, and known gaps that pass now (their `known` mark can go). */
export function knownGapsOf(run: BotRun): { failing: TurnResult[]; fixed: TurnResult[] } {
  const turns = run.conversations.flatMap((c) => c.turns);
  return { failing: turns.filter(isKnownGap), fixed: turns.filter((t) => t.known && t.failures.length === 0) };
}
