// One conversation for an operator: history with an icon per source, the mode actions of seed 004,
// the reply box (open while a person has or is about to take the conversation), and each turn's trace.
import { useEffect, useRef, useState } from 'react';
import type { BotInfo, Message, Mode, SessionSummary, Turn } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import { HistoryEntry } from './HistoryEntry.tsx';
import { customerLabel, intentLabel, ModeTag, useNow } from './Inbox.tsx';
import { ReplyBox } from './ReplyBox.tsx';
import { ErrorNote } from './ui/index.ts';
import { useReplyWindow, useUndelivered, type ReplyWindow } from './useChannelStatus.ts';
import type { Listener } from './useInbox.ts';
import { useOperatorActions } from './useOperatorActions.ts';
import { useSessionDetail } from './useSessionDetail.ts';

export interface ConversationProps {
  token: string;
  t: ConsoleTexts;
  bots: BotInfo[];
  summary: SessionSummary;
  subscribe: (l: Listener) => () => void;
  patchSession: (id: string, patch: Partial<SessionSummary>) => void;
  onBack: () => void;
}

/** A person may reply while the conversation waits for one or a person has it. */
const personMayReply = (mode: Mode) => mode === 'handoff_pending' || mode === 'human';

export function Conversation({ token, t, bots, summary, subscribe, patchSession, onBack }: ConversationProps) {
  const [error, setError] = useState<string | null>(null);
  const { id, mode, channel } = summary;
  const { detail, addMessage } = useSessionDetail(id, token, subscribe, setError);
  const messageCount = detail?.messages.length;
  const undelivered = useUndelivered(id, token, channel, messageCount, subscribe);
  const canReply = personMayReply(mode);
  const replyWindow = useReplyWindow(id, token, channel, canReply, messageCount);
  const actions = useOperatorActions({ id, token, patchSession, addMessage, setError });

  return (
    <div className="conversation" data-testid="conversation" data-session-id={id} data-mode={mode}>
      <ConversationHeader t={t} bots={bots} summary={summary} busy={actions.busy} onChangeMode={actions.changeMode} onBack={onBack} />
      <History token={token} t={t} bots={bots} summary={summary} messages={detail?.messages} turns={detail?.turns} undelivered={undelivered} />
      {!detail && !error && (
        <p className="empty" role="status" data-testid="conversation-loading">
          {t.loadingConversation}
        </p>
      )}
      <ErrorNote error={error} />
      <ReplyArea t={t} canReply={canReply} replyWindow={replyWindow} onSend={actions.reply} />
    </div>
  );
}

function ConversationHeader({ t, bots, summary, busy, onChangeMode, onBack }: { t: ConsoleTexts; bots: BotInfo[]; summary: SessionSummary; busy: boolean; onChangeMode: (to: Mode) => void; onBack: () => void }) {
  const botName = bots.find((b) => b.id === summary.bot)?.name ?? summary.bot;
  return (
    <header className="conversation-header">
      <button type="button" className="secondary back" onClick={onBack}>
        ← {t.back}
      </button>
      <div className="conversation-title">
        <h2>{customerLabel(summary, t)}</h2>
        <p className="hint">
          {botName} · <span className="mono">{summary.id}</span>
          {summary.channel ? ` · ${summary.channel}` : ''}
        </p>
      </div>
      <ConversationTags t={t} bots={bots} summary={summary} />
      <ModeActions t={t} mode={summary.mode} busy={busy} onChangeMode={onChangeMode} />
    </header>
  );
}

/** The mode, the latest intent and, once handed off, why and since when. */
function ConversationTags({ t, bots, summary }: { t: ConsoleTexts; bots: BotInfo[]; summary: SessionSummary }) {
  const now = useNow();
  const label = intentLabel(bots, summary.bot, summary.lastIntent, summary.lastIntentLabel);
  return (
    <div className="conversation-tags">
      <ModeTag mode={summary.mode} t={t} />
      {label && (
        <span className="chip" title={t.intent}>
          {label}
        </span>
      )}
      {summary.mode !== 'bot' && summary.handoffReason && (
        <span className="hint">
          {t.reason}: {summary.handoffReason} · {t.sinceHandoff(timeSince(summary.handoffAt, t, now))}
        </span>
      )}
    </div>
  );
}

/** Take a waiting conversation, give it back to the bot, or hand it off by hand. */
function ModeActions({ t, mode, busy, onChangeMode }: { t: ConsoleTexts; mode: Mode; busy: boolean; onChangeMode: (to: Mode) => void }) {
  return (
    <div className="actions" role="group" aria-label="Actions">
      {mode === 'handoff_pending' && (
        <button type="button" data-testid="action-take" disabled={busy} onClick={() => onChangeMode('human')}>
          {t.take}
        </button>
      )}
      {mode !== 'bot' && (
        <button type="button" className={mode === 'human' ? '' : 'secondary'} data-testid="action-return" disabled={busy} onClick={() => onChangeMode('bot')}>
          {t.giveBack}
        </button>
      )}
      {mode === 'bot' && (
        <button type="button" className="warn" data-testid="action-handoff" disabled={busy} onClick={() => onChangeMode('handoff_pending')}>
          {t.handOff}
        </button>
      )}
    </div>
  );
}

/** The messages, scrolled to the newest; one turn's trace open at a time. */
function History({ token, t, bots, summary, messages = [], turns = [], undelivered }: { token: string; t: ConsoleTexts; bots: BotInfo[]; summary: SessionSummary; messages?: Message[]; turns?: Turn[]; undelivered: ReadonlyMap<number, string> }) {
  const [openTrace, setOpenTrace] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  const turnsById = new Map(turns.map((tr) => [tr.id, tr]));
  return (
    <ol className="history" ref={logRef} aria-live="polite" aria-relevant="additions" data-testid="history" tabIndex={0} aria-label={t.conversation}>
      {messages.map((m) => {
        const traceOpen = openTrace === m.turnId;
        return (
          <HistoryEntry
            key={m.id}
            m={m}
            t={t}
            token={token}
            bots={bots}
            bot={summary.bot}
            sessionId={summary.id}
            turn={m.turnId ? turnsById.get(m.turnId) : undefined}
            traceOpen={traceOpen}
            onToggleTrace={() => setOpenTrace(traceOpen ? null : (m.turnId ?? null))}
            undelivered={undelivered.get(m.id)}
          />
        );
      })}
    </ol>
  );
}

/** The reply box, with WhatsApp's closed window explained above it (and the box off when no template reopens it). */
function ReplyArea({ t, canReply, replyWindow, onSend }: { t: ConsoleTexts; canReply: boolean; replyWindow: ReplyWindow | null; onSend: (text: string) => Promise<boolean> }) {
  const windowClosed = replyWindow !== null && !replyWindow.windowOpen;
  const unreachable = windowClosed && !replyWindow.reopenTemplate;
  return (
    <>
      {windowClosed && (
        <p className="window-note" role="note" data-testid="window-closed">
          {t.windowClosed(replyWindow.reopenTemplate?.name ?? null)}
        </p>
      )}
      <ReplyBox t={t} enabled={canReply && !unreachable} hint={canReply && windowClosed ? t.windowClosedHint : undefined} onSend={onSend} />
    </>
  );
}
