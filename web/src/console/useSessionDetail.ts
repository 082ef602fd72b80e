// One conversation as the console reads it (messages and turns), kept current by the live events: a new message
// is appended at once, and a bot reply (which brings its turn) makes the conversation be read again for the trace.
import { useCallback, useEffect, useRef, useState } from 'react';
import { request, type Message, type SessionDetail } from '../shared/api.ts';
import type { Listener } from './useInbox.ts';

export function useSessionDetail(id: string, token: string, subscribe: (l: Listener) => () => void, onError: (message: string) => void) {
  const [detail, setDetail] = useState<SessionDetail | null>(null);

  // A message that arrives while the conversation is being read may be missing from that read: read again.
  const reading = useRef(false);
  const readAgain = useRef(false);
  const load = useCallback(async () => {
    if (reading.current) {
      readAgain.current = true;
      return;
    }
    reading.current = true;
    try {
      do {
        readAgain.current = false;
        setDetail(await request<SessionDetail>('GET', `/api/sessions/${encodeURIComponent(id)}`, { token }));
      } while (readAgain.current);
    } catch (err) {
      onError((err as Error).message);
    } finally {
      reading.current = false;
    }
  }, [id, token, onError]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Appends a message unless it is there already (the live event and the reply's answer both bring it). */
  const addMessage = useCallback((m: Message) => {
    setDetail((d) => (d && !d.messages.some((x) => x.id === m.id) ? { ...d, messages: [...d.messages, m] } : d));
  }, []);

  useEffect(
    () =>
      subscribe((e) => {
        if (e.type !== 'message' || e.sessionId !== id) return;
        addMessage(e.message);
        if (e.message.source === 'bot' || reading.current) void load();
      }),
    [subscribe, id, load, addMessage],
  );

  return { detail, addMessage };
}
