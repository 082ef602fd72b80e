// A turn streamed as NDJSON, one JSON object a line, as it happens (seed 003's stream): the turn's events, a
// `{"type":"keepalive"}` line whenever nothing else was sent for a while (a long model or tool call keeps the
// connection busy, so proxies and clients do not time it out), the reply as `text_delta` pieces (sentences, long
// ones in word groups) when no model streamed it token by token, then `text` (the whole reply), `done` or `error`.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ChatResult, TurnEvent } from '../../engine/index.ts';
import { turnFailure } from '../errors.ts';

export interface NdjsonStreamOptions {
  /** Milliseconds of silence before a keep-alive line (SWITCHBOARD_STREAM_KEEPALIVE_MS, default 10000); 0: none. */
  keepAliveMs?: number;
  /** Milliseconds between the reply's pieces when the runtime cuts it (SWITCHBOARD_STREAM_PIECE_MS, default 15); 0: no pause. */
  pieceMs?: number;
}

export const DEFAULT_KEEPALIVE_MS = 10_000;
export const DEFAULT_PIECE_MS = 15;

const PIECE_CHARS = 48;

/** The reply cut into pieces to show progressively: sentences, long ones in word groups; joined they are the reply. */
export function replyPieces(text: string, maxChars = PIECE_CHARS): string[] {
  const sentences = text.match(/[^.!?…\n]*(?:[.!?…]+|\n+|$)\s*/gu)?.filter(Boolean) ?? [text];
  const pieces: string[] = [];
  for (const sentence of sentences) {
    if (sentence.length <= maxChars) {
      pieces.push(sentence);
      continue;
    }
    let current = '';
    for (const word of sentence.match(/\S+\s*|\s+/gu) ?? [sentence]) {
      if (current && current.length + word.length > maxChars) {
        pieces.push(current);
        current = '';
      }
      current += word;
    }
    if (current) pieces.push(current);
  }
  return pieces;
}

type Line = { event: unknown; pause?: number };

/** Stream a turn's events one JSON object per line, as they happen; `done` carries the JSON reply's body. */
export function streamTurn(reply: FastifyReply, run: (onEvent: (e: TurnEvent) => void) => Promise<ChatResult>, options: NdjsonStreamOptions = {}) {
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEPALIVE_MS;
  const pieceMs = options.pieceMs ?? DEFAULT_PIECE_MS;
  const queue: Line[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let streamedText = false;
  const push = (event: unknown, pause?: number) => {
    queue.push({ event, pause });
    wake?.();
  };
  const onEvent = (e: TurnEvent) => {
    if (e.type === 'text_delta') streamedText = true;
    // The reply no model streamed: its pieces first, so a client shows it progressively, then the whole.
    if (e.type === 'text' && !streamedText && e.content) {
      replyPieces(e.content).forEach((content, i) => push({ type: 'text_delta', content }, i === 0 ? 0 : pieceMs));
    }
    push(e);
  };
  run(onEvent)
    .then((result) => push({ type: 'done', ...result }))
    .catch((err: unknown) => push({ type: 'error', ...turnFailure(err) }))
    .finally(() => {
      finished = true;
      wake?.();
    });
  async function* lines() {
    while (true) {
      while (queue.length) {
        const { event, pause } = queue.shift()!;
        if (pause) await new Promise((r) => setTimeout(r, pause));
        yield `${JSON.stringify(event)}\n`;
      }
      if (finished) return;
      // Wait for the next event; a silence of keepAliveMs sends a keep-alive line.
      const timer = keepAliveMs > 0 ? setTimeout(() => push({ type: 'keepalive' }), keepAliveMs) : undefined;
      await new Promise<void>((r) => (wake = r));
      clearTimeout(timer);
      wake = null;
    }
  }
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
  return reply.send(Readable.from(lines()));
}
