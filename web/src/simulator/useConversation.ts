// One simulated customer conversation: sends messages (streamed NDJSON), keeps the session's secret, and
// while a person has the conversation re-reads it every few seconds so the operator's replies appear.
import { useCallback, useEffect, useRef, useState } from 'react';
import { storedToken } from '../console/auth.ts';
import { ApiError, newClientMessageId, request, streamChat, type Message, type Mode, type SessionDetail, type UiPart } from '../shared/api.ts';

export interface ToolLine {
  tool: string;
  label?: string;
  done: boolean;
  ok: boolean;
}

/** A message as the simulator shows it: stored ones have an id; the one being answered is local. */
export interface ChatItem {
  key: string;
  id?: number;
  role: Message['role'];
  source: Message['source'];
  content: string;
  intents: string[];
  tools?: ToolLine[];
  /** The reply's UI parts (cards, a form), rendered by MessageParts. */
  parts?: UiPart[];
  streaming?: boolean;
}

/** A conversation of this tab: its id and the secret that lets the simulator read it. */
export interface Stored {
  sessionId: string;
  sessionToken: string;
}

const HANDOFF_REFRESH_MS = 3000;
const storageKey = (bot: string) => `switchboard.sim.${bot}`;

export const botPaused = (mode: Mode) => mode === 'handoff_pending' || mode === 'human';

function fromServer(m: Message): ChatItem {
  return { key: `m${m.id}`, id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents ?? [], ...(m.parts?.length ? { parts: m.parts } : {}) };
}

