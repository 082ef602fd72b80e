// A real HTTP server on 127.0.0.1 that speaks four model-provider protocols well enough for the
// official SDKs (through the LangChain integrations) to talk to it:
//   - OpenAI chat completions: POST /v1/chat/completions (and /chat/completions), JSON or SSE
//   - Anthropic Messages:      POST /v1/messages, JSON or SSE events
//   - Gemini:                  POST /v1beta/models/<model>:generateContent | :streamGenerateContent?alt=sse
//   - Ollama's own chat API:   POST /api/chat, JSON or NDJSON (one object per line, the last with done: true)
//   - Embeddings:              OpenAI POST /v1/embeddings, Ollama POST /api/embed, Gemini :embedContent and
//                              :batchEmbedContents; the vectors come from `embed` (default: a hashed bag of words)
// Tests script the answers (`enqueue`) and assert on what the client sent (`requests`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerOf, sendAnswer, sendError, streamAnswer } from './fake-answers.ts';
import { describeRequest, isDelayOnly, readBody, routeOf, wait, type Route } from './fake-requests.ts';
import { bagOfWordsEmbedding, sendEmbeddings, type FakeEmbedder } from './fake-embeddings.ts';

export { bagOfWordsEmbedding, type FakeEmbedder, type BagOfWordsOptions } from './fake-embeddings.ts';

export type Protocol = 'openai' | 'anthropic' | 'gemini' | 'ollama';

/** One scripted answer. Fields combine: `{ delayMs: 50, text: 'hi' }` answers 'hi' after 50 ms. */
export interface FakeReply {
  /** The model answers with this JSON: as the forced tool's arguments when the request forces a tool, else as text. */
  json?: unknown;
  /** Plain assistant text. */
  text?: string;
  /** Verbatim assistant output (e.g. malformed JSON); tool arguments when an OpenAI request forces a tool. */
  raw?: string;
  /** The model calls this tool. */
  toolCall?: { name: string; args: unknown };
  /** Answer with this HTTP error status and a protocol-shaped error body. */
  status?: number;
  errorMessage?: string;
  /** Wait before answering (aborted cleanly when the client goes away). */
  delayMs?: number;
  /** Destroy the socket without answering: a network error for the client. */
  hangUp?: boolean;
  /** Answer 200 with this body as it is (a broken JSON document or event stream), whatever the protocol. */
  body?: string;
  /** How streamed text is cut into deltas; default: word by word. */
  chunks?: string[];
  /** Token counts reported in usage; default: estimated from characters. */
  usage?: { input?: number; output?: number };
}

export interface FakeRequest {
  protocol: Protocol;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  stream: boolean;
  model: string;
  /** All prompt text the client sent (system + messages), joined with newlines: handy for assertions. */
  text: string;
  /** The tool the request forces (structured output via function calling), if any. */
  forcedTool?: string;
  /** An embedding request's texts, in order. */
  inputs?: string[];
}

export type Responder = (req: FakeRequest) => FakeReply;

export interface FakeLlmServer {
  /** Base URL for OpenAI-compatible clients, ending in /v1. */
  url: string;
  /** Origin (no path): the base URL for the Anthropic, Gemini and Ollama SDKs. */
  origin: string;
  requests: FakeRequest[];
  /** Answer used when the queue is empty. */
  respond: Responder;
  /** The vector of each text an embedding request sends (scripted replies' status, delay and hang-up apply too). */
  embed: FakeEmbedder;
  enqueue(...replies: FakeReply[]): void;
  /** Number of scripted replies not consumed yet. */
  readonly pending: number;
  close(): Promise<void>;
}

const defaultResponder: Responder = () => ({ text: 'ok' });

export async function startFakeLlmServer(options: { respond?: Responder; embed?: FakeEmbedder } = {}): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const requests: FakeRequest[] = [];

  const fake: FakeLlmServer = {
    url: '',
    origin: '',
    requests,
    respond: options.respond ?? defaultResponder,
    embed: options.embed ?? bagOfWordsEmbedding(),
    enqueue: (...replies) => void queue.push(...replies),
    get pending() {
      return queue.length;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The reply to give: the next scripted one, else the responder's (a delay-only script delays the responder's). */
  const nextReply = (record: FakeRequest): FakeReply => {
    const reply = queue.shift() ?? fake.respond(record);
    return isDelayOnly(reply) ? { ...fake.respond(record), delayMs: reply.delayMs } : reply;
  };

  /** Plays a reply's delay, hang-up or error status; true when one of them already ended the exchange. */
  const playedMishap = async (reply: FakeReply, route: Route, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    if (reply.delayMs) {
      const stillThere = await wait(reply.delayMs, res, timers);
      if (!stillThere) return true;
    }
    if (reply.hangUp) {
      req.socket.destroy();
      return true;
    }
    if (reply.status && reply.status >= 400) {
      sendError(route.protocol, res, reply.status, reply.errorMessage ?? `scripted ${reply.status}`);
      return true;
    }
    if (reply.body !== undefined) {
      res.writeHead(200, { 'content-type': req.headers.accept?.includes('text/event-stream') ? 'text/event-stream' : 'application/json' });
      res.end(reply.body);
      return true;
    }
    return false;
  };

  const server = http.createServer(async (req, res) => {
    const parsed = await parseRequest(req, res);
    if (!parsed) return;
    const { route, url, body } = parsed;
    const record = describeRequest(route, req, url, body);
    requests.push(record);

    const reply = nextReply(record);
    if (await playedMishap(reply, route, req, res)) return;
    if (route.embed) {
      sendEmbeddings(route.protocol, res, (record.inputs ?? []).map((t) => fake.embed(t)), record);
      return;
    }
    const answer = answerOf(reply, record);
    if (record.stream) await streamAnswer(route.protocol, res, answer, record);
    else sendAnswer(route.protocol, res, answer, record);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://127.0.0.1:${port}`;
  fake.url = `${fake.origin}/v1`;
  return fake;
}

/** The request's route and JSON body; answers 404 (no route) or 400 (not JSON) itself and returns null. */
async function parseRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<{ route: Route; url: URL; body: any } | null> {
  const raw = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = routeOf(req.method ?? 'GET', url.pathname);
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url.pathname}` } }));
    return null;
  }
  try {
    return { route, url, body: raw ? JSON.parse(raw) : {} };
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'request body is not JSON' } }));
    return null;
  }
}
