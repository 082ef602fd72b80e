// What an operator does to a conversation: move it between bot, waiting and person (seed 004), and answer it.
// The inbox reflects the result at once; the live event confirms it a moment later.
import { useState } from 'react';
import { request, type Message, type Mode, type SessionSummary } from '../shared/api.ts';

interface OperatorActionsOptions {
  id: string;
  token: string;
  patchSession: (id: string, patch: Partial<SessionSummary>) => void;
  /** The operator's reply, once stored. */
  addMessage: (m: Message) => void;
  /** null when an action starts; the reason when it failed. */
  setError: (message: string | null) => void;
}

export function useOperatorActions({ id, token, patchSession, addMessage, setError }: OperatorActionsOptions) {
  const [busy, setBusy] = useState(false);
  const path = `/api/sessions/${encodeURIComponent(id)}`;

  const changeMode = async (to: Mode) => {
    setBusy(true);
    setError(null);
    try {
      const s = await request<SessionSummary>('POST', `${path}/handoff`, { token, body: { mode: to, reason: to === 'handoff_pending' ? 'manual' : undefined } });
      patchSession(id, { mode: s.mode, handoffAt: s.handoffAt, handoffReason: s.handoffReason });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  /** Whether the reply was stored (the reply box keeps the text when it was not). */
  const reply = async (text: string): Promise<boolean> => {
    setError(null);
    try {
      const r = await request<{ message: Message; session: SessionSummary }>('POST', `${path}/reply`, { token, body: { message: text } });
      addMessage({ ...r.message, intents: [] });
      patchSession(id, { mode: r.session.mode, handoffAt: r.session.handoffAt });
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    }
  };

  return { busy, changeMode, reply };
}
