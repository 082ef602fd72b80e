// POST /api/bots/:bot/ui-chat — a bot spoken to through the Vercel AI SDK 5 "UI message stream" protocol,
// so a React app can use `useChat` with `DefaultChatTransport({ api: '/api/bots/<bot>/ui-chat' })`.
//
// Request: the body DefaultChatTransport sends, `{ id, messages: [{ id, role, parts: [{ type: 'text', text }] }], trigger }`.
// The last user message's text is the turn's input; its message id makes retries idempotent; the chat `id`
// is the session id. Continuing a conversation needs its secret: send the `sessionToken` received in the
// first reply's `data-session` part either as the `X-Session-Token` header (DefaultChatTransport's `headers`)
// or as a `sessionToken` body field (its `body`). `userId` (body) is a label kept with the
// conversation: this route proves no user (a signed user token does, on the chat routes).
//
// Response: server-sent events `data: <chunk>` with the `x-vercel-ai-ui-message-stream: v1` header:
//   start → data-session (transient: {sessionId, sessionToken}) → data-intent → data-tool (one part per tool
//   call, same id from "running" to "done") → text-start/text-delta/text-end → the reply's UI parts (data-cards,
//   data-form…) → data-handoff → finish → [DONE].
// Errors before the turn starts (unknown bot, someone else's conversation, bad body) are plain 4xx JSON;
// a turn that fails midway sends an `error` chunk.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatResult, TurnEvent } from '../../engine/index.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../errors/index.ts';
import { turnFailure } from '../errors.ts';
import { getSession } from '../../store/index.ts';
import { roleOf, safeEqual, sessionTokenOf } from '../auth.ts';
import type { RouteContext } from '../app.ts';
import { admittedMessage, clientSessionId, conversationRateLimit } from './chat.ts';
import { DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE } from '../../ingress/index.ts';

export const UI_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
} as const;

const idString = z.string().min(1).max(128).regex(/^[\w.:@+-]+$/, 'use letters, digits and . _ : @ + -');

const uiMessage = z.looseObject({
  id: z.string().max(128).optional(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).max(200),
});

const uiChatBody = z.looseObject({
  id: clientSessionId,
  messages: z.array(uiMessage).min(1).max(500),
  trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
  sessionToken: z.string().max(200).optional(),
  userId: idString.optional(),
});

type UiChatBody = z.infer<typeof uiChatBody>;

/** The text of the last user message, or a 400 that says what is missing. */
export function lastUserText(messages: UiChatBody['messages']): { text: string; messageId?: string } {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) throw new InvalidError('messages has no user message');
  const text = last.parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
  if (!text.trim()) throw new InvalidError('the last user message has no text part');
  const messageId = last.id && idString.safeParse(last.id).success ? last.id : undefined;
  return { text: admittedMessage(text), messageId };
}

/** Turns the runtime's events into UI message stream chunks. */
export class UiChunkMapper {
  private toolCount = 0;
  private running: { id: string; tool: string; label?: string }[] = [];
  private textOpen = false;
  private textSent = false;
  private handoffSent = false;
  private readonly textId: string;

  constructor(private turnKey: string) {
    this.textId = `text-${turnKey}`;
  }

  event(e: TurnEvent): unknown[] {
    switch (e.type) {
      case 'intent':
        return [{ type: 'data-intent', id: `intent-${this.turnKey}`, data: { intents: e.intents, source: e.source } }];
      case 'tool_start': {
        const id = `tool-${this.turnKey}-${this.toolCount++}`;
        this.running.push({ id, tool: e.tool, label: e.label });
        return [{ type: 'data-tool', id, data: { tool: e.tool, label: e.label ?? null, status: 'running' } }];
      }
      case 'tool_end': {
        const i = this.running.findIndex((r) => r.tool === e.tool);
        const started = i >= 0 ? this.running.splice(i, 1)[0] : { id: `tool-${this.turnKey}-${this.toolCount++}`, tool: e.tool, label: undefined };
        return [{ type: 'data-tool', id: started.id, data: { tool: e.tool, label: started.label ?? null, status: 'done', ok: e.ok !== false, output: e.output ?? null } }];
      }
      case 'text':
        return this.text(e.content);
      case 'handoff':
        this.handoffSent = true;
        return [{ type: 'data-handoff', id: `handoff-${this.turnKey}`, data: { mode: e.mode, reason: e.reason ?? null } }];
      case 'error':
        return [{ type: 'error', errorText: e.message }];
      default:
        // A reply's UI parts (cards, a form) are data parts of the message as they are.
        return e.type.startsWith('data-') ? [{ ...e, id: 'id' in e && e.id ? `${e.id}-${this.turnKey}` : `part-${this.turnKey}-${this.toolCount++}` }] : [];
    }
  }

  private text(content: string): unknown[] {
    if (!content) return [];
    const out: unknown[] = [];
    if (!this.textOpen) out.push({ type: 'text-start', id: this.textId });
    this.textOpen = true;
    this.textSent = true;
    out.push({ type: 'text-delta', id: this.textId, delta: content });
    return out;
  }

