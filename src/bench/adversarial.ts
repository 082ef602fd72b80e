// The adversarial section of `switchboard bench`: each bot's in-process turn time on messages of 1,000 and 4,000
// characters in hostile shapes (src/bench/hostile.ts), against the bot's ordinary message (the first user turn of
// its conversations.yaml). A turn that costs at most 10× an ordinary one, and no more than linearly more from 1,000
// to 4,000 characters, cannot be used to stall the process.
import { defaultBotsDir } from '../bot/index.ts';
import { startEvalServer, type ConversationFile } from '../eval/index.ts';
import { upsertUser } from '../store/index.ts';
import { hostileShapes } from '../nlu/testing/hostile.ts';

export const ADVERSARIAL_SIZES = [1000, 4000] as const;
/** Goals: a 4,000-character turn ÷ an ordinary one, and the 4,000 ÷ 1,000 growth (4: linear, with room for noise). */
export const ADVERSARIAL_GOALS = { ratio: 10, growth: 4.5 };

export interface AdversarialRow {
  bot: string;
  shape: string;
  /** Median turn time (ms) per size in characters. */
  ms: Record<number, number>;
  /** The 4,000-character turn ÷ the ordinary message's. */
  ratio: number;
  /** The 4,000-character turn ÷ the 1,000-character one. */
  growth: number;
}

export interface AdversarialBot {
  bot: string;
  ordinary: { text: string; ms: number };
  rows: AdversarialRow[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One bot: its ordinary message and each hostile shape at each size, each a new conversation, timed in process. */
export async function adversarialTurns(bot: string, file: ConversationFile, opts: { botsDir?: string; repeats?: number; env?: NodeJS.ProcessEnv } = {}): Promise<AdversarialBot> {
  const repeats = opts.repeats ?? 3;
  const first = file.conversations.find((c) => c.turns.some((t) => t.user !== undefined))!;
  const ordinary = first.turns.find((t) => t.user !== undefined)!.user!;
  const env = opts.env ?? process.env;
  const server = await startEvalServer({ only: [bot], botsDir: opts.botsDir ?? defaultBotsDir, withModels: false, env: { ...env, SWITCHBOARD_MODEL: '' } });
  try {
    server.clock.set(new Date(first.clock ?? Date.now()));
    if (first.user && first.signedIn !== false) await upsertUser(server.runtime.db, { id: first.user });
    const turn = async (message: string) => {
      const t = performance.now();
      await server.runtime.chat(bot, { userId: first.user, message });
      return performance.now() - t;
    };
    for (let i = 0; i < 5; i++) await turn(ordinary); // warm up: the classifier trains, the JIT settles
    const shapes = Object.entries(hostileShapes(ordinary));
    for (const [, make] of shapes) await turn(make(ADVERSARIAL_SIZES[0])); // and each shape's code path once
    // Ordinary turns interleaved with the hostile ones, so both see the same machine.
    const ordinaryMs: number[] = [];
    const times = new Map<string, number[]>();
    for (let r = 0; r < repeats; r++) {
      for (const [shape, make] of shapes) {
        for (const n of ADVERSARIAL_SIZES) {
          const key = `${shape}\u0000${n}`;
          times.set(key, [...(times.get(key) ?? []), await turn(make(n))]);
        }
        ordinaryMs.push(await turn(ordinary));
      }
    }
    const base = median(ordinaryMs);
    const rows = shapes.map(([shape]) => {
      const ms = Object.fromEntries(ADVERSARIAL_SIZES.map((n) => [n, median(times.get(`${shape}\u0000${n}`)!)]));
      const [small, large] = ADVERSARIAL_SIZES;
      return { bot, shape, ms, ratio: ms[large] / base, growth: ms[large] / ms[small] };
    });
    return { bot, ordinary: { text: ordinary, ms: base }, rows };
  } finally {
    await server.close();
  }
}
