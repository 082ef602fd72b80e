// The bench's embeddings section: what meaning from an embedding model costs per message beside local
// understanding alone. The same bot runs three ways (local; SWITCHBOARD_EMBEDDINGS on the fake provider server's
// OpenAI protocol; on its Ollama protocol), in process on PGlite, its conversations played interleaved so all
// three see the same machine. The fake answers at once: the figures are Switchboard's own cost (SDK, loopback
// HTTP, nearest examples), without a real model's network and inference time.
import { destination } from 'pino';
import { startEvalServer, type ConversationFile, type EvalServer } from '../eval/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from '../llm/testing/fake-server.ts';
import { createLogger } from '../observability/index.ts';
import { inProcessPlayer, replayPaired } from './replay.ts';
import { summarize, type LatencySummary } from './stats.ts';

export interface EmbeddingsRow {
  /** 'local', or the embedding model and the protocol the fake server spoke. */
  path: string;
  /** A whole in-process turn, ms. */
  turn: LatencySummary;
  /** The bot's understander alone on the conversations' messages, ms. */
  understand: LatencySummary;
  /** Embedding requests per timed turn (none while a form waits for an answer). */
  callsPerTurn: number;
  /** Embedding requests per message read by the understander alone (no form waiting). */
  callsPerMessage: number;
  /** Requests that embedded the bot's examples (once, on the first message), and how many texts they held. */
  exampleRequests: number;
  exampleTexts: number;
}

export interface EmbeddingsSection {
  bot: string;
  rows: EmbeddingsRow[];
}

interface Contender {
  path: string;
  fake: FakeLlmServer | null;
  server: EvalServer;
}

const quietLogger = (env: NodeJS.ProcessEnv) => createLogger({ env, stream: destination({ dest: '/dev/null', sync: false }) });

export async function measureEmbeddingsSection(opts: { bot: string; botsDir: string; file: ConversationFile; turns: number; maxMs: number; env: NodeJS.ProcessEnv; log: (l: string) => void }): Promise<EmbeddingsSection> {
  const { bot, botsDir, env } = opts;
  const contenders: Contender[] = [];
  try {
    const start = async (path: string, model: string | null) => {
      const fake = model ? await startFakeLlmServer() : null;
      const runEnv = { ...env, SWITCHBOARD_MODEL: '', SWITCHBOARD_EMBEDDINGS: model ?? 'none', ...(fake ? { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'bench', OLLAMA_BASE_URL: fake.origin } : {}) };
      const server = await startEvalServer({ only: [bot], botsDir, withModels: false, env: runEnv, observe: { env: runEnv, logger: quietLogger(runEnv) } });
      contenders.push({ path, fake, server });
    };
    await start('local', null);
    await start('openai:text-embedding-3-small (fake server, OpenAI protocol)', 'openai:text-embedding-3-small');
    await start('ollama:nomic-embed-text (fake server, Ollama protocol)', 'ollama:nomic-embed-text');

    const texts = opts.file.conversations.flatMap((c) => c.turns.flatMap((t) => (t.user === undefined ? [] : [t.user])));
    // Warm-up: one pass each (JIT, pools, the classifier, and the examples embedded), then count from zero.
    opts.log(`  warm-up: one pass of ${opts.file.conversations.length} conversations per path`);
    for (const c of contenders) for (const conversation of opts.file.conversations) await inProcessPlayer(c.server, bot)(conversation, () => {});
    const examples = contenders.map((c) => {
      const batches = c.fake?.requests.filter((r) => (r.inputs?.length ?? 0) > 1) ?? [];
      return { requests: batches.length, texts: batches.reduce((n, r) => n + (r.inputs?.length ?? 0), 0) };
    });
    for (const c of contenders) if (c.fake) c.fake.requests.length = 0;

    opts.log(`  turns: ${opts.turns} per path, interleaved conversation by conversation`);
    const turns = await replayPaired(
      contenders.map((c) => inProcessPlayer(c.server, bot)),
      opts.file,
      { maxTurns: opts.turns, maxMs: opts.maxMs },
    );
    const turnCalls = contenders.map((c) => c.fake?.requests.length ?? 0);
    opts.log(`  understander alone: ${texts.length} messages per path, interleaved`);
    const understand = contenders.map(() => [] as number[]);
    const now = new Date();
    for (let round = 0; understand[0].length < opts.turns; round++) {
      for (const text of texts) {
        for (const [i, c] of contenders.entries()) {
          const t0 = performance.now();
          await c.server.runtime.bot(bot).understander.understand({ text, flows: [], now });
          understand[i].push(performance.now() - t0);
        }
        if (understand[0].length >= opts.turns) break;
      }
    }
    const rows = contenders.map((c, i) => ({
      path: c.path,
      turn: summarize(turns[i]),
      understand: summarize(understand[i]),
      callsPerTurn: turnCalls[i] / turns[i].length,
      callsPerMessage: ((c.fake?.requests.length ?? 0) - turnCalls[i]) / understand[i].length,
      exampleRequests: examples[i].requests,
      exampleTexts: examples[i].texts,
    }));
    return { bot, rows };
  } finally {
    for (const c of contenders) {
      await c.server.close();
      await c.fake?.close();
    }
  }
}
