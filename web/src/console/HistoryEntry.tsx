// One message of a conversation as the operator reads it: who wrote it and when, the intents of a bot reply, a
// mark when the channel never delivered it, the turn's trace behind a toggle, and the golden-example button.
import type { BotInfo, Message, Turn } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { Icon, type IconName } from '../shared/Icon.tsx';
import { RichText, systemText } from '../shared/RichText.tsx';
import { adminTextsFor } from './admin-texts.ts';
import { PromoteButton } from './GoldenForm.tsx';
import { intentLabel } from './Inbox.tsx';
import { TraceView } from './TraceView.tsx';

const SOURCE_ICON: Record<string, IconName> = { '': 'user', bot: 'bot', human: 'human', system: 'system' };

export interface HistoryEntryProps {
  m: Message;
  t: ConsoleTexts;
  token: string;
  bots: BotInfo[];
  bot: string;
  sessionId: string;
  /** The turn this message belongs to, when it has one. */
  turn: Turn | undefined;
  traceOpen: boolean;
  onToggleTrace: () => void;
  /** Why the channel did not deliver this message; undefined when it did (or is not a channel's). */
  undelivered: string | undefined;
}

export function HistoryEntry({ m, t, token, bots, bot, sessionId, turn, traceOpen, onToggleTrace, undelivered }: HistoryEntryProps) {
  const source = m.source || 'user';
  const sourceName = t.sources[m.source] ?? m.source;
  return (
    <li className={`entry ${m.role} src-${source}`} data-testid={`entry-${source}`}>
      <span className="entry-icon">
        <Icon name={SOURCE_ICON[m.source] ?? 'system'} label={sourceName} />
      </span>
      <div className="entry-body">
        <div className="entry-meta">
          <strong>{sourceName}</strong>
          <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
          {m.source === 'bot' && <IntentChips intents={m.intents} bots={bots} bot={bot} />}
          {undelivered !== undefined && <NotDelivered why={undelivered} t={t} />}
          {turn && <TraceToggle turn={turn} open={traceOpen} onToggle={onToggleTrace} t={t} />}
          {m.role === 'assistant' && <PromoteButton token={token} t={t} x={adminTextsFor(t)} bot={bot} sessionId={sessionId} messageId={m.id} />}
        </div>
        <div className="entry-text">{m.role === 'system' ? systemText(m.content) : <RichText text={m.content} />}</div>
        {turn && traceOpen && <TraceView turn={turn} t={t} />}
      </div>
    </li>
  );
}

function IntentChips({ intents, bots, bot }: { intents: string[] | undefined; bots: BotInfo[]; bot: string }) {
  if (!intents?.length) return null;
  return (
    <span className="entry-intents">
      {intents.map((i) => (
        <span key={i} className="chip small">
          {intentLabel(bots, bot, i)}
        </span>
      ))}
    </span>
  );
}

function NotDelivered({ why, t }: { why: string; t: ConsoleTexts }) {
  return (
    <span className="chip small failed" data-testid="delivery-failed" title={t.notDeliveredHelp(why)}>
      {t.notDelivered}
    </span>
  );
}

function TraceToggle({ turn, open, onToggle, t }: { turn: Turn; open: boolean; onToggle: () => void; t: ConsoleTexts }) {
  return (
    <button type="button" className="link" aria-expanded={open} data-testid="trace-toggle" onClick={onToggle}>
      {open ? t.hideTrace : t.showTrace} · {Math.round(turn.latencyMs)} ms
    </button>
  );
}
