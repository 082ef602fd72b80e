// The simulator at /: chat with any bot as a customer would, with developer controls around it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BotInfo } from '../shared/api.ts';
import { chatLang, chatTexts, type ChatTexts } from '../shared/i18n.ts';
import { Icon } from '../shared/Icon.tsx';
import { RichText } from '../shared/RichText.tsx';
import { storedToken } from '../console/auth.ts';
import { Bubble } from './Bubble.tsx';
import { botPaused, useConversation } from './useConversation.ts';
import { ChatList } from './ChatList.tsx';
import { useBots } from './useBots.ts';
import { useChatList } from './useChatList.ts';

const USER_KEY = 'switchboard.sim.user';

export function Simulator() {
  const { bots, bot, botId, loadError, chooseBot } = useBots();
  const [userId, setUserId] = useState(() => sessionStorage.getItem(USER_KEY) ?? '');
  const [showIntents, setShowIntents] = useState(false);
  const inputId = useId();
  const t = chatTexts[chatLang(bot?.language)];
  const chat = useConversation(botId, userId);
  const chats = useChatList(botId, chat.session, chat.mode, chat.items.find((i) => i.role === 'user')?.content);
  const send = (text: string) => chat.send(text, t.handedOff);

  useEffect(() => {
    document.title = bot ? `${bot.name} · Switchboard simulator` : 'Switchboard simulator';
  }, [bot]);

  const changeUserId = (value: string) => {
    setUserId(value);
    sessionStorage.setItem(USER_KEY, value);
  };

  return (
    <div className="app sim-app">
      <a className="skip-link" href={`#${inputId}`}>
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
          <BotField bots={bots} botId={botId} bot={bot} onChoose={chooseBot} />
          <UserIdField bot={bot} userId={userId} onChange={changeUserId} />
          <IntentsToggle checked={showIntents} onChange={setShowIntents} />
          <ChatList chats={chats} active={chat.session?.sessionId ?? null} onNew={chat.reset} onSelect={chat.select} />
          {chat.session && (
            <p className="hint mono" data-testid="session-id">
              Session {chat.session.sessionId}
            </p>
          )}
          <ErrorText error={loadError} />
        </section>

        <section className="chat" aria-label={bot ? `Conversation with ${bot.name}` : 'Conversation'} lang={bot?.language}>
          <div className="chat-log" role="log" aria-live="polite" aria-relevant="additions text" data-testid="chat-log">
            {chat.items.length === 0 && bot && <ChatOpening bot={bot} />}
            {chat.items.map((item) => (
              <Bubble key={item.key} item={item} t={t} bot={bot} showIntents={showIntents} session={chat.session} onSend={send} busy={chat.busy} />
            ))}
          </div>
          {botPaused(chat.mode) && (
            <div className={`handoff-banner ${chat.mode}`} role="status" data-testid="handoff-banner" data-mode={chat.mode}>
              <Icon name="human" /> {chat.mode === 'human' ? t.humanBanner : t.handoffBanner}
            </div>
          )}
          <ErrorText error={chat.error} className="chat-error" />
          <Composer inputId={inputId} t={t} disabled={!bot} busy={chat.busy} onSend={send} />
        </section>
      </main>
    </div>
  );
}

/** The bot picker, with what the chosen bot runs on; says so when the server has no bot loaded. */
export function BotField({ bots, botId, bot, onChoose }: { bots: BotInfo[] | null; botId: string | null; bot?: BotInfo; onChoose: (id: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Bot</label>
      <select id={id} data-testid="bot-select" value={botId ?? ''} onChange={(e) => onChoose(e.target.value)}>
        {(bots ?? []).map((b) => (
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
      {bots?.length === 0 && (
        <p className="hint" data-testid="no-bots">
          No bots are loaded on this server. Put a bot folder under bots/ (or point SWITCHBOARD_BOTS_DIR at your bots) and restart it.
        </p>
      )}
    </div>
  );
}

/** What the user id field says about the id: optional, or required (and then only believed from a signed-in console). */
export function userIdLabel(bot: BotInfo | undefined, signedIn: boolean): string {
  if (!bot?.requireUser) return 'User ID (optional)';
  return signedIn ? 'User ID (required by this bot)' : 'User ID (required by this bot: sign in to the console first, so it vouches for the id)';
}

function UserIdField({ bot, userId, onChange }: { bot?: BotInfo; userId: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{userIdLabel(bot, !!storedToken())}</label>
      <input id={id} data-testid="user-id" value={userId} autoComplete="off" placeholder="e.g. user-123" onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function IntentsToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field checkbox">
      <input id={id} type="checkbox" data-testid="show-intents" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>Show the intents of each turn</label>
    </div>
  );
}

/** Before the first message: the bot's greeting, else a line on what to do (in English: it is the simulator's). */
function ChatOpening({ bot }: { bot: BotInfo }) {
  if (!bot.greeting) {
    return (
      <p className="empty center" lang="en">
        Write to {bot.name} as a customer would. Conversations are stored and show up in the console.
      </p>
    );
  }
  return (
    <div className="msg-row bot">
      <div className="bubble bot">
        <RichText text={bot.greeting} />
      </div>
    </div>
  );
}

function ErrorText({ error, className }: { error: string | null; className?: string }) {
  if (!error) return null;
  return (
    <p className={className ? `error ${className}` : 'error'} role="alert">
      {error}
    </p>
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
