// The server's HTTP API as the console and the simulator use it (same origin). The wire shapes (chat result,
// turn events, modes, errors, console events) come from the server's contract module, the one module of src/
// the console may import — types only, so nothing of the server reaches the bundle. The rest describe the JSON
// of the console's own routes (dates as strings, narrowed unions).
import type { CardsData, FormData, UiPart, ChatResult, ConsoleEvent, ErrorBody, GoldenExample, KnowledgeDocSummary, Message, Mode, ModelCallRecord as ModelCall, SettingsAuditEntry, TraceEntry, TurnEvent } from '../../../src/contract/index.ts';

export type { CardsData, ChatResult, ConsoleEvent, FormData, GoldenExample, Message, Mode, SettingsAuditEntry, TraceEntry, TurnEvent, UiPart };
export type KnowledgeDoc = KnowledgeDocSummary;
/** The inbox's order of modes: waiting for a person first. */
export const MODES: Mode[] = ['handoff_pending', 'human', 'bot'];

export interface BotInfo {
  id: string;
  name: string;
  language: string;
  model: string;
  understanding: string;
  requireUser: boolean;
  intents: { id: string; label: string; handoff: boolean }[];
  toolLabels: Record<string, string>;
  greeting: string | null;
}

export interface Turn {
  id: string;
  path: string;
  intents: string[];
  trace: TraceEntry[];
  modelCalls: ModelCall[];
  latencyMs: number;
  createdAt?: string;
}

export interface SessionSummary {
  id: string;
  bot: string;
  userId: string | null;
  /** false: `userId` was only claimed by the caller (a label), not proven. */
  userVerified?: boolean;
  channel: string | null;
  phoneNumber: string | null;
  mode: Mode;
  handoffReason: string;
  handoffAt: string | null;
  lastIntent: string;
  lastIntentLabel: string | null;
  activeWorkflow?: string | null;
  createdAt: string;
  updatedAt: string;
  lastMessage?: string | null;
  lastMessageAt?: string | null;
  messageCount?: number;
}

export interface SessionDetail extends SessionSummary {
  messages: Message[];
  turns: Turn[];
  state: unknown;
}

export interface IntentRow {
  id: string;
  label: string;
  description: string;
  handoff: boolean;
  predefined: boolean;
  examples: number;
}

export interface HandoffSettings {
  timeout_minutes: number;
  reset_on_greeting: boolean;
}

export interface FeedbackRow {
  id: number;
  bot: string;
  sessionId: string;
  messageId: number;
  rating: 1 | -1;
  comment: string | null;
  createdAt: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    if (body.message) message = body.message;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, message);
}

export async function request<T>(method: string, path: string, opts: { body?: unknown; token?: string; sessionToken?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.sessionToken) headers['x-session-token'] = opts.sessionToken;
  const res = await fetch(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

export const getBots = () => request<{ bots: BotInfo[] }>('GET', '/api/bots').then((r) => r.bots);

/** Sends one message and calls `onEvent` for every NDJSON event as it arrives; resolves with `done`'s body. */
export async function streamChat(
  bot: string,
  body: { sessionId?: string; sessionToken?: string; userId?: string; message: string; clientMessageId?: string },
  onEvent: (e: TurnEvent) => void,
  token?: string,
): Promise<ChatResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/x-ndjson' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api/bots/${encodeURIComponent(bot)}/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) throw await errorOf(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let result: ChatResult | null = null;
  let failure: string | null = null;
  const handle = (line: string) => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as TurnEvent;
    if (event.type === 'done') result = event;
    if (event.type === 'error') failure = event.message;
    onEvent(event);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      handle(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  }
  handle(buffer);
  if (!result) throw new ApiError(500, failure ?? 'the reply stream ended early');
  return result;
}

export function newClientMessageId(): string {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
