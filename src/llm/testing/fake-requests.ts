// The fake model server's request side: which protocol a path speaks, and what a request asked for
// (model, streaming, text, forced tool), as the tests see it in `requests`.
import type http from 'node:http';
import type { FakeReply, FakeRequest, Protocol } from './fake-server.ts';

export interface Route {
  protocol: Protocol;
  model?: string;
  geminiStream?: boolean;
  /** An embedding request (OpenAI /v1/embeddings, Ollama /api/embed, Gemini embedContent / batchEmbedContents). */
  embed?: boolean;
}

export function routeOf(method: string, path: string): Route | null {
  if (method !== 'POST') return null;
  if (path === '/v1/chat/completions' || path === '/chat/completions') return { protocol: 'openai' };
  if (path === '/v1/messages') return { protocol: 'anthropic' };
  if (path === '/api/chat') return { protocol: 'ollama' };
  if (path === '/v1/embeddings' || path === '/embeddings') return { protocol: 'openai', embed: true };
  if (path === '/api/embed') return { protocol: 'ollama', embed: true };
  const gemini = /^\/v1(?:beta|alpha)?\/models\/([^:/]+):(generateContent|streamGenerateContent|embedContent|batchEmbedContents)$/.exec(path);
  if (gemini) return { protocol: 'gemini', model: gemini[1], geminiStream: gemini[2] === 'streamGenerateContent', embed: gemini[2] === 'embedContent' || gemini[2] === 'batchEmbedContents' };
  return null;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export function describeRequest(route: Route, req: http.IncomingMessage, url: URL, body: any): FakeRequest {
  const base = { protocol: route.protocol, method: req.method ?? 'POST', path: url.pathname + url.search, headers: req.headers, body };
  if (route.embed) {
    const inputs = embeddingInputs(route, body);
    return { ...base, stream: false, model: route.model ?? String(body.model ?? ''), text: inputs.join('\n'), inputs };
  }
  return { ...base, ...chatRequestOf[route.protocol](route, body) };
}

type ChatRequest = Pick<FakeRequest, 'stream' | 'model' | 'text' | 'forcedTool'>;

/** What a chat request asked for, read the way each protocol writes it. */
const chatRequestOf: Record<Protocol, (route: Route, body: any) => ChatRequest> = {
  openai: (_route, body) => {
    const texts = (body.messages ?? []).map((m: any) => contentText(m.content));
    return { stream: body.stream === true, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: openaiForcedTool(body) };
  },
  anthropic: (_route, body) => {
    const system = typeof body.system === 'string' ? body.system : contentText(body.system);
    const texts = [system, ...(body.messages ?? []).map((m: any) => contentText(m.content))].filter(Boolean);
    return { stream: body.stream === true, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: anthropicForcedTool(body) };
  },
  ollama: (_route, body) => {
    const texts = (body.messages ?? []).map((m: any) => (typeof m.content === 'string' ? m.content : ''));
    // Ollama streams unless told not to.
    return { stream: body.stream !== false, model: String(body.model ?? ''), text: texts.join('\n'), forcedTool: ollamaForcedTool(body) };
  },
  gemini: (route, body) => {
    const partsText = (c: any) => (c?.parts ?? []).map((p: any) => p.text ?? (p.functionResponse ? JSON.stringify(p.functionResponse) : '')).join('');
    const texts = [partsText(body.systemInstruction), ...(body.contents ?? []).map(partsText)].filter(Boolean);
    return { stream: route.geminiStream === true, model: route.model ?? '', text: texts.join('\n'), forcedTool: geminiForcedTool(body) };
  },
};

/** The texts an embedding request asks vectors for, in order. */
function embeddingInputs(route: Route, body: any): string[] {
  const list = (x: unknown): string[] => (Array.isArray(x) ? x.map(String) : x === undefined ? [] : [String(x)]);
  if (route.protocol !== 'gemini') return list(body.input);
  const partsText = (c: any) => (c?.parts ?? []).map((p: any) => p.text ?? '').join('');
  return Array.isArray(body.requests) ? body.requests.map((r: any) => partsText(r.content)) : [partsText(body.content)];
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

export function isDelayOnly(r: FakeReply): boolean {
  return r.delayMs !== undefined && r.json === undefined && r.text === undefined && r.raw === undefined && r.toolCall === undefined && r.status === undefined && !r.hangUp && r.body === undefined;
}

/** Waits, resolving false when the client went away first. */
export function wait(ms: number, res: http.ServerResponse, timers: Set<NodeJS.Timeout>): Promise<boolean> {
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
