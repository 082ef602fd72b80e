// The simulator at /: chat with any bot as a customer would, with developer controls around it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getBots, request, type BotInfo } from '../shared/api.ts';
import { chatLang, chatTexts, type ChatTexts } from '../shared/i18n.ts';
import { Icon, Spinner } from '../shared/Icon.tsx';
import { RichText, systemText } from '../shared/RichText.tsx';
import { MessageParts } from './MessageParts.tsx';
import { storedToken } from '../console/auth.ts';
import { botPaused, useConversation, type ChatItem } from './useConversation.ts';
import { ChatList } from './ChatList.tsx';
import { useChatList } from './useChatList.ts';

const BOT_KEY = 'switchboard.sim.bot';

function initialBot(): string | null {
  return new URLSearchParams(location.search).get('bot') ?? localStorage.getItem(BOT_KEY);
}

export function Simulator() {
  const [bots, setBots] = useState<BotInfo[]>([]);
  const [botId, setBotId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [userId, setUserId] = useState(() => sessionStorage.getItem('switchboard.sim.user') ?? '');
  const [showIntents, setShowIntents] = useState(false);
  const ids = { bot: useId(), user: useId(), debug: useId(), input: useId() };

  useEffect(() => {
    getBots()
      .then((list) => {
        setBots(list);
        const wanted = initialBot();
        setBotId(list.find((b) => b.id === wanted)?.id ?? list[0]?.id ?? null);
      })
      .catch((err: Error) => setLoadError(`Could not load the bots: ${err.message}`));
  }, []);

  const bot = bots.find((b) => b.id === botId);
  const t = chatTexts[chatLang(bot?.language)];
  const chat = useConversation(botId, userId);
  const chats = useChatList(botId, chat.session, chat.mode, chat.items.find((i) => i.role === 'user')?.content);

  useEffect(() => {
    document.title = bot ? `${bot.name} · Switchboard simulator` : 'Switchboard simulator';
  }, [bot]);

  const chooseBot = (id: string) => {
    setBotId(id);
    localStorage.setItem(BOT_KEY, id);
    const url = new URL(location.href);
    url.searchParams.set('bot', id);
    history.replaceState(null, '', url);
  };

  return (
    <div className="app sim-app">
      <a className="skip-link" href={`#${ids.input}`}>
        Skip to the chat input
      </a>
      <header className="topbar">
        <h1 className="brand">
          Switchboard <span className="brand-sub">Simulator</span>
        </h1>
        <nav aria-label="Pages">
          <a className="link-button" href="/admin">
            Console
          </a>
        </nav>
      </header>
      <main className="sim-main">
        <section className="sim-controls" aria-label="Simulator settings">
          <div className="field">
            <label htmlFor={ids.bot}>Bot</label>
            <select id={ids.bot} data-testid="bot-select" value={botId ?? ''} onChange={(e) => chooseBot(e.target.value)}>
              {bots.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.language})
                </option>
              ))}
            </select>
            {bot && (
              <p className="hint">
                {bot.understanding} understanding · model {bot.model} · {bot.intents.length} intents
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.user}>User ID{bot?.requireUser ? (storedToken() ? ' (required by this bot)' : ' (required by this bot: sign in to the console first, so it vouches for the id)') : ' (optional)'}</label>
            <input
              id={ids.user}
              data-testid="user-id"
              value={userId}
              autoComplete="off"
              placeholder="e.g. user-123"
              onChange={(e) => {
                setUserId(e.target.value);
                sessionStorage.setItem('switchboard.sim.user', e.target.value);
              }}
            />
          </div>
          <div className="field checkbox">
            <input id={ids.debug} type="checkbox" data-testid="show-intents" checked={showIntents} onChange={(e) => setShowIntents(e.target.checked)} />
            <label htmlFor={ids.debug}>Show the intents of each turn</label>
          </div>
          <ChatList chats={chats} active={chat.session?.sessionId ?? null} onNew={chat.reset} onSelect={chat.select} />
          {chat.session && (
            <p className="hint mono" data-testid="session-id">
              Session {chat.session.sessionId}
            </p>
          )}
          {loadError && (
            <p className="error" role="alert">
              {loadError}
            </p>
          )}
        </section>

        <section className="chat" aria-label={bot ? `Conversation with ${bot.name}` : 'Conversation'} lang={bot?.language}>
          <div className="chat-log" role="log" aria-live="polite" aria-relevant="additions text" data-testid="chat-log">
            {bot && !bot.greeting && chat.items.length === 0 && (
              <p className="empty center" lang="en">
                Write to {bot.name} as a customer would. Conversations are stored and show up in the console.
              </p>
            )}
            {bot?.greeting && chat.items.length === 0 && (
              <div className="msg-row bot">
                <div className="bubble bot">
                  <RichText text={bot.greeting} />
                </div>
              </div>
            )}
            {chat.items.map((item) => (
              <Bubble key={item.key} item={item} t={t} bot={bot} showIntents={showIntents} session={chat.session} onSend={(text) => chat.send(text, t.handedOff)} busy={chat.busy} />
            ))}
          </div>
          {botPaused(chat.mode) && (
            <div className={`handoff-banner ${chat.mode}`} role="status" data-testid="handoff-banner" data-mode={chat.mode}>
              <Icon name="human" /> {chat.mode === 'human' ? t.humanBanner : t.handoffBanner}
            </div>
          )}
          {chat.error && (
            <p className="error chat-error" role="alert">
              {chat.error}
            </p>
          )}
          <Composer inputId={ids.input} t={t} disabled={!bot} busy={chat.busy} onSend={(text) => chat.send(text, t.handedOff)} />
        </section>
      </main>
    </div>
  );
}

