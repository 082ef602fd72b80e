// Thumbs up/down that customers gave to bot messages, newest first, with a way into the conversation; below,
// the golden examples of the same bots.
import { useEffect, useId, useState } from 'react';
import { request, type BotInfo, type FeedbackRow } from '../shared/api.ts';
import { timeSince, type ConsoleTexts } from '../shared/i18n.ts';
import { Icon } from '../shared/Icon.tsx';
import { BotSelect } from './BotSelect.tsx';
import { GoldenExamples } from './GoldenExamples.tsx';

export function FeedbackTab({ token, t, bots, onOpen }: { token: string; t: ConsoleTexts; bots: BotInfo[]; onOpen: (sessionId: string) => void }) {
  const [bot, setBot] = useState('');
  const [rows, setRows] = useState<FeedbackRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    setRows(null);
    request<{ feedback: FeedbackRow[] }>('GET', `/api/feedback${bot ? `?bot=${encodeURIComponent(bot)}` : ''}`, { token }).then(
      (r) => setRows(r.feedback),
      (err: Error) => setError(err.message),
    );
  }, [bot, token]);
  const ups = rows?.filter((r) => r.rating === 1).length ?? 0;
  return (
    <>
      <section className="card feedback" aria-labelledby={`${id}-title`}>
        <div className="card-head">
          <h2 id={`${id}-title`}>{t.feedback}</h2>
          {rows && rows.length > 0 && (
            <p className="hint feedback-totals">
              <Icon name="up" label={t.up} /> {ups} · <Icon name="down" label={t.down} /> {rows.length - ups}
            </p>
          )}
        </div>
        <BotSelect bots={bots} value={bot} onChange={setBot} label={t.filterBot} allLabel={t.allBots} className="field inline" />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {rows && rows.length === 0 && <p className="empty">{t.noFeedback}</p>}
        {rows && rows.length > 0 && (
          <div className="table-wrap">
            <table data-testid="feedback-table">
              <thead>
                <tr>
                  <th scope="col">{t.rating}</th>
                  <th scope="col">Bot</th>
                  <th scope="col">{t.conversation}</th>
                  <th scope="col">{t.comment}</th>
                  <th scope="col">{t.when}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.open}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <span className={r.rating === 1 ? 'rating-up' : 'rating-down'}>
                        <Icon name={r.rating === 1 ? 'up' : 'down'} label={r.rating === 1 ? t.up : t.down} />
                      </span>
                    </td>
                    <td>{bots.find((b) => b.id === r.bot)?.name ?? r.bot}</td>
                    <td>
                      <code>{r.sessionId}</code> #{r.messageId}
                    </td>
                    <td>{r.comment ?? '—'}</td>
                    <td>{timeSince(r.createdAt, t)}</td>
                    <td>
                      <button type="button" className="secondary small" onClick={() => onOpen(r.sessionId)}>
                        {t.open}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <GoldenExamples token={token} t={t} bots={bots} bot={bot} />
    </>
  );
}
