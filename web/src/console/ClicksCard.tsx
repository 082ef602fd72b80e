// Click-through in the Feedback tab: per bot, the replies with result cards of the last 7 days, the cards customers
// opened (each once per conversation), the share of replies with a card opened and the most opened cards. A new
// click anywhere reads it again.
import { useEffect } from 'react';
import type { BotInfo } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { intentLabel } from './Inbox.tsx';
import type { Listener } from './useInbox.ts';
import { Card, DataTable, ErrorNote, type Column } from './ui/index.ts';
import { usePerBotReports } from './usePerBotReports.ts';

interface Report {
  bot: string;
  shown: number;
  clicks: number;
  clickedReplies: number;
  rate: number;
  byCard: { label: string; intent: string; count: number }[];
}

const clicksPath = (bot: string) => `/api/bots/${bot}/clicks`;

export function ClicksCard({ token, t, x, bots, bot, subscribe }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[]; bot: string; subscribe: (l: Listener) => () => void }) {
  const { rows, error, reload } = usePerBotReports<Report>(clicksPath, { token, t, bots, bot });
  useEffect(() => subscribe((e) => void (e.type === 'click' && (!bot || e.bot === bot) && reload())), [subscribe, reload, bot]);
  const columns: Column<Report>[] = [
    { header: 'Bot', rowHeader: true, cell: (r) => bots.find((b) => b.id === r.bot)?.name ?? r.bot },
    { header: x.repliesWithCards, className: 'num', cell: (r) => r.shown },
    { header: x.cardsOpened, className: 'num', cell: (r) => r.clicks },
    { header: x.clickRate, className: 'num', cell: (r) => `${r.clickedReplies} (${Math.round(r.rate * 100)}%)` },
    {
      header: x.mostOpened,
      cell: (r) =>
        r.byCard
          .slice(0, 3)
          .map((c) => `${c.label} · ${intentLabel(bots, r.bot, c.intent) || '—'} (${c.count})`)
          .join('; ') || '—',
    },
  ];
  return (
    <Card title={x.clicksTitle} hint={x.clicksHelp} className="feedback" style={{ marginTop: '1rem' }} testId="clicks-section">
      <ErrorNote error={error} />
      <DataTable rows={rows} loading={error ? undefined : t.loading} columns={columns} rowKey={(r) => r.bot} rowAttributes={(r) => ({ 'data-testid': 'clicks-row', 'data-bot': r.bot, 'data-clicks': r.clicks })} testId="clicks-table" />
    </Card>
  );
}
