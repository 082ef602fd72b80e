// One message of the simulated chat: the customer's, a system notice, or a reply (the bot's or a person's) with
// its tool progress, its UI parts, the turn's intents when asked for, and thumbs to rate it once stored.
import { useState } from 'react';
import { request, type BotInfo } from '../shared/api.ts';
import type { ChatTexts } from '../shared/i18n.ts';
import { Icon, Spinner } from '../shared/Icon.tsx';
import { RichText, systemText } from '../shared/RichText.tsx';
import { MessageParts } from './MessageParts.tsx';
import type { ChatItem, Stored, ToolLine } from './useConversation.ts';

export interface BubbleProps {
  item: ChatItem;
  t: ChatTexts;
  bot?: BotInfo;
  showIntents: boolean;
  session: Stored | null;
  onSend: (text: string) => Promise<void>;
  busy: boolean;
}

export function Bubble(props: BubbleProps) {
  const { item } = props;
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
  return <ReplyBubble {...props} />;
}

function ReplyBubble({ item, t, bot, showIntents, session, onSend, busy }: BubbleProps) {
  const human = item.source === 'human';
  const sender = human ? 'human' : 'bot';
  return (
    <div className={`msg-row bot ${human ? 'human' : ''}`} data-testid={`msg-${sender}`} data-stored={item.id !== undefined ? '' : undefined}>
      <div className={`bubble ${sender}`} aria-busy={item.streaming && !item.content ? true : undefined}>
        {human && (
          <p className="from-person">
            <Icon name="human" size={16} /> {t.fromPerson}
          </p>
        )}
        <ToolLines tools={item.tools} bot={bot} t={t} />
        {item.content ? <RichText text={item.content} /> : item.streaming && <p className="typing">{t.typing}</p>}
        <MessageParts parts={item.parts} onSend={onSend} onCardOpen={cardOpener(session, item.id)} disabled={busy} />
        {showIntents && <TurnIntents intents={item.intents} bot={bot} />}
        {!human && item.id !== undefined && session && <Thumbs messageId={item.id} session={session} t={t} />}
      </div>
    </div>
  );
}

/** The tools a reply ran, each running, done or failed, named by the bot's label for it. */
function ToolLines({ tools, bot, t }: { tools: ToolLine[] | undefined; bot?: BotInfo; t: ChatTexts }) {
  if (!tools?.length) return null;
  return (
    <ul className="tool-lines" aria-label="Progress">
      {tools.map((tool, i) => (
        <li key={i} className={toolState(tool)} data-testid="tool-line">
          {tool.done ? <Icon name={tool.ok ? 'check' : 'cross'} size={14} /> : <Spinner />} {tool.label ?? bot?.toolLabels[tool.tool] ?? t.working}
        </li>
      ))}
    </ul>
  );
}

const toolState = (tool: ToolLine) => (tool.done ? (tool.ok ? 'done' : 'failed') : 'running');

/** The intents the turn was read as, with the bot's label for each. */
function TurnIntents({ intents, bot }: { intents: string[]; bot?: BotInfo }) {
  if (intents.length === 0) return null;
  return (
    <p className="intent-chips" data-testid="turn-intents">
      {intents.map((i) => (
        <span key={i} className="chip">
          {bot?.intents.find((x) => x.id === i)?.label ?? i} <code>{i}</code>
        </span>
      ))}
    </p>
  );
}

/** Opening a result card of a stored reply counts for the bot's click-through (each card once per conversation). */
function cardOpener(session: Stored | null, messageId: number | undefined) {
  if (!session || messageId === undefined) return undefined;
  return (part: number, item: number) => {
    const body = { type: 'click', messageId, part, item };
    // A click that was not counted changes nothing for the customer.
    request('POST', `/api/sessions/${encodeURIComponent(session.sessionId)}/events`, { body, sessionToken: session.sessionToken }).catch(() => {});
  };
}

function Thumbs({ messageId, session, t }: { messageId: number; session: Stored; t: ChatTexts }) {
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
      {failed && (
        <span className="error" role="alert" data-testid="rating-failed">
          {t.ratingFailed}
        </span>
      )}
    </div>
  );
}
