// Feedback → golden examples: replies judged worth imitating (customer text → reply, and who chose it), for the
// chosen bot or all of them. Admins can add one by hand, or delete one that should no longer guide the bot.
import { useCallback, useState } from 'react';
import { request, type BotInfo, type GoldenExample } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { AddGolden } from './GoldenForm.tsx';
import { Card, DataTable, SaveStatus, useRead, useSaveStatus, type Column } from './ui/index.ts';

/** `version`: an example was added elsewhere (promoted from the feedback), read again. */
export function GoldenExamples({ token, t, x, bots, bot, version }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[]; bot: string; version: number }) {
  const { status, fail, save } = useSaveStatus(t);
  const [added, setAdded] = useState(0);
  const scope = (bot ? [bot] : bots.map((b) => b.id)).join(',');
  const read = useCallback(async () => {
    void (version + added); // a new count is a new read
    const lists = await Promise.all(
      scope
        .split(',')
        .filter(Boolean)
        .map((id) => request<{ examples: GoldenExample[] }>('GET', `/api/bots/${encodeURIComponent(id)}/golden`, { token }).then((r) => r.examples)),
    );
    return lists.flat().sort((a, b) => b.id - a.id);
  }, [scope, token, version, added]);
  const [rows, setRows] = useRead(read, fail);

  const remove = (ex: GoldenExample) =>
    save(async () => {
      await request('DELETE', `/api/bots/${encodeURIComponent(ex.bot)}/golden/${ex.id}`, { token });
      setRows((cur) => cur?.filter((r) => r.id !== ex.id) ?? null);
    });

  const columns: Column<GoldenExample>[] = [
    { header: 'Bot', cell: (ex) => bots.find((b) => b.id === ex.bot)?.name ?? ex.bot },
    { header: t.customerText, cell: (ex) => ex.userText },
    { header: t.botReply, style: { whiteSpace: 'pre-wrap' }, cell: (ex) => ex.reply },
    { header: t.source, cell: (ex) => <span className="chip small">{ex.source}</span> },
    {
      header: t.remove,
      hideHeader: true,
      cell: (ex) => (
        <button type="button" className="secondary small" data-testid={`golden-delete-${ex.id}`} aria-label={`${t.remove}: ${ex.userText.slice(0, 60)}`} onClick={() => void remove(ex)}>
          {t.remove}
        </button>
      ),
    },
  ];

  return (
    <Card title={t.goldenTitle} className="feedback" style={{ marginTop: '1rem' }} testId="golden-section" aside={<SaveStatus status={status} testId="golden-status" />} hint={t.goldenHelp}>
      <DataTable rows={rows} loading={status?.kind === 'error' ? undefined : t.loading} columns={columns} rowKey={(ex) => ex.id} rowAttributes={(ex) => ({ 'data-testid': 'golden-row', 'data-id': ex.id, 'data-source': ex.source })} empty={t.noGolden} testId="golden-table" />
      <AddGolden token={token} t={t} x={x} bots={bots} bot={bot} onAdded={() => setAdded((n) => n + 1)} />
    </Card>
  );
}
