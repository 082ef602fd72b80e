// The simulator's conversations with one bot in this tab: each with its title (the first customer message) and
// its mode, kept in sessionStorage. The open one's mode comes from the conversation itself; the others' are
// read again every few seconds, so a handoff or an operator's take-over shows on their dots.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, request, type Mode, type SessionDetail } from '../shared/api.ts';
import type { Stored } from './useConversation.ts';

export interface ChatEntry extends Stored {
  title: string;
  mode: Mode;
}

const REFRESH_MS = 5000;
/** The most conversations kept per bot: older ones drop off the list (they stay in the console). */
const MAX_CHATS = 20;
const listKey = (bot: string) => `switchboard.sim.${bot}.chats`;

function load(bot: string | null): ChatEntry[] {
  if (!bot) return [];
  try {
    const list = JSON.parse(sessionStorage.getItem(listKey(bot)) ?? '[]') as ChatEntry[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const titleOf = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);

export function useChatList(bot: string | null, active: Stored | null, activeMode: Mode, firstMessage: string | undefined) {
  const [chats, setChats] = useState<ChatEntry[]>(() => load(bot));
  const activeRef = useRef(active);
  activeRef.current = active;
  const loadedFor = useRef(bot);
  /** The open conversation when the bot changed: the previous bot's, until the conversation hook catches up. */
  const previousBots = useRef<Stored | null>(null);

  useEffect(() => {
    loadedFor.current = bot;
    previousBots.current = activeRef.current;
    setChats(load(bot));
  }, [bot]);

  const update = useCallback(
    (change: (cur: ChatEntry[]) => ChatEntry[]) =>
      setChats((cur) => {
        const next = change(cur);
        if (bot && loadedFor.current === bot) sessionStorage.setItem(listKey(bot), JSON.stringify(next));
        return next;
      }),
    [bot],
  );

  // The open conversation joins the list once it exists (its first message), and keeps its mode and title current.
  useEffect(() => {
    if (!active || active === previousBots.current) return;
    update((cur) => {
      const i = cur.findIndex((c) => c.sessionId === active.sessionId);
      if (i < 0) return [{ ...active, title: titleOf(firstMessage), mode: activeMode }, ...cur].slice(0, MAX_CHATS);
      const c = cur[i];
      const title = c.title || titleOf(firstMessage);
      if (c.mode === activeMode && c.title === title) return cur;
      return cur.map((x, j) => (j === i ? { ...x, mode: activeMode, title } : x));
    });
  }, [active, activeMode, firstMessage, update]);

  // The other conversations' modes, read again now and then.
  const others = chats.filter((c) => c.sessionId !== active?.sessionId);
  const othersKey = others.map((c) => c.sessionId).join(',');
  useEffect(() => {
    if (!othersKey) return;
    let stopped = false;
    const poll = async () => {
      for (const c of load(bot).filter((x) => othersKey.split(',').includes(x.sessionId))) {
        try {
          const detail = await request<SessionDetail>('GET', `/api/sessions/${encodeURIComponent(c.sessionId)}`, { sessionToken: c.sessionToken });
          if (stopped) return;
          const title = c.title || titleOf(detail.messages.find((m) => m.role === 'user')?.content);
          if (detail.mode !== c.mode || title !== c.title) update((cur) => cur.map((x) => (x.sessionId === c.sessionId ? { ...x, mode: detail.mode, title } : x)));
        } catch (err) {
          // Gone (a fresh database): off the list.
          if (!stopped && err instanceof ApiError && (err.status === 404 || err.status === 401)) update((cur) => cur.filter((x) => x.sessionId !== c.sessionId));
        }
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [bot, othersKey, update]);

  return chats;
}
