// The scripted model of the model comparison: a real OpenAI-protocol HTTP server on 127.0.0.1 (the test
// suite's fake LLM server) that answers each understanding call with the intents the conversation test
// EXPECTS for the turn being played — an oracle. Running a bot's tests against it shows what a perfect model
// would cost in calls and latency. Grounded replies get the first knowledge passage back, as a faithful
// model would. A turn that declares no intents gets a 503, so the runtime falls back to local understanding.

export interface Oracle {
  /** OpenAI-compatible base URL (…/v1). */
  url: string;
  /** The env that points a runtime at the oracle with the given understanding mode. */
  env(mode: 'llm' | 'cascade', base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** The turn about to be played: its text and expected intents (undefined when it declares none). */
  expect(text: string, intents: string[] | undefined): void;
  readonly calls: { understand: number; other: number; unknown: number };
  close(): Promise<void>;
}

const LAST_MESSAGE_LABELS = ['ultima mensagem do cliente', 'ultimo mensaje del cliente', 'tin nhắn cuối cùng của khách hàng', 'last customer message'];

/** The customer's message in an understanding prompt: the text after the last "…last message: " label. */
export function lastMessageOf(prompt: string): string | undefined {
  let best = -1;
  let label = '';
  for (const l of LAST_MESSAGE_LABELS) {
    const at = prompt.lastIndexOf(`${l}: `);
    if (at > best) {
      best = at;
      label = l;
    }
  }
  return best < 0 ? undefined : prompt.slice(best + label.length + 2).trim();
}

/** The first passage ("[1] …") of a grounded-reply system prompt, without its heading line. */
export function firstPassageOf(prompt: string): string | undefined {
  const m = /\[1\] ([\s\S]*?)(?:\n\n\[2\] |$)/.exec(prompt);
  if (!m) return undefined;
  const lines = m[1].trim().split('\n');
  return (lines.length > 1 ? lines.slice(1) : lines).join('\n').trim();
}

export async function startOracle(): Promise<Oracle> {
  // The fake provider lives with the test support code; it is a real HTTP server, not a mock.
  const { startFakeLlmServer } = await import('../llm/testing/fake-server.ts');
  let current: { text: string; intents: string[] | undefined } | undefined;
  const byText = new Map<string, string[]>();
  const calls = { understand: 0, other: 0, unknown: 0 };
  const fake = await startFakeLlmServer({
    respond(req) {
      const structured = Boolean(req.forcedTool) || req.body?.response_format !== undefined;
      if (!structured && req.text.includes('[INTENT:')) {
        // Seed 004's tagged reply: the tag decides the intent; the text is a placeholder answer.
        calls.understand++;
        const intents = current?.intents;
        if (!intents?.length) {
          calls.unknown++;
          return { status: 503, errorMessage: 'the oracle has no expected intents for this message' };
        }
        return { text: `[INTENT:${intents[0]}] (oracle reply)` };
      }
      if (!structured) {
        calls.other++;
        return { text: firstPassageOf(req.text) ?? 'Ok!' };
      }
      calls.understand++;
      const message = lastMessageOf(req.text);
      const intents = current && message === current.text.trim() ? current.intents : message !== undefined ? byText.get(message) : undefined;
      if (!intents) {
        calls.unknown++;
        return { status: 503, errorMessage: 'the oracle has no expected intents for this message' };
      }
      return { json: { intents, general_response: '' } };
    },
  });
  return {
    url: fake.url,
    calls,
    env(mode, base = process.env) {
      return {
        ...base,
        SWITCHBOARD_MODEL: 'openai:gpt-4o-mini',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'oracle',
        SWITCHBOARD_UNDERSTANDING: mode,
        SWITCHBOARD_LLM_TIMEOUT_MS: '10000',
      };
    },
    expect(text, intents) {
      current = { text, intents };
      if (intents) byText.set(text.trim(), intents);
    },
    close: () => fake.close(),
  };
}
