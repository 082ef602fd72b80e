// The audit of a bot's admin settings: who changed what (intents, handoff, persona and model), and when.
import { useCallback, useState } from 'react';
import { request, type SettingsAuditEntry } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { Card, DataTable, ErrorNote, errorText, useRead, type Column } from './ui/index.ts';

/** A setting's value in one short line (long texts cut). */
function brief(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** `version`: a change was saved, read again. */
export function AuditLog({ token, t, x, bot, version }: { token: string; t: ConsoleTexts; x: AdminTexts; bot: string; version: number }) {
  const [error, setError] = useState<string | null>(null);
  const read = useCallback(async () => {
    void version; // a new version is a new read
    return (await request<{ changes: SettingsAuditEntry[] }>('GET', `/api/settings/audit?bot=${encodeURIComponent(bot)}&limit=50`, { token })).changes;
  }, [bot, token, version]);
  const [rows] = useRead(read, useCallback((err: unknown) => setError(errorText(err, t)), [t]));
  const columns: Column<SettingsAuditEntry>[] = [
    { header: t.when, cell: (r) => <time dateTime={r.createdAt}>{timeSince(r.createdAt, t)}</time> },
    { header: x.who, cell: (r) => r.actor },
    { header: x.setting, cell: (r) => <code>{r.key}</code> },
    { header: x.before, className: 'audit-value', cell: (r) => brief(r.before) },
    { header: x.after, className: 'audit-value', cell: (r) => brief(r.after) },
  ];
  return (
    <Card title={x.auditTitle} hint={x.auditHelp} testId="audit-section">
      <ErrorNote error={error} />
      <DataTable rows={rows} loading={error ? undefined : t.loading} columns={columns} rowKey={(r) => r.id} rowAttributes={(r) => ({ 'data-testid': 'audit-row', 'data-key': r.key })} empty={x.noAudit} testId="audit-table" />
    </Card>
  );
}
