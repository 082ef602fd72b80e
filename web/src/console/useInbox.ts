// The live conversation list: one load, then server-sent events keep it current (no polling).
// On a reconnect the list is loaded again, so nothing missed while offline stays missing. Events that arrive
// while a load is in flight wait for it and then apply on top, so a fresh customer cannot drop off the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { request, type ConsoleEvent, type SessionDetail, type SessionSummary } from '../shared/api.ts';

export type Listener = (e: ConsoleEvent) => void;

export function useInbox(token: string, onUnauthorized: () => void) {
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [pending, setPending] = useState(0);
  const [connected, setConnected] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Whether the list was read once (until then an empty list means "not read yet", not "no conversations"). */
  const [loaded, setLoaded] = useState(false);
  /** Conversations whose bot turn is running right now. */
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const listeners = useRef(new Set<Listener>());
  const known = useRef(new Set<string>());
  const loading = useRef(0);
  const held = useRef<ConsoleEvent[]>([]);
  const apply = useRef<(e: ConsoleEvent) => void>(() => {});

  const load = useCallback(async () => {
    loading.current++;
    try {
      const [list, p] = await Promise.all([
        request<{ sessions: SessionSummary[] }>('GET', '/api/sessions?limit=500', { token }),
        request<{ count: number }>('GET', '/api/handoffs/pending', { token }),
      ]);
      known.current = new Set(list.sessions.map((s) => s.id));
      setSessions(list.sessions);
      setPending(p.count);
      setLoaded(true);
      setLoadError(null);
    } catch (err) {
      if ((err as { status?: number }).status === 401) onUnauthorized();
      else setLoadError((err as Error).message);
    } finally {
      if (--loading.current === 0) for (const e of held.current.splice(0)) apply.current(e);
    }
  }, [token, onUnauthorized]);

  /** Conversations being fetched, and whether an event about them arrived meanwhile (then fetch again). */
  const fetching = useRef(new Map<string, boolean>());

  /** A conversation the list has not seen yet (a new customer): fetch its summary, again if it changed meanwhile. */
  const addUnknown = useCallback(
    async (id: string) => {
      if (fetching.current.has(id)) {
        fetching.current.set(id, true);
        return;
      }
      if (known.current.has(id)) return;
      fetching.current.set(id, false);
      try {
        for (;;) {
          const { messages, turns: _turns, state: _state, ...s } = await request<SessionDetail>('GET', `/api/sessions/${encodeURIComponent(id)}`, { token });
          const last = messages.at(-1);
          const summary: SessionSummary = { ...s, lastMessage: last?.content ?? null, lastMessageAt: last?.createdAt ?? null, messageCount: messages.length };
          if (fetching.current.get(id)) {
            fetching.current.set(id, false);
            continue;
          }
          known.current.add(id);
          setSessions((cur) => [summary, ...cur.filter((x) => x.id !== id)]);
          break;
        }
      } catch {
        /* gone or not readable: the next event about it tries again */
      } finally {
        fetching.current.delete(id);
      }
    },
    [token],
  );

  // List updates from one event (the list and the badge; open conversations listen separately).
  apply.current = (e: ConsoleEvent) => {
    if (loading.current > 0) {
      held.current.push(e);
      return;
    }
    if (e.type === 'pending') setPending(e.count);
    else if (e.type === 'typing') {
      setTyping((cur) => {
        const next = new Set(cur);
        if (e.typing) next.add(e.sessionId);
        else next.delete(e.sessionId);
        return next;
      });
    } else if (e.type === 'message') {
      if (!known.current.has(e.sessionId)) void addUnknown(e.sessionId);
      setSessions((cur) => {
        const i = cur.findIndex((s) => s.id === e.sessionId);
        if (i < 0) return cur;
        const s = cur[i];
        const updated = {
          ...s,
          lastMessage: e.message.content,
          lastMessageAt: e.message.createdAt,
          messageCount: (s.messageCount ?? 0) + 1,
          updatedAt: e.message.createdAt,
          // A bot reply carries its turn's intents: the list shows the latest one.
          ...(e.message.source === 'bot' && e.message.intents[0] ? { lastIntent: e.message.intents[0], lastIntentLabel: null } : {}),
        };
        return [updated, ...cur.slice(0, i), ...cur.slice(i + 1)];
      });
    } else if (e.type === 'session') {
      if (!known.current.has(e.sessionId)) void addUnknown(e.sessionId);
      setSessions((cur) =>
        cur.map((s) => (s.id === e.sessionId ? { ...s, mode: e.mode, handoffReason: e.handoffReason, handoffAt: e.handoffAt, lastIntent: e.lastIntent || s.lastIntent } : s)),
      );
    }
  };

  useEffect(() => {
    void load();
    const source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
    let dropped = false;
    source.onopen = () => {
      setConnected(true);
      if (dropped) void load();
      dropped = false;
    };
    source.onerror = () => {
      setConnected(false);
      dropped = true;
    };
    source.onmessage = (msg) => {
      let e: ConsoleEvent;
      try {
        e = JSON.parse(msg.data) as ConsoleEvent;
      } catch {
        return;
      }
      apply.current(e);
      for (const l of listeners.current) l(e);
    };
    return () => source.close();
  }, [token, load, addUnknown]);

  const subscribe = useCallback((l: Listener) => {
    listeners.current.add(l);
    return () => void listeners.current.delete(l);
  }, []);

  /** After an action of this console, reflect its result at once (the event confirms it a moment later). */
  const patchSession = useCallback((id: string, patch: Partial<SessionSummary>) => {
    setSessions((cur) => cur.map((s) => (s.id === id ? { ...s, ...patch } : s)));
  }, []);

  return { sessions, loaded, pending, connected, loadError, typing, subscribe, patchSession, reload: load };
}
