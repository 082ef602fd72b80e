// A real HTTP server on 127.0.0.1 that speaks four model-provider protocols well enough for the
// official SDKs (through the LangChain integrations) to talk to it:
//   - OpenAI chat completions: POST /v1/chat/completions (and /chat/completions), JSON or SSE
//   - Anthropic Messages:      POST /v1/messages, JSON or SSE events
//   - Gemini:                  POST /v1beta/models/<model>:generateContent | :streamGenerateContent?alt=sse
//   - Ollama's own chat API:   POST /api/chat, JSON or NDJSON (one object per line, the last with done: true)
// Tests script the answers (`enqueue`) and assert on what the client sent (`requests`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  enqueue(...replies: FakeReply[]): void;
  /** Number of scripted replies not consumed yet. */
  readonly pending: number;
  close(): Promise<void>;
}

const defaultResponder: Responder = () => ({ text: 'ok' });

export async function startFakeLlmServer(options: { respond?: Responder } = {}): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const requests: FakeRequest[] = [];

  const fake: FakeLlmServer = {
    url: '',
    origin: '',
    requests,
    respond: options.respond ?? defaultResponder,
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

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routeOf(req.method ?? 'GET', url.pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url.pathname}` } }));
      return;
    }
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'request body is not JSON' } }));
      return;
    }
    const record = describeRequest(route, req, url, body);
    requests.push(record);

    const scripted = queue.shift();
    let reply: FakeReply = scripted ?? fake.respond(record);
    if (isDelayOnly(reply)) reply = { ...fake.respond(record), delayMs: reply.delayMs };

    if (reply.delayMs) {
      const stillThere = await wait(reply.delayMs, res, timers);
      if (!stillThere) return;
    }
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    if (reply.status && reply.status >= 400) {
      sendError(route.protocol, res, reply.status, reply.errorMessage ?? `scripted ${reply.status}`);
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

// ---------------------------------------------------------------- requests

interface Route {
  protocol: Protocol;
  model?: string;
  geminiStream?: boolean;
}

function routeOf(method: string, path: string): Route | null {
  if (method !== 'POST') return null;
  if (path === '/v1/chat/completions' || path === '/chat/completions') return { protocol: 'openai' };
  if (path === '/v1/messages') return { protocol: 'anthropic' };
  if (path === '/api/chat') return { protocol: 'ollama' };
  const gemini = /^\/v1(?:beta|alpha)?\/models\/([^:/]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (gemini) return { protocol: 'gemini', model: gemini[1], geminiStream: gemini[2] === 'streamGenerateContent' };
  return null;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function describeRequest(route: Route, req: http.IncomingMessage, url: URL, body: any): FakeRequest {
  const base = { protocol: route.protocol, method: req.method ?? 'POST', path: url.pathname + url.search, headers: req.headers, body };
  if (route.protocol === 'openai') {
    const texts = (body.messages ?? []).map((m: any) => contentText(m.content));
    return { ...base, stream: body.stream === true, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: openaiForcedTool(body) };
  }
  if (route.protocol === 'anthropic') {
    const system = typeof body.system === 'string' ? body.system : contentText(body.system);
    const texts = [system, ...(body.messages ?? []).map((m: any) => contentText(m.content))].filter(Boolean);
    return { ...base, stream: body.stream === true, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: anthropicForcedTool(body) };
  }
  if (route.protocol === 'ollama') {
    const texts = (body.messages ?? []).map((m: any) => (typeof m.content === 'string' ? m.content : ''));
    // Ollama streams unless told not to.
    return { ...base, stream: body.stream !== false, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: ollamaForcedTool(body) };
  }
  const partsText = (c: any) => (c?.parts ?? []).map((p: any) => p.text ?? (p.functionResponse ? JSON.stringify(p.functionResponse) : '')).join('');
  const texts = [partsText(body.systemInstruction), ...(body.contents ?? []).map(partsText)].filter(Boolean);
  return { ...base, stream: route.geminiStream === true, model: route.model ?? '', text: texts.join('\n'), forcedTool: geminiForcedTool(body) };
}

/** Text of an OpenAI/Anthropic content field: a string or an array of parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p: any) => {
      if (typeof p === 'string') return p;
      if (typeof p?.text === 'string') return p.text;
      if (p?.type === 'tool_result') return contentText(p.content);
      if (p?.type === 'tool_use') return JSON.stringify(p.input);
      return '';
    })
    .join('');
}

function openaiForcedTool(body: any): string | undefined {
  const tools: any[] = body.tools ?? [];
  if (!tools.length) return undefined;
  const choice = body.tool_choice;
  if (choice && typeof choice === 'object') return choice.function?.name;
  if (choice === 'required') return tools[0]?.function?.name;
  return undefined;
}

function anthropicForcedTool(body: any): string | undefined {
  const tools: any[] = body.tools ?? [];
  if (!tools.length) return undefined;
  const choice = body.tool_choice;
  if (choice?.type === 'tool') return choice.name;
  if (choice?.type === 'any') return tools[0]?.name;
  return undefined;
}

function geminiForcedTool(body: any): string | undefined {
  const declarations = (body.tools ?? []).flatMap((t: any) => t.functionDeclarations ?? []);
  if (!declarations.length) return undefined;
  const config = body.toolConfig?.functionCallingConfig;
  if (config?.mode !== 'ANY' && config?.mode !== 'any') return undefined;
  return config.allowedFunctionNames?.[0] ?? declarations[0]?.name;
}

/** Ollama has no tool_choice: a request that offers exactly one tool (function-calling structured output) wants it. */
function ollamaForcedTool(body: any): string | undefined {
  const tools: any[] = body.tools ?? [];
  return tools.length === 1 ? tools[0]?.function?.name : undefined;
}

function isDelayOnly(r: FakeReply): boolean {
  return r.delayMs !== undefined && r.json === undefined && r.text === undefined && r.raw === undefined && r.toolCall === undefined && r.status === undefined && !r.hangUp;
}

/** Waits, resolving false when the client went away first. */
function wait(ms: number, res: http.ServerResponse, timers: Set<NodeJS.Timeout>): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      timers.delete(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      timers.delete(timer);
      res.off('close', onClose);
      resolve(true);
    }, ms);
    timers.add(timer);
    res.once('close', onClose);
  });
}

// ---------------------------------------------------------------- answers

interface Answer {
  text?: string;
  toolCall?: { name: string; argsJson: string; args: unknown };
  chunks: string[];
  inputTokens: number;
  outputTokens: number;
}

const estimateTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

function answerOf(reply: FakeReply, req: FakeRequest): Answer {
  let text: string | undefined;
  let toolCall: Answer['toolCall'];
  if (reply.toolCall) {
    toolCall = { name: reply.toolCall.name, args: reply.toolCall.args, argsJson: JSON.stringify(reply.toolCall.args) };
  } else if (reply.json !== undefined) {
    if (req.forcedTool) toolCall = { name: req.forcedTool, args: reply.json, argsJson: JSON.stringify(reply.json) };
    else text = JSON.stringify(reply.json);
  } else if (reply.raw !== undefined) {
    // Only OpenAI carries tool arguments as a string, so only there can they be malformed.
    if (req.forcedTool && req.protocol === 'openai') toolCall = { name: req.forcedTool, args: undefined, argsJson: reply.raw };
    else text = reply.raw;
  } else {
    text = reply.text ?? '';
  }
  const output = text ?? toolCall?.argsJson ?? '';
  const chunks = reply.chunks ?? (text !== undefined ? splitWords(text) : [output]);
  return {
    text,
    toolCall,
    chunks,
    inputTokens: reply.usage?.input ?? estimateTokens(req.text),
    outputTokens: reply.usage?.output ?? estimateTokens(output),
  };
}

function splitWords(text: string): string[] {
  const parts = text.match(/\S+\s*|\s+/g);
  return parts && parts.length ? parts : [text];
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function sendError(protocol: Protocol, res: http.ServerResponse, status: number, message: string): void {
  if (protocol === 'openai') {
    sendJson(res, status, { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: String(status) } });
  } else if (protocol === 'anthropic') {
    const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
    sendJson(res, status, { type: 'error', error: { type, message } });
  } else if (protocol === 'ollama') {
    sendJson(res, status, { error: message });
  } else {
    const statusName = status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT';
    sendJson(res, status, { error: { code: status, message, status: statusName } });
  }
}

let idCounter = 0;
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(idCounter++).toString(36)}`;

function sendAnswer(protocol: Protocol, res: http.ServerResponse, a: Answer, req: FakeRequest): void {
  if (protocol === 'openai') {
    const message: any = { role: 'assistant', content: a.text ?? null, refusal: null };
    if (a.toolCall) message.tool_calls = [{ id: newId('call'), type: 'function', function: { name: a.toolCall.name, arguments: a.toolCall.argsJson } }];
    sendJson(res, 200, {
      id: newId('chatcmpl'),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: req.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: a.toolCall ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: a.inputTokens, completion_tokens: a.outputTokens, total_tokens: a.inputTokens + a.outputTokens },
    });
  } else if (protocol === 'anthropic') {
    const content = a.toolCall
      ? [{ type: 'tool_use', id: newId('toolu'), name: a.toolCall.name, input: a.toolCall.args ?? {} }]
      : [{ type: 'text', text: a.text ?? '' }];
    sendJson(res, 200, {
      id: newId('msg'),
      type: 'message',
      role: 'assistant',
      model: req.model,
      content,
      stop_reason: a.toolCall ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: a.inputTokens, output_tokens: a.outputTokens },
    });
  } else if (protocol === 'ollama') {
    sendJson(res, 200, ollamaChunk(a.text ?? '', a.toolCall, true, a, req));
  } else {
    sendJson(res, 200, geminiChunk(a.toolCall ? [{ functionCall: { name: a.toolCall.name, args: a.toolCall.args ?? {} } }] : [{ text: a.text ?? '' }], 'STOP', a, req));
  }
}

