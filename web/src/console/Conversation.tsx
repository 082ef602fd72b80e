// One conversation for an operator: history with an icon per source, the mode actions of seed 004,
// the reply box (open while a person has or is about to take the conversation), and each turn's trace.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { request, type BotInfo, type Message, type Mode, type SessionDetail, type SessionSummary, type Turn } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import { Icon, type IconName } from '../shared/Icon.tsx';
import { RichText, systemText } from '../shared/RichText.tsx';
import { customerLabel, intentLabel, ModeTag, useNow } from './Inbox.tsx';
import { adminTextsFor } from './admin-texts.ts';
import { PromoteButton } from './GoldenForm.tsx';
import { TraceView } from './TraceView.tsx';
import { ErrorNote } from './ui/index.ts';
import type { Listener } from './useInbox.ts';

const SOURCE_ICON: Record<string, IconName> = { '': 'user', bot: 'bot', human: 'human', system: 'system' };

/** Channels whose replies are delivered by a provider (and can fail after the turn). */
const CHANNELS = new Set(['evolution', 'whatsapp', 'chatwoot']);

interface Delivery {
  messageId: number | null;
  status: string;
  lastError: string | null;
  /** The provider's error code (e.g. WhatsApp 131056), when it named one. */
  errorCode: string | null;
}

/** Whether a reply reaches the customer now (GET /api/channels/sessions/:id/window). */
interface ReplyWindow {
  windowOpen: boolean;
  reopenTemplate?: { name: string; language: string } | null;
  reason?: string;
}