  /** Closing chunks: any reply text not streamed yet, the paused-bot notice, and finish with the turn's metadata. */
  done(result: ChatResult): unknown[] {
    const out: unknown[] = [];
    if (result.reply && !this.textSent) out.push(...this.text(result.reply));
    if (this.textOpen) out.push({ type: 'text-end', id: this.textId });
    this.textOpen = false;
    if (result.handoff && !this.handoffSent) out.push({ type: 'data-handoff', id: `handoff-${this.turnKey}`, data: { mode: result.mode, reason: null } });
    const metadata = {
      sessionId: result.sessionId,
      mode: result.mode,
      handoff: result.handoff,
      intents: result.intents,
      messageId: result.messageId ?? null,
      replyMessageId: result.replyMessageId ?? null,
      turnId: result.turnId ?? null,
      path: result.path ?? null,
    };
    out.push({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });
    return out;
  }

  failed(message: string): unknown[] {
    const out: unknown[] = [];
    if (this.textOpen) out.push({ type: 'text-end', id: this.textId });
    this.textOpen = false;
    out.push({ type: 'error', errorText: message });
    return out;
  }
}

export async function uiStreamRoutes(app: FastifyInstance<any, any, any, any, ZodTypeProvider>, { runtime, auth, chatRateLimitPerMinute = DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE }: RouteContext) {
  /**
   * The runtime's rule, checked here for a plain 4xx before the stream opens: a stored conversation is this bot's,
   * and continues with its secret or an operator's token. This route proves no user, so a `userId` opens nothing.
   */
  async function authorize(req: FastifyRequest, botId: string, sessionId: string, body: UiChatBody): Promise<string | undefined> {
    const token = body.sessionToken ?? sessionTokenOf(req);
    const s = await getSession(runtime.db, sessionId);
    if (!s) return token;
    if (s.bot !== botId) throw new NotFoundError(`session '${s.id}' does not belong to bot '${botId}'`);
    if (roleOf(req, auth)) return token;
    if (token && safeEqual(token, s.secret)) return token;
    throw new ForbiddenError('this conversation belongs to someone else: send its sessionToken (from the data-session part of the first reply) in the X-Session-Token header');
  }

  app.post(
    '/api/bots/:bot/ui-chat',
    {
      schema: {
        summary: 'Vercel AI SDK 5 UI message stream (useChat / DefaultChatTransport); session token in X-Session-Token',
        params: z.object({ bot: z.string().max(64) }),
        body: uiChatBody,
      },
      config: { rateLimit: conversationRateLimit(chatRateLimitPerMinute, 'id') },
    },
    async (req, reply) => {
      const botId = req.params.bot;
      runtime.bot(botId); // 404 before anything is stored
      const body = req.body;
      const { text, messageId } = lastUserText(body.messages);
      // Checked here for a plain 403 before the stream starts, and again by the runtime under the session's lock.
      const sessionToken = await authorize(req, botId, body.id, body);
      const request = { sessionId: body.id, sessionToken, userId: body.userId, message: text, clientMessageId: messageId, channel: 'web', authorize: !roleOf(req, auth) };
      return streamUiTurn(reply, body.id, (onEvent) => runtime.chat(botId, request, onEvent));
    },
  );
}

/** Runs the turn and streams its chunks as server-sent events, ending with `[DONE]`. */
export function streamUiTurn(reply: FastifyReply, sessionId: string, run: (onEvent: (e: TurnEvent) => void) => Promise<ChatResult>) {
  const mapper = new UiChunkMapper(Date.now().toString(36));
  const queue: unknown[] = [{ type: 'start' }];
  let wake: (() => void) | null = null;
  let finished = false;
  let sessionSent = false;
  const push = (chunks: unknown[]) => {
    queue.push(...chunks);
    wake?.();
  };
  const session = (result?: ChatResult) => {
    if (sessionSent || !result?.sessionToken) return [];
    sessionSent = true;
    return [{ type: 'data-session', transient: true, data: { sessionId: result.sessionId ?? sessionId, sessionToken: result.sessionToken } }];
  };
  run((e) => {
    // The token is only known at the end; the runtime's `done` result carries it, so it goes out then.
    if (e.type !== 'done') push(mapper.event(e));
  })
    .then((result) => push([...session(result), ...mapper.done(result)]))
    .catch((err: unknown) => push(mapper.failed(turnFailure(err).message)))
    .finally(() => {
      finished = true;
      wake?.();
    });
  async function* lines() {
    while (true) {
      while (queue.length) yield `data: ${JSON.stringify(queue.shift())}\n\n`;
      if (finished) break;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
    yield 'data: [DONE]\n\n';
  }
  for (const [k, v] of Object.entries(UI_STREAM_HEADERS)) reply.header(k, v);
  return reply.send(Readable.from(lines()));
}
