// Thumbs up/down that customers gave to bot messages, newest first, with a way into the conversation; below,
// the golden examples of the same bots (a rated reply can be promoted to one), abandonment and the result cards
// customers opened.
import { useCallback, useEffect, useState } from 'react';
import { request, type BotInfo, type FeedbackRow } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import { Icon } from '../shared/Icon.tsx';
import type { AdminTexts } from './admin-texts.ts';
import { AbandonmentCard } from './AbandonmentCard.tsx';
import { BotSelect } from './BotSelect.tsx';
import { ClicksCard } from './ClicksCard.tsx';
import { GoldenExamples } from './GoldenExamples.tsx';
import { PromoteButton } from './GoldenForm.tsx';
import type { Listener } from './useInbox.ts';
import { Card, DataTable, ErrorNote, errorText, useRead, type Column } from './ui/index.ts';

export function FeedbackTab({
  token,
  t,
  x,
  bots,
  onOpen,
  subscribe,
}: {
  token: string;
  t: ConsoleTexts;
  x: AdminTexts;
  bots: BotInfo[];
  onOpen: (sessionId: string) => void;
  /** The console's live events: a new rating reads the list again. */
  subscribe: (l: Listener) => () => void;
}) {
  const [bot, setBot] = useState('');
  const [promoted, setPromoted] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const read = useCallback(async () => (await request<{ feedback: FeedbackRow[] }>('GET', `/api/feedback${bot ? `?bot=${encodeURIComponent(bot)}` : ''}`, { token })).feedback, [bot, token]);
  const [rows, , reload] = useRead(read, useCallback((err: unknown) => setError(errorText(err, t)), [t]));
  useEffect(() => subscribe((e) => void (e.type === 'feedback' && (!bot || e.bot === bot) && reload())), [subscribe, reload, bot]);
  const ups = rows?.filter((r) => r.rating === 1).length ?? 0;
  const columns: Column<FeedbackRow>[] = [
    {
      header: t.rating,
      cell: (r) => (
        <span className={r.rating === 1 ? 'rating-up' : 'rating-down'}>
          <Icon name={r.rating === 1 ? 'up' : 'down'} label={r.rating === 1 ? t.up : t.down} />
        </span>
      ),
    },
    { header: 'Bot', cell: (r) => bots.find((b) => b.id === r.bot)?.name ?? r.bot },
    {
      header: t.conversation,
      cell: (r) => (
        <>
          <code>{r.sessionId}</code> #{r.messageId}
        </>
      ),
    },
    { header: t.comment, cell: (r) => r.comment ?? '—' },
    { header: t.when, cell: (r) => timeSince(r.createdAt, t) },
    {
      header: t.open,
      hideHeader: true,
      cell: (r) => (
        <button type="button" className="secondary small" onClick={() => onOpen(r.sessionId)}>
          {t.open}
        </button>
      ),
    },
    {
      header: x.promote,
      hideHeader: true,
      cell: (r) => <PromoteButton token={token} t={t} x={x} bot={r.bot} sessionId={r.sessionId} messageId={r.messageId} onPromoted={() => setPromoted((n) => n + 1)} />,
    },
  ];
  return (
    <>
      <Card
        title={t.feedback}
        className="feedback"
        aside={
          rows &&
          rows.length > 0 && (
            <p className="hint feedback-totals">
              <Icon name="up" label={t.up} /> {ups} · <Icon name="down" label={t.down} /> {rows.length - ups}
            </p>
          )
        }
      >
        <BotSelect bots={bots} value={bot} onChange={setBot} label={t.filterBot} allLabel={t.allBots} className="field inline" />
        <ErrorNote error={error} />
        <DataTable rows={rows} loading={error ? undefined : t.loading} columns={columns} rowKey={(r) => r.id} rowAttributes={(r) => ({ 'data-testid': 'feedback-row', 'data-message': r.messageId })} empty={t.noFeedback} testId="feedback-table" />
      </Card>
      <GoldenExamples token={token} t={t} x={x} bots={bots} bot={bot} version={promoted} />
      <AbandonmentCard token={token} t={t} x={x} bots={bots} bot={bot} />
      <ClicksCard token={token} t={t} x={x} bots={bots} bot={bot} subscribe={subscribe} />
    </>
  );
}
