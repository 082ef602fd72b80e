// What happened in this process, for observers (metrics, logs): finished turns and their stages, mode changes,
// double-texting decisions. Unlike the EventHub these never leave the
// process (each replica counts its own work) and cost nothing when nobody listens.
import { domainErrorOf } from '../errors/index.ts';
import type { ChatResult, ModelCallRecord, TraceEntry } from './types.ts';

/** How a message ended: the label of `switchboard_turns_total{outcome}`. */
type TurnOutcomeLabel =
  | 'answered' // the bot replied
  | 'handoff' // the bot replied and handed the conversation to a person
  | 'blocked' // the gate answered (sign-in required, guardrails)
  | 'silent' // a person has the conversation: stored, no reply
  | 'replayed' // a retried clientMessageId or a message already answered with its burst: the stored reply
  | 'rejected' // refused before running (double texting 'reject')
  | 'failed'; // the turn threw (500)

export type RuntimeSignal =
  | {
      type: 'turn';
      bot: string;
      outcome: TurnOutcomeLabel;
      /** The first intent served, '' when none. */
      intent: string;
      intents: readonly string[];
      /** The conversation's mode after the turn ('' when unknown: failed or rejected). */
      mode: string;
      /** How it was understood: local, llm, gate… ('' when no turn ran). */
      path: string;
      ms: number;
      sessionId?: string;
      turnId?: string;
      /** The customer's message and the reply (personal data: loggers print them only when allowed). */
      text: string;
      reply?: string | null;
      error?: string;
    }
  | { type: 'turn_stages'; bot: string; trace: readonly TraceEntry[]; calls: readonly ModelCallRecord[]; persistMs: number }
  | { type: 'mode'; bot: string; sessionId: string; from: string; to: string; reason: string; handoffAt: Date | null }
  | { type: 'double_texting'; bot: string; policy: string; decision: 'queued' | 'merged' | 'rejected' }
  /** A channel message taken from a webhook: its kind (text, image, sticker…) and what the hub did (turn, line, record). */
  | { type: 'channel_message'; channel: string; kind: string; handling: string }
  /** One outgoing message part: sent, failed after its retries, or rejected later by the provider (a failed status). */
  | { type: 'channel_delivery'; channel: string; outcome: 'sent' | 'failed' | 'rejected' }
  /** A read receipt or typing indicator: sent, or failed (never retried, never blocking the reply). */
  | { type: 'channel_presence'; channel: string; outcome: 'sent' | 'failed' };

export class Signals {
  private listeners: ((s: RuntimeSignal) => void)[] = [];

  get active(): boolean {
    return this.listeners.length > 0;
  }

  on(fn: (s: RuntimeSignal) => void): () => void {
    this.listeners.push(fn);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== fn);
    };
  }

  /** Listeners run synchronously; one that throws is reported and never breaks the turn. */
  emit(signal: RuntimeSignal): void {
    for (const l of this.listeners) {
      try {
        l(signal);
      } catch (err) {
        console.error('[signals] observer failed:', (err as Error).message);
      }
    }
  }
}

/** The signal of a message that got a result. */
export function turnSignal(bot: string, text: string, r: ChatResult, ms: number): RuntimeSignal {
  const outcome: TurnOutcomeLabel = r.turnId ? (r.path === 'gate' ? 'blocked' : r.handoff ? 'handoff' : 'answered') : r.reply === null && r.handoff ? 'silent' : 'replayed';
  return { type: 'turn', bot, outcome, intent: r.intents[0] ?? '', intents: r.intents, mode: r.mode, path: r.path ?? '', ms, sessionId: r.sessionId, turnId: r.turnId, text, reply: r.reply };
}

/** The signal of a message that threw: rejected (busy, unavailable) or failed; undefined for the caller's errors. */
export function failedTurnSignal(bot: string, text: string, err: unknown, ms: number, sessionId?: string): RuntimeSignal | undefined {
  const domain = domainErrorOf(err);
  const kind = domain?.kind ?? 'failed';
  const outcome: TurnOutcomeLabel | undefined = kind === 'busy' || kind === 'unavailable' ? 'rejected' : kind === 'failed' ? 'failed' : undefined;
  if (!outcome) return undefined;
  return { type: 'turn', bot, outcome, intent: '', intents: [], mode: '', path: '', ms, sessionId, text, error: (domain ?? (err as Error)).message };
}
