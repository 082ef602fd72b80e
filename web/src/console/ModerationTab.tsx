// The Moderation tab: the guardrails' log of blocked messages, newest first, filtered by bot, reason, text and
// date, with a way into the conversation.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { request, type BotInfo } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { BotSelect } from './BotSelect.tsx';
import { Card, DataTable, ErrorNote, errorText, useRead, type Column } from './ui/index.ts';
import './admin.css';

interface ModerationEntry {
  id: number;
  bot: string;
  sessionId: string | null;
  userId: string | null;
  reason: string;
  message: string;
  createdAt: string;
}

interface Filter {
  bot: string;
  reason: string;
  q: string;
  /** A date (yyyy-mm-dd), local midnight. */
  since: string;
}

function query(f: Filter): string {
  const params = new URLSearchParams();
  if (f.bot) params.set('bot', f.bot);
  if (f.reason.trim()) params.set('reason', f.reason.trim());
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.since) params.set('since', new Date(`${f.since}T00:00:00`).toISOString());
  params.set('limit', '200');
  return params.toString();
}

export function ModerationTab({ token, t, x, bots, onOpen }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[]; onOpen: (sessionId: string) => void }) {
  const empty: Filter = { bot: '', reason: '', q: '', since: '' };
  const [draft, setDraft] = useState<Filter>(empty);
  const [filter, setFilter] = useState<Filter>(empty);
  const [error, setError] = useState<string | null>(null);
  const ids = { reason: useId(), q: useId(), since: useId() };
  const read = useCallback(async () => {
    setError(null);
    return (await request<{ entries: ModerationEntry[] }>('GET', `/api/moderation?${query(filter)}`, { token })).entries;
  }, [filter, token]);
  const [rows] = useRead(read, useCallback((err: unknown) => setError(errorText(err, t)), [t]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft });
  };

  const columns: Column<ModerationEntry>[] = [
    { header: t.when, cell: (r) => <time dateTime={r.createdAt}>{timeSince(r.createdAt, t)}</time> },
    { header: 'Bot', cell: (r) => bots.find((b) => b.id === r.bot)?.name ?? r.bot },
    { header: t.reason, cell: (r) => <span className="chip small">{r.reason}</span> },
    { header: x.message, className: 'moderation-message', cell: (r) => r.message },
    {
      header: t.open,
      hideHeader: true,
      cell: (r) =>
        r.sessionId && (
          <button type="button" className="secondary small" onClick={() => onOpen(r.sessionId!)}>
            {t.open}
          </button>
        ),
    },
  ];

  return (
    <Card title={x.moderationTitle} hint={x.moderationHelp} testId="moderation-section">
      <form className="filter-row" onSubmit={submit} data-testid="moderation-filters">
        <BotSelect bots={bots} value={draft.bot} onChange={(bot) => setDraft({ ...draft, bot })} label={t.filterBot} allLabel={t.allBots} className="field inline" testId="moderation-bot" />
        <div className="field inline">
          <label htmlFor={ids.reason}>{x.reasonFilter}</label>
          <input id={ids.reason} data-testid="moderation-reason" maxLength={200} value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} />
        </div>
        <div className="field inline">
          <label htmlFor={ids.q}>{x.textFilter}</label>
          <input id={ids.q} data-testid="moderation-text" maxLength={200} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="field inline">
          <label htmlFor={ids.since}>{x.sinceFilter}</label>
          <input id={ids.since} type="date" data-testid="moderation-since" value={draft.since} onChange={(e) => setDraft({ ...draft, since: e.target.value })} />
        </div>
        <button type="submit" data-testid="moderation-apply">
          {x.apply}
        </button>
      </form>
      <ErrorNote error={error} />
      <DataTable rows={rows} loading={error ? undefined : t.loading} columns={columns} rowKey={(r) => r.id} rowAttributes={(r) => ({ 'data-testid': 'moderation-row', 'data-reason': r.reason })} empty={x.noModeration} testId="moderation-table" />
    </Card>
  );
}