export function Conversation({
  token,
  t,
  bots,
  summary,
  subscribe,
  patchSession,
  onBack,
}: {
  token: string;
  t: ConsoleTexts;
  bots: BotInfo[];
  summary: SessionSummary;
  subscribe: (l: Listener) => () => void;
  patchSession: (id: string, patch: Partial<SessionSummary>) => void;
  onBack: () => void;
}) {
  const [detail, setDetail] = useState<SessionDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [openTrace, setOpenTrace] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const now = useNow();
  const id = summary.id;
  const mode: Mode = summary.mode;

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
      setError((err as Error).message);
    } finally {
      reading.current = false;
    }
  }, [id, token]);

  useEffect(() => {
    void load();
  }, [load]);

  // Replies that never reached the customer on a messaging channel (failed sends, or failures the provider
  // reported later), by message id. Read again whenever a message arrives: a failure brings a system message.
  const [undelivered, setUndelivered] = useState<ReadonlyMap<number, string>>(new Map());
  const onChannel = !!summary.channel && CHANNELS.has(summary.channel);
  const loadDeliveries = useCallback(async () => {
    if (!onChannel) return;
    try {
      const r = await request<{ deliveries: Delivery[] }>('GET', `/api/channels/deliveries?status=failed&sessionId=${encodeURIComponent(id)}`, { token });
      const reason = (d: Delivery) => `${d.errorCode ? `(${d.errorCode}) ` : ''}${d.lastError ?? ''}`;
      setUndelivered(new Map(r.deliveries.filter((d) => d.messageId !== null).map((d) => [d.messageId!, reason(d)])));
    } catch {
      /* channels off on this server: no marks */
    }
  }, [id, token, onChannel]);
  useEffect(() => {
    void loadDeliveries();
  }, [loadDeliveries, detail?.messages.length]);

  // WhatsApp's 24-hour window: known before the operator types, read again as messages arrive.
  const [replyWindow, setReplyWindow] = useState<ReplyWindow | null>(null);
  const canReplyNow = mode === 'handoff_pending' || mode === 'human';
  useEffect(() => {
    if (summary.channel !== 'whatsapp' || !canReplyNow) {
      setReplyWindow(null);
      return;
    }
    request<ReplyWindow>('GET', `/api/channels/sessions/${encodeURIComponent(id)}/window`, { token }).then(setReplyWindow, () => setReplyWindow(null));
  }, [id, token, summary.channel, canReplyNow, detail?.messages.length]);

  // Live: new messages append; a bot reply brings its turn, so the detail is read again for the trace.
  useEffect(
    () =>
      subscribe((e) => {
        if (e.type !== 'message' || e.sessionId !== id) return;
        setDetail((d) => (d && !d.messages.some((m) => m.id === e.message.id) ? { ...d, messages: [...d.messages, e.message] } : d));
        if (e.message.source === 'bot' || reading.current) void load();
        if (e.message.role === 'system') void loadDeliveries();
      }),
    [subscribe, id, load, loadDeliveries],
  );

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [detail?.messages.length]);

  const act = async (to: Mode) => {
    setBusy(true);
    setError(null);
    try {
      const s = await request<SessionSummary>('POST', `/api/sessions/${encodeURIComponent(id)}/handoff`, { token, body: { mode: to, reason: to === 'handoff_pending' ? 'manual' : undefined } });
      patchSession(id, { mode: s.mode, handoffAt: s.handoffAt, handoffReason: s.handoffReason });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const reply = async (text: string): Promise<boolean> => {
    setError(null);
    try {
      const r = await request<{ message: Message; session: SessionSummary }>('POST', `/api/sessions/${encodeURIComponent(id)}/reply`, { token, body: { message: text } });
      setDetail((d) => (d && !d.messages.some((m) => m.id === r.message.id) ? { ...d, messages: [...d.messages, { ...r.message, intents: [] }] } : d));
      patchSession(id, { mode: r.session.mode, handoffAt: r.session.handoffAt });
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    }
  };

  const turns = new Map<string, Turn>((detail?.turns ?? []).map((tr) => [tr.id, tr]));
  const who = customerLabel(summary, t);
  const label = intentLabel(bots, summary.bot, summary.lastIntent, summary.lastIntentLabel);
  const botName = bots.find((b) => b.id === summary.bot)?.name ?? summary.bot;
  const canReply = mode === 'handoff_pending' || mode === 'human';
  const windowClosed = replyWindow !== null && !replyWindow.windowOpen;

  return (
    <div className="conversation" data-testid="conversation" data-session-id={id} data-mode={mode}>
      <header className="conversation-header">
        <button type="button" className="secondary back" onClick={onBack}>
          ← {t.back}
        </button>
        <div className="conversation-title">
          <h2>{who}</h2>
          <p className="hint">
            {botName} · <span className="mono">{id}</span>
            {summary.channel ? ` · ${summary.channel}` : ''}
          </p>
        </div>
        <div className="conversation-tags">
          <ModeTag mode={mode} t={t} />
          {label && (
            <span className="chip" title={t.intent}>
              {label}
            </span>
          )}
          {mode !== 'bot' && summary.handoffReason && (
            <span className="hint">
              {t.reason}: {summary.handoffReason} · {t.sinceHandoff(timeSince(summary.handoffAt, t, now))}
            </span>
          )}
        </div>
        <div className="actions" role="group" aria-label="Actions">
          {mode === 'handoff_pending' && (
            <button type="button" data-testid="action-take" disabled={busy} onClick={() => act('human')}>
              {t.take}
            </button>
          )}
          {mode !== 'bot' && (
            <button type="button" className={mode === 'human' ? '' : 'secondary'} data-testid="action-return" disabled={busy} onClick={() => act('bot')}>
              {t.giveBack}
            </button>
          )}
          {mode === 'bot' && (
            <button type="button" className="warn" data-testid="action-handoff" disabled={busy} onClick={() => act('handoff_pending')}>
              {t.handOff}
            </button>
          )}
        </div>
      </header>

      <ol className="history" ref={logRef} aria-live="polite" aria-relevant="additions" data-testid="history" tabIndex={0} aria-label={t.conversation}>
        {(detail?.messages ?? []).map((m) => {
          const turn = m.turnId ? turns.get(m.turnId) : undefined;
          const traceOpen = openTrace === m.turnId;
          return (
            <li key={m.id} className={`entry ${m.role} src-${m.source || 'user'}`} data-testid={`entry-${m.source || 'user'}`}>
              <span className="entry-icon">
                <Icon name={SOURCE_ICON[m.source] ?? 'system'} label={t.sources[m.source] ?? m.source} />
              </span>
              <div className="entry-body">
                <div className="entry-meta">
                  <strong>{t.sources[m.source] ?? m.source}</strong>
                  <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
                  {m.intents?.length > 0 && m.source === 'bot' && (
                    <span className="entry-intents">
                      {m.intents.map((i) => (
                        <span key={i} className="chip small">
                          {intentLabel(bots, summary.bot, i)}
                        </span>
                      ))}
                    </span>
                  )}
                  {undelivered.has(m.id) && (
                    <span className="chip small failed" data-testid="delivery-failed" title={t.notDeliveredHelp(undelivered.get(m.id) ?? '')}>
                      {t.notDelivered}
                    </span>
                  )}
                  {turn && (
                    <button type="button" className="link" aria-expanded={traceOpen} data-testid="trace-toggle" onClick={() => setOpenTrace(traceOpen ? null : turn.id)}>
                      {traceOpen ? t.hideTrace : t.showTrace} · {Math.round(turn.latencyMs)} ms
                    </button>
                  )}
                  {m.role === 'assistant' && <PromoteButton token={token} t={t} x={adminTextsFor(t)} bot={summary.bot} sessionId={summary.id} messageId={m.id} />}
                </div>
                <div className="entry-text">{m.role === 'system' ? systemText(m.content) : <RichText text={m.content} />}</div>
                {turn && traceOpen && <TraceView turn={turn} t={t} />}
              </div>
            </li>
          );
        })}
      </ol>

      <ErrorNote error={error} />
      {windowClosed && (
        <p className="window-note" role="note" data-testid="window-closed">
          {t.windowClosed(replyWindow.reopenTemplate?.name ?? null)}
        </p>
      )}
      <ReplyBox t={t} enabled={canReply && !(windowClosed && !replyWindow.reopenTemplate)} hint={canReply && windowClosed ? t.windowClosedHint : undefined} onSend={reply} />
    </div>
  );
}

/** `hint`: why the box is off, when it is not the usual reason (the bot has the conversation). */
function ReplyBox({ t, enabled, hint, onSend }: { t: ConsoleTexts; enabled: boolean; hint?: string; onSend: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || !enabled) return;
    setSending(true);
    if (await onSend(value)) setText('');
    setSending(false);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form className="reply-box" onSubmit={submit}>
      <label htmlFor={id}>{t.replyLabel}</label>
      <div className="reply-row">
        <textarea
          id={id}
          data-testid="reply-input"
          rows={2}
          maxLength={4000}
          placeholder={enabled ? t.replyPlaceholder : ''}
          disabled={!enabled}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-describedby={enabled ? undefined : `${id}-hint`}
        />
        <button type="submit" data-testid="reply-send" disabled={!enabled || sending || !text.trim()}>
          {t.send}
        </button>
      </div>
      {!enabled && (
        <p className="hint" id={`${id}-hint`}>
          {hint ?? t.replyDisabled}
        </p>
      )}
    </form>
  );
}
