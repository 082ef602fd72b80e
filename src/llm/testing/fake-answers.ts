// The fake model server's answer side: a scripted reply turned into each protocol's JSON body,
// SSE events or NDJSON lines, and its error bodies.
import type http from 'node:http';
import type { FakeReply, FakeRequest, Protocol } from './fake-server.ts';

export interface Answer {
  text?: string;
  toolCall?: { name: string; argsJson: string; args: unknown };
  chunks: string[];
  inputTokens: number;
  outputTokens: number;
}

const estimateTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export function answerOf(reply: FakeReply, req: FakeRequest): Answer {
  const { text, toolCall } = replyContent(reply, req);
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

/** What the scripted reply says: text, or a tool call when the reply is one or the request forced a tool. */
function replyContent(reply: FakeReply, req: FakeRequest): Pick<Answer, 'text' | 'toolCall'> {
  if (reply.toolCall) {
    return { toolCall: { name: reply.toolCall.name, args: reply.toolCall.args, argsJson: JSON.stringify(reply.toolCall.args) } };
  }
  if (reply.json !== undefined) {
    if (req.forcedTool) return { toolCall: { name: req.forcedTool, args: reply.json, argsJson: JSON.stringify(reply.json) } };
    return { text: JSON.stringify(reply.json) };
  }
  if (reply.raw !== undefined) {
    // Only OpenAI carries tool arguments as a string, so only there can they be malformed.
    if (req.forcedTool && req.protocol === 'openai') return { toolCall: { name: req.forcedTool, args: undefined, argsJson: reply.raw } };
    return { text: reply.raw };
  }
  return { text: reply.text ?? '' };
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

export function sendError(protocol: Protocol, res: http.ServerResponse, status: number, message: string): void {
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

export function sendAnswer(protocol: Protocol, res: http.ServerResponse, a: Answer, req: FakeRequest): void {
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

type Tick = () => Promise<unknown>;
type SendEvent = (data: unknown, event?: string) => void;

export async function streamAnswer(protocol: Protocol, res: http.ServerResponse, a: Answer, req: FakeRequest): Promise<void> {
  const tick = () => new Promise((r) => setImmediate(r)); // let the client see deltas one by one
  if (protocol === 'ollama') {
    await streamOllama(res, a, req, tick);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send: SendEvent = (data, event) => {
    if (res.destroyed) return;
    res.write((event ? `event: ${event}\n` : '') + `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
  const streamers = { openai: streamOpenai, anthropic: streamAnthropic, gemini: streamGemini };
  await streamers[protocol](send, a, req, tick);
  res.end();
}

/** Ollama streams NDJSON: one object per piece (or one for the tool call), then the done object. */
async function streamOllama(res: http.ServerResponse, a: Answer, req: FakeRequest, tick: Tick): Promise<void> {
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
}

async function streamOpenai(send: SendEvent, a: Answer, req: FakeRequest, tick: Tick): Promise<void> {
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
}

async function streamAnthropic(send: SendEvent, a: Answer, req: FakeRequest, tick: Tick): Promise<void> {
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
}

async function streamGemini(send: SendEvent, a: Answer, req: FakeRequest, tick: Tick): Promise<void> {
  if (a.toolCall) {
    send(geminiChunk([{ functionCall: { name: a.toolCall.name, args: a.toolCall.args ?? {} } }], 'STOP', a, req));
    return;
  }
  for (let i = 0; i < a.chunks.length; i++) {
    const last = i === a.chunks.length - 1;
    send(geminiChunk([{ text: a.chunks[i] }], last ? 'STOP' : undefined, a, req));
    await tick();
  }
}
