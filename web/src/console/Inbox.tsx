// Inbox: the live list of every bot's conversations (filter by bot and mode) beside the selected one.
import { useEffect, useId, useState } from 'react';
import type { BotInfo, Mode, SessionSummary } from '../shared/api.ts';
import { MODES } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import { plainPreview } from '../shared/RichText.tsx';
import { BotSelect } from './BotSelect.tsx';
import { Conversation } from './Conversation.tsx';
import { EmptyNote, ErrorNote } from './ui/index.ts';
import type { useInbox } from './useInbox.ts';

/** Who a conversation is with: the phone, the user (a claimed id marked unverified), or an anonymous visitor. */
export function customerLabel(s: Pick<SessionSummary, 'phoneNumber' | 'userId' | 'userVerified'>, t: ConsoleTexts): string {
  if (s.phoneNumber) return s.phoneNumber;
  if (!s.userId) return t.anonymous;
  return s.userVerified === false ? `${s.userId} (${t.unverified})` : s.userId;
}

export function intentLabel(bots: BotInfo[], bot: string, intent: string, fallback?: string | null): string {
  if (!intent) return '';
  return bots.find((b) => b.id === bot)?.intents.find((i) => i.id === intent)?.label ?? fallback ?? intent;
}

export function ModeTag({ mode, t }: { mode: Mode; t: ConsoleTexts }) {
  return (
    <span className={`mode-tag ${mode}`} data-testid="mode-tag" data-mode={mode}>
      <span className="dot" aria-hidden="true" />
      {t.modes[mode] ?? mode}
    </span>
  );
}

/** Re-renders every 30 s so "5 min ago" stays true (a clock, not a request). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * What the list shows when it shows no conversation: that it is still being read, that the filters hide every
 * conversation (with a way to clear them), or that there is none yet.
 */
export function SessionListEmpty({ t, loading, filtered, onClearFilters }: { t: ConsoleTexts; loading: boolean; filtered: boolean; onClearFilters: () => void }) {
  if (loading) {
    return (
      <p className="empty" role="status" data-testid="sessions-loading">
        {t.loadingConversations}
      </p>
    );
  }
  if (!filtered) return <EmptyNote>{t.noConversations}</EmptyNote>;
  return (
    <p className="empty" data-testid="sessions-filtered-out">
      {t.noMatchingConversations}{' '}
      <button type="button" className="link" data-testid="clear-filters" onClick={onClearFilters}>
        {t.clearFilters}
      </button>
    </p>
  );
}

export function Inbox({
  token,
  t,
  bots,
  inbox,
  selected,
  onSelect,
}: {
  token: string;
  t: ConsoleTexts;
  bots: BotInfo[];
  inbox: ReturnType<typeof useInbox>;
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const [botFilter, setBotFilter] = useState('');
  const [modeFilter, setModeFilter] = useState('');
  const ids = { bot: useId(), mode: useId() };
  const now = useNow();
  const rank = (s: SessionSummary) => (s.mode === 'handoff_pending' ? 0 : s.mode === 'human' ? 1 : 2);
  const visible = inbox.sessions
    .filter((s) => (!botFilter || s.bot === botFilter) && (!modeFilter || s.mode === modeFilter))
    // Waiting customers first, then the ones a person has, then the rest; newest first within each.
    .sort((a, b) => rank(a) - rank(b) || (b.lastMessageAt ?? b.updatedAt).localeCompare(a.lastMessageAt ?? a.updatedAt));
  const current = inbox.sessions.find((s) => s.id === selected) ?? null;

  return (
    <div className={`inbox ${selected ? 'has-selection' : ''}`}>
      <section className="session-list" aria-labelledby={`${ids.bot}-title`}>
        <h2 id={`${ids.bot}-title`} className="panel-title">
          {t.conversations}
        </h2>
        <div className="filters">
          <BotSelect bots={bots} value={botFilter} onChange={setBotFilter} label={t.filterBot} allLabel={t.allBots} testId="filter-bot" />
          <div className="field">
            <label htmlFor={ids.mode}>{t.filterMode}</label>
            <select id={ids.mode} data-testid="filter-mode" value={modeFilter} onChange={(e) => setModeFilter(e.target.value)}>
              <option value="">{t.allModes}</option>
              {MODES.map((m) => (
                <option key={m} value={m}>
                  {t.modes[m]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ErrorNote error={inbox.loadError} />
        {visible.length === 0 ? (
          <SessionListEmpty
            t={t}
            loading={!inbox.loaded && !inbox.loadError}
            filtered={inbox.sessions.length > 0}
            onClearFilters={() => {
              setBotFilter('');
              setModeFilter('');
            }}
          />
        ) : (
          <ul className="sessions" aria-live="polite" aria-relevant="additions">
            {visible.map((s) => {
              const who = customerLabel(s, t);
              const label = intentLabel(bots, s.bot, s.lastIntent, s.lastIntentLabel);
              const botName = bots.find((b) => b.id === s.bot)?.name ?? s.bot;
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    className={`session-item ${s.mode} ${s.id === selected ? 'selected' : ''}`}
                    aria-current={s.id === selected ? 'true' : undefined}
                    data-testid="session-item"
                    data-session-id={s.id}
                    data-mode={s.mode}
                    onClick={() => onSelect(s.id)}
                  >
                    <span className="session-top">
                      <ModeTag mode={s.mode} t={t} />
                      <span className="who">{who}</span>
                      <span className="bot-name">{botName}</span>
                    </span>
                    <span className="last-message">
                      {inbox.typing.has(s.id) ? (
                        <em data-testid="bot-typing">{t.botTyping}</em>
                      ) : s.lastMessage ? (
                        plainPreview(s.lastMessage)
                      ) : (
                        '—'
                      )}
                    </span>
                    <span className="session-meta">
                      {label && <span className="chip">{label}</span>}
                      {s.mode !== 'bot' && s.handoffAt && <span className="since">{t.sinceHandoff(timeSince(s.handoffAt, t, now))}</span>}
                      {s.mode === 'bot' && s.lastMessageAt && <span className="since">{timeSince(s.lastMessageAt, t, now)}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="conversation-panel" aria-label={t.conversation}>
        {current ? (
          <Conversation key={current.id} token={token} t={t} bots={bots} summary={current} subscribe={inbox.subscribe} patchSession={inbox.patchSession} onBack={() => onSelect(null)} />
        ) : (
          <EmptyNote center>{t.selectConversation}</EmptyNote>
        )}
      </section>
    </div>
  );
}