function geminiChunk(parts: unknown[], finishReason: string | undefined, a: Answer, req: FakeRequest) {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: { promptTokenCount: a.inputTokens, candidatesTokenCount: a.outputTokens, totalTokenCount: a.inputTokens + a.outputTokens },
    modelVersion: req.model,
  };
}

/** One object of Ollama's /api/chat answer; the last (done) one carries the token counts. */
function ollamaChunk(content: string, toolCall: Answer['toolCall'], done: boolean, a: Answer, req: FakeRequest) {
  const message: any = { role: 'assistant', content };
  if (toolCall) message.tool_calls = [{ function: { name: toolCall.name, arguments: toolCall.args ?? {} } }];
  const chunk: any = { model: req.model, created_at: new Date().toISOString(), message, done };
  if (done) Object.assign(chunk, { done_reason: 'stop', total_duration: 1_000_000, load_duration: 0, prompt_eval_count: a.inputTokens, prompt_eval_duration: 0, eval_count: a.outputTokens, eval_duration: 0 });
  return chunk;
}

async function streamAnswer(protocol: Protocol, res: http.ServerResponse, a: Answer, req: FakeRequest): Promise<void> {
  const tick = () => new Promise((r) => setImmediate(r)); // let the client see deltas one by one
  if (protocol === 'ollama') {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const line = (chunk: unknown) => void (res.destroyed || res.write(`${JSON.stringify(chunk)}\n`));
    if (a.toolCall) line(ollamaChunk('', a.toolCall, false, a, req));
    else {
      for (const piece of a.chunks) {
        line(ollamaChunk(piece, undefined, false, a, req));
        await tick();
      }
    }
    line(ollamaChunk('', undefined, true, a, req));
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (data: unknown, event?: string) => {
    if (res.destroyed) return;
    res.write((event ? `event: ${event}\n` : '') + `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };

  if (protocol === 'openai') {
    const id = newId('chatcmpl');
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: req.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
    send(chunk({ role: 'assistant', content: '' }));
    if (a.toolCall) {
      send(chunk({ tool_calls: [{ index: 0, id: newId('call'), type: 'function', function: { name: a.toolCall.name, arguments: '' } }] }));
      for (const piece of a.chunks) {
        send(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
        await tick();
      }
    } else {
      for (const piece of a.chunks) {
        send(chunk({ content: piece }));
        await tick();
      }
    }
    send(chunk({}, a.toolCall ? 'tool_calls' : 'stop'));
    if (req.body.stream_options?.include_usage) {
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: req.model,
        choices: [],
        usage: { prompt_tokens: a.inputTokens, completion_tokens: a.outputTokens, total_tokens: a.inputTokens + a.outputTokens },
      });
    }
    send('[DONE]');
  } else if (protocol === 'anthropic') {
    const message = { id: newId('msg'), type: 'message', role: 'assistant', model: req.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: a.inputTokens, output_tokens: 1 } };
    send({ type: 'message_start', message }, 'message_start');
    if (a.toolCall) {
      send({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: newId('toolu'), name: a.toolCall.name, input: {} } }, 'content_block_start');
      for (const piece of a.chunks) {
        send({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } }, 'content_block_delta');
        await tick();
      }
    } else {
      send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
      for (const piece of a.chunks) {
        send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }, 'content_block_delta');
        await tick();
      }
    }
    send({ type: 'content_block_stop', index: 0 }, 'content_block_stop');
    send({ type: 'message_delta', delta: { stop_reason: a.toolCall ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: a.outputTokens } }, 'message_delta');
    send({ type: 'message_stop' }, 'message_stop');
  } else {
    if (a.toolCall) {
      send(geminiChunk([{ functionCall: { name: a.toolCall.name, args: a.toolCall.args ?? {} } }], 'STOP', a, req));
    } else {
      for (let i = 0; i < a.chunks.length; i++) {
        const last = i === a.chunks.length - 1;
        send(geminiChunk([{ text: a.chunks[i] }], last ? 'STOP' : undefined, a, req));
        await tick();
      }
    }
  }
  res.end();
}