export function useConversation(bot: string | null, userId: string) {
  const [items, setItems] = useState<ChatItem[]>([]);
  const [mode, setMode] = useState<Mode>('bot');
  const [session, setSession] = useState<Stored | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Tool progress lines stay attached to the reply they led to. */
  const toolsByReply = useRef<Record<number, ToolLine[]>>({});
  /** The "handed off" notice is the simulator's own (not stored): it sits after the reply that handed off. */
  const noticesAfter = useRef<Record<number, string>>({});
  const sessionRef = useRef<Stored | null>(null);
  sessionRef.current = session;

  const refresh = useCallback(async (s: Stored | null = sessionRef.current, settled: string[] = []) => {
    if (!s) return;
    try {
      const detail = await request<SessionDetail>('GET', `/api/sessions/${encodeURIComponent(s.sessionId)}`, { sessionToken: s.sessionToken });
      if (sessionRef.current?.sessionId !== s.sessionId) return; // a new conversation started meanwhile
      setItems((current) => {
        const inFlight = current.filter((i) => i.id === undefined && i.streaming && !settled.includes(i.key));
        const stored = detail.messages.flatMap((m) => {
          // The reply's UI parts come back with it (stored with the message).
          const item: ChatItem = { ...fromServer(m), tools: toolsByReply.current[m.id] };
          const notice = noticesAfter.current[m.id];
          return notice ? [item, { key: `n${m.id}`, role: 'system' as const, source: 'system' as const, content: notice, intents: [] }] : [item];
        });
        return [...stored, ...inFlight];
      });
      setMode(detail.mode);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 401)) {
        // The stored conversation is gone (fresh database): start over quietly.
        if (bot) sessionStorage.removeItem(storageKey(bot));
        setSession(null);
        setItems([]);
        setMode('bot');
      }
    }
  }, [bot]);

  // A bot switch resumes that bot's conversation of this tab, if any.
  useEffect(() => {
    toolsByReply.current = {};
    noticesAfter.current = {};
    setItems([]);
    setMode('bot');
    setError(null);
    const saved = bot ? sessionStorage.getItem(storageKey(bot)) : null;
    const s = saved ? (JSON.parse(saved) as Stored) : null;
    setSession(s);
    sessionRef.current = s;
    if (s) void refresh(s);
  }, [bot, refresh]);

  // Only while a person has the conversation: re-read it so the operator's messages show up.
  useEffect(() => {
    if (!session || !botPaused(mode)) return;
    const timer = setInterval(() => void refresh(), HANDOFF_REFRESH_MS);
    return () => clearInterval(timer);
  }, [session, mode, refresh]);

  /** Switch to another conversation of this bot (null: a new one, started by the next message). */
  const select = useCallback(
    (s: Stored | null) => {
      if (bot) {
        if (s) sessionStorage.setItem(storageKey(bot), JSON.stringify(s));
        else sessionStorage.removeItem(storageKey(bot));
      }
      toolsByReply.current = {};
        noticesAfter.current = {};
      sessionRef.current = s;
      setSession(s);
      setItems([]);
      setMode('bot');
      setError(null);
      if (s) void refresh(s);
    },
    [bot, refresh],
  );

  const reset = useCallback(() => select(null), [select]);

  const send = useCallback(
    async (text: string, handedOffText: string) => {
      if (!bot || !text.trim()) return;
      setBusy(true);
      setError(null);
      const stamp = Date.now().toString(36);
      const userKey = `u-${stamp}`;
      const replyKey = `r-${stamp}`;
      const tools: ToolLine[] = [];
      const parts: UiPart[] = [];
      let written = '';
      let handedOff = false;
      setItems((cur) => [
        ...cur,
        { key: userKey, role: 'user', source: '', content: text, intents: [], streaming: true },
        { key: replyKey, role: 'assistant', source: 'bot', content: '', intents: [], tools, streaming: true },
      ]);
      const patchReply = (patch: Partial<ChatItem>) => setItems((cur) => cur.map((i) => (i.key === replyKey ? { ...i, ...patch } : i)));
      const s = sessionRef.current;
      try {
        const result = await streamChat(
          bot,
          { sessionId: s?.sessionId, sessionToken: s?.sessionToken, userId: userId.trim() || undefined, message: text, clientMessageId: newClientMessageId() },
          (e) => {
            if (e.type === 'intent') patchReply({ intents: e.intents });
            else if (e.type === 'tool_start') {
              tools.push({ tool: e.tool, label: e.label, done: false, ok: true });
              patchReply({ tools: [...tools] });
            } else if (e.type === 'tool_end') {
              const t = tools.find((x) => x.tool === e.tool && !x.done);
              if (t) Object.assign(t, { done: true, ok: e.ok !== false });
              patchReply({ tools: [...tools] });
            } else if (e.type === 'text_delta') {
              written += e.content;
              patchReply({ content: written });
            } else if (e.type === 'text') patchReply({ content: e.content });
            else if (e.type.startsWith('data-')) {
              parts.push(e as UiPart);
              patchReply({ parts: [...parts] });
            }
            else if (e.type === 'handoff') {
              handedOff = true;
              setMode(e.mode);
              setItems((cur) => [...cur, { key: `h-${stamp}`, role: 'system', source: 'system', content: handedOffText, intents: [], streaming: true }]);
            }
          },
          // A typed user id is only believed with proof: signed in to the console, its token vouches for it.
          userId.trim() ? (storedToken() ?? undefined) : undefined,
        );
        const stored = { sessionId: result.sessionId, sessionToken: result.sessionToken ?? s?.sessionToken ?? '' };
        sessionStorage.setItem(storageKey(bot), JSON.stringify(stored));
        sessionRef.current = stored;
        setSession(stored);
        setMode(result.mode);
        if (result.replyMessageId) {
          toolsByReply.current[result.replyMessageId] = tools;
          if (handedOff) noticesAfter.current[result.replyMessageId] = handedOffText;
        }
        // Settle on the stored conversation (ids for feedback, system messages, operator replies).
        const settled = [userKey, replyKey, `h-${stamp}`];
        await refresh(stored, settled);
        setItems((cur) => cur.map((i) => (settled.includes(i.key) ? { ...i, streaming: false } : i)));
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
        setItems((cur) => cur.filter((i) => i.key !== replyKey).map((i) => (i.key === userKey ? { ...i, streaming: false } : i)));
      } finally {
        setBusy(false);
      }
    },
    [bot, userId, refresh],
  );

  return { items, mode, session, busy, error, send, reset, select };
}
