// Abandonment in the Feedback tab: per bot, how many conversations ended on a bot answer without a reply from
// the customer (an hour without one), and the intents of the answers they left after.
import type { BotInfo } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { intentLabel } from './Inbox.tsx';
import { Card, DataTable, ErrorNote, type Column } from './ui/index.ts';
import { usePerBotReports } from './usePerBotReports.ts';

interface Report {
  bot: string;
  ended: number;
  abandoned: number;
  rate: number;
  byIntent: { intent: string; count: number }[];
}

const IDLE_MINUTES = 60;
const abandonmentPath = (bot: string) => `/api/bots/${bot}/abandonment?idleMinutes=${IDLE_MINUTES}`;

export function AbandonmentCard({ token, t, x, bots, bot }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[]; bot: string }) {
  const { rows, error } = usePerBotReports<Report>(abandonmentPath, { token, t, bots, bot });
  const columns: Column<Report>[] = [
    { header: 'Bot', rowHeader: true, cell: (r) => bots.find((b) => b.id === r.bot)?.name ?? r.bot },
    { header: x.endedConversations, className: 'num', cell: (r) => r.ended },
    { header: x.abandoned, className: 'num', cell: (r) => `${r.abandoned} (${Math.round(r.rate * 100)}%)` },
    {
      header: x.leftAfter,
      cell: (r) =>
        r.byIntent
          .slice(0, 3)
          .map((i) => `${intentLabel(bots, r.bot, i.intent) || '—'} (${i.count})`)
          .join(', ') || '—',
    },
  ];
  return (
    <Card title={x.abandonmentTitle} hint={x.abandonmentHelp(IDLE_MINUTES)} className="feedback" style={{ marginTop: '1rem' }} testId="abandonment-section">
      <ErrorNote error={error} />
      <DataTable rows={rows} loading={error ? undefined : t.loading} columns={columns} rowKey={(r) => r.bot} rowAttributes={(r) => ({ 'data-testid': 'abandonment-row', 'data-bot': r.bot, 'data-abandoned': r.abandoned })} testId="abandonment-table" />
    </Card>
  );
}
