// Micro-benchmarks of the pieces where a library replaced hand-written code (docs/performance.md, "Libraries in
// place of hand-written code"): model-client requests against the fake provider server, the channel retry
// runner, the lenient JSON reader and the CSV reader. `npx tsx scripts/bench-libs.ts [client|policy|retry|json|csv|uistream]…`
import { performance } from 'node:perf_hooks';
import { AIMessage } from '@langchain/core/messages';
import { withRetry } from '../src/channels/http.ts';
import { CircuitBreaker } from '../src/llm/circuit-breaker.ts';
import { ModelClient } from '../src/llm/client.ts';
import { parseJsonLoose } from '../src/llm/json.ts';
import { resolveModel, type ChatModelHandle } from '../src/llm/registry.ts';
import { startFakeLlmServer } from '../src/llm/testing/fake-server.ts';
import { parseCsv } from '../src/store/csv.ts';
import Fastify from 'fastify';
import type { ChatResult, TurnEvent } from '../src/engine/index.ts';
import { streamUiTurn } from '../src/server/routes/ui-stream.ts';

async function timed(name: string, runs: number, fn: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, runs); i++) await fn(i); // warm-up
  const started = performance.now();
  for (let i = 0; i < runs; i++) await fn(i);
  const ms = performance.now() - started;
  console.log(`${name.padEnd(44)} ${runs} runs  ${ms.toFixed(0).padStart(6)} ms  ${((ms * 1000) / runs).toFixed(1).padStart(8)} µs/run`);
}

async function client(): Promise<void> {
  const fake = await startFakeLlmServer({ respond: () => ({ text: 'ok' }) });
  const handle = resolveModel('openai:gpt-4o-mini', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.url })!;
  const model = new ModelClient(handle, { breaker: new CircuitBreaker(), backoffMs: 1 });
  const messages = [{ role: 'user' as const, content: 'oi' }];
  await timed('model client: text() request', 2000, () => model.text(messages, { purpose: 'bench' }));
  await timed('model client: streamed text() request', 2000, () => model.text(messages, { purpose: 'bench', onDelta: () => {} }));
  let n = 0;
  fake.respond = () => (n++ % 2 === 0 ? { status: 503 } : { text: 'ok' });
  await timed('model client: 503 then retried request', 1000, () => model.text(messages, { purpose: 'bench' }));
  await fake.close();
}

/** The client's own cost: a model stub that answers at once, so no HTTP or SDK time hides it. */
async function policy(): Promise<void> {
  const answer = new AIMessage('ok');
  const handle = { spec: 'stub:model', provider: 'openai', model: 'model', chat: { invoke: async () => answer } } as unknown as ChatModelHandle;
  const model = new ModelClient(handle, { breaker: new CircuitBreaker() });
  const messages = [{ role: 'user' as const, content: 'oi' }];
  await timed('model client over a stub model: text()', 100_000, () => model.text(messages, { purpose: 'bench' }));
}

async function retry(): Promise<void> {
  const noSleep = async () => {};
  await timed('channel withRetry: first try succeeds', 100_000, () => withRetry(async () => 1, [200, 1000, 3000], noSleep));
  await timed('channel withRetry: 3 failures then success', 2_000, () =>
    withRetry(async (n) => (n < 4 ? Promise.reject(Object.assign(new Error('down'), { retryable: true })) : 1), [200, 1000, 3000], noSleep),
  );
}

const MODEL_OUTPUTS = [
  '{"intents": ["trial"], "reason": "agendar"}',
  'Claro! Aqui está:\n```json\n{"intents": ["faq",], "reason": "dúvida"}\n```\nEspero ter ajudado.',
  "{'action': 'book', 'slots': {'day': 'amanhã', 'confirmed': True, 'note': None}}",
  '[{"tool": "lookup", "args": {"q": "horários"}}, {"tool": "reply", "args": {}}]',
];

async function json(): Promise<void> {
  await timed('parseJsonLoose over 4 model outputs', 50_000, (i) => parseJsonLoose(MODEL_OUTPUTS[i % MODEL_OUTPUTS.length]));
}

async function csv(): Promise<void> {
  const rows = Array.from({ length: 2000 }, (_, i) => `${i}, "Produto ${i}, tamanho M" ,${(i * 1.5).toFixed(2)},"linha ""citada"""`);
  const text = `\ufeffid,name,price,note\n${rows.join('\r\n')}\n\n`;
  await timed('parseCsv of 2,000 rows × 4 columns', 50, () => parseCsv(text));
}

/** A turn of 40 streamed text pieces, a tool call and an intent, served as the UI message stream and read whole. */
async function uistream(): Promise<void> {
  const app = Fastify();
  const result = { sessionId: 's', sessionToken: 't', reply: 'ok', mode: 'bot', handoff: false, intents: ['faq'] } as unknown as ChatResult;
  app.post('/ui', (_req, reply) =>
    streamUiTurn(reply, 's', async (onEvent) => {
      onEvent({ type: 'intent', intents: ['faq'], source: 'local' } as TurnEvent);
      onEvent({ type: 'tool_start', tool: 'lookup' } as TurnEvent);
      onEvent({ type: 'tool_end', tool: 'lookup', ok: true } as TurnEvent);
      for (let i = 0; i < 40; i++) onEvent({ type: 'text', content: `palavra${i} ` } as TurnEvent);
      return result;
    }),
  );
  await timed('UI message stream: one turn, 46 chunks', 5_000, async () => (await app.inject({ method: 'POST', url: '/ui' })).body);
  await app.close();
}

const sections: Record<string, () => Promise<void>> = { client, policy, retry, json, csv, uistream };
for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(sections)) await sections[name]();