function Composer({ inputId, t, disabled, busy, onSend }: { inputId: string; t: ChatTexts; disabled: boolean; busy: boolean; onSend: (text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The chat input takes focus as soon as a bot is loaded (it is disabled until then).
  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [disabled]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setText('');
    void onSend(value).finally(() => input.current?.focus());
  };
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t.messageLabel}
      </label>
      <input
        id={inputId}
        ref={input}
        data-testid="chat-input"
        autoComplete="off"
        maxLength={4000}
        placeholder={t.placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" data-testid="chat-send" disabled={disabled || busy || !text.trim()}>
        {t.send}
      </button>
    </form>
  );
}

function Bubble({ item, t, bot, showIntents, session, onSend, busy }: {
  item: ChatItem;
  t: ChatTexts;
  bot?: BotInfo;
  showIntents: boolean;
  session: { sessionId: string; sessionToken: string } | null;
  onSend: (text: string) => Promise<void>;
  busy: boolean;
}) {
  if (item.role === 'system') {
    return (
      <div className="msg-row system" data-testid="msg-system">
        <div className="bubble system">{systemText(item.content)}</div>
      </div>
    );
  }
  if (item.role === 'user') {
    return (
      <div className="msg-row user" data-testid="msg-user">
        <div className="bubble user">
          <RichText text={item.content} />
        </div>
      </div>
    );
  }
  const human = item.source === 'human';
  const label = (tool: string, fallback: string) => bot?.toolLabels[tool] ?? fallback;
  return (
    <div className={`msg-row bot ${human ? 'human' : ''}`} data-testid={human ? 'msg-human' : 'msg-bot'} data-stored={item.id !== undefined ? '' : undefined}>
      <div className={`bubble ${human ? 'human' : 'bot'}`} aria-busy={item.streaming && !item.content ? true : undefined}>
        {human && (
          <p className="from-person">
            <Icon name="human" size={16} /> {t.fromPerson}
          </p>
        )}
        {item.tools && item.tools.length > 0 && (
          <ul className="tool-lines" aria-label="Progress">
            {item.tools.map((tool, i) => (
              <li key={i} className={tool.done ? (tool.ok ? 'done' : 'failed') : 'running'} data-testid="tool-line">
                {tool.done ? <Icon name={tool.ok ? 'check' : 'cross'} size={14} /> : <Spinner />} {tool.label ?? label(tool.tool, t.working)}
              </li>
            ))}
          </ul>
        )}
        {item.content ? <RichText text={item.content} /> : item.streaming && <p className="typing">{t.typing}</p>}
        <MessageParts parts={item.parts} onSend={onSend} onCardOpen={cardOpener(session, item.id)} disabled={busy} />
        {showIntents && item.intents.length > 0 && (
          <p className="intent-chips" data-testid="turn-intents">
            {item.intents.map((i) => (
              <span key={i} className="chip">
                {bot?.intents.find((x) => x.id === i)?.label ?? i} <code>{i}</code>
              </span>
            ))}
          </p>
        )}
        {!human && item.id !== undefined && session && <Thumbs messageId={item.id} session={session} t={t} />}
      </div>
    </div>
  );
}

/** Opening a result card of a stored reply counts for the bot's click-through (each card once per conversation). */
function cardOpener(session: { sessionId: string; sessionToken: string } | null, messageId: number | undefined) {
  if (!session || messageId === undefined) return undefined;
  return (part: number, item: number) => {
    const body = { type: 'click', messageId, part, item };
    // A click that was not counted changes nothing for the customer.
    request('POST', `/api/sessions/${encodeURIComponent(session.sessionId)}/events`, { body, sessionToken: session.sessionToken }).catch(() => {});
  };
}

function Thumbs({ messageId, session, t }: { messageId: number; session: { sessionId: string; sessionToken: string }; t: ChatTexts }) {
  const [rating, setRating] = useState<1 | -1 | null>(null);
  const [failed, setFailed] = useState(false);
  const rate = async (value: 1 | -1) => {
    setFailed(false);
    try {
      await request('POST', `/api/sessions/${encodeURIComponent(session.sessionId)}/feedback`, { body: { messageId, rating: value }, sessionToken: session.sessionToken });
      setRating(value);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="thumbs">
      <button type="button" className="icon" aria-label={t.helpful} aria-pressed={rating === 1} data-testid="thumb-up" onClick={() => rate(1)}>
        <Icon name="up" />
      </button>
      <button type="button" className="icon" aria-label={t.notHelpful} aria-pressed={rating === -1} data-testid="thumb-down" onClick={() => rate(-1)}>
        <Icon name="down" />
      </button>
      {failed && <span className="error">!</span>}
    </div>
  );
}
