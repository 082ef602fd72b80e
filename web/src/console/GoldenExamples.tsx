// Feedback → golden examples: replies judged worth imitating (customer text → reply, and who chose it), for the
// chosen bot or all of them. Admins can delete one that should no longer guide the bot.
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError, request, type BotInfo, type GoldenExample } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';

export function GoldenExamples({ token, t, bots, bot }: { token: string; t: ConsoleTexts; bots: BotInfo[]; bot: string }) {
  const [rows, setRows] = useState<GoldenExample[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'error'; text: string } | null>(null);
  const headingId = useId();
  const botIds = bot ? [bot] : bots.map((b) => b.id);
  const scope = botIds.join(',');

  const load = useCallback(async () => {
    try {
      const lists = await Promise.all(
        scope
          .split(',')
          .filter(Boolean)
          .map((id) => request<{ examples: GoldenExample[] }>('GET', `/api/bots/${encodeURIComponent(id)}/golden`, { token }).then((r) => r.examples)),
      );
      setRows(lists.flat().sort((a, b) => b.id - a.id));
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    }
  }, [scope, token]);

  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const remove = async (ex: GoldenExample) => {
    setStatus({ kind: 'saving', text: t.saving });
    try {
      await request('DELETE', `/api/bots/${encodeURIComponent(ex.bot)}/golden/${ex.id}`, { token });
      setRows((cur) => cur?.filter((r) => r.id !== ex.id) ?? null);
      setStatus({ kind: 'saved', text: t.saved });
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof ApiError && err.status === 403 ? t.needsAdmin : (err as Error).message });
    }
  };

  return (
    <section className="card feedback" style={{ marginTop: '1rem' }} aria-labelledby={headingId} data-testid="golden-section">
      <div className="card-head">
        <h2 id={headingId}>{t.goldenTitle}</h2>
        <p className={`save-status ${status?.kind ?? ''}`} role="status" aria-live="polite" data-testid="golden-status">
          {status?.text ?? ''}
        </p>
      </div>
      <p className="hint">{t.goldenHelp}</p>
      {rows && rows.length === 0 && <p className="empty">{t.noGolden}</p>}
      {rows && rows.length > 0 && (
        <div className="table-wrap">
          <table data-testid="golden-table">
            <thead>
              <tr>
                <th scope="col">Bot</th>
                <th scope="col">{t.customerText}</th>
                <th scope="col">{t.botReply}</th>
                <th scope="col">{t.source}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((ex) => (
                <tr key={ex.id} data-testid="golden-row" data-id={ex.id}>
                  <td>{bots.find((b) => b.id === ex.bot)?.name ?? ex.bot}</td>
                  <td>{ex.userText}</td>
                  <td style={{ whiteSpace: 'pre-wrap' }}>{ex.reply}</td>
                  <td>
                    <span className="chip small">{ex.source}</span>
                  </td>
                  <td>
                    <button type="button" className="secondary small" data-testid={`golden-delete-${ex.id}`} aria-label={`${t.remove}: ${ex.userText.slice(0, 60)}`} onClick={() => void remove(ex)}>
                      {t.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
