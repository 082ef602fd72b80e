// Settings per bot: the intents table with a handoff switch each (saved at once), adding and deleting
// intents, the handoff timeout and greeting reset, and the knowledge documents. Changes need the admin
// token; operators can read.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, request, type BotInfo, type HandoffSettings, type IntentRow } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { BotSelect } from './BotSelect.tsx';
import { KnowledgeSection } from './KnowledgeSection.tsx';

export function SettingsTab({ token, t, bots }: { token: string; t: ConsoleTexts; bots: BotInfo[] }) {
  const [botId, setBotId] = useState('');
  useEffect(() => {
    if (!botId && bots[0]) setBotId(bots[0].id);
  }, [bots, botId]);
  return (
    <div className="settings">
      <BotSelect bots={bots} value={botId} onChange={setBotId} label={t.filterBot} className="field inline" testId="settings-bot" />
      {botId && <BotSettings key={botId} token={token} t={t} bot={botId} />}
    </div>
  );
}

function explain(err: unknown, t: ConsoleTexts): string {
  if (err instanceof ApiError && err.status === 403) return t.needsAdmin;
  return (err as Error).message;
}

function BotSettings({ token, t, bot }: { token: string; t: ConsoleTexts; bot: string }) {
  const [intents, setIntents] = useState<IntentRow[]>([]);
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'error'; text: string } | null>(null);
  const base = `/api/bots/${encodeURIComponent(bot)}`;

  const load = useCallback(async () => {
    try {
      setIntents((await request<{ intents: IntentRow[] }>('GET', `${base}/intents`, { token })).intents);
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
    }
  }, [base, token, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (body: unknown, method: 'PUT' | 'DELETE' = 'PUT', path = `${base}/intents`) => {
    setStatus({ kind: 'saving', text: t.saving });
    try {
      const r = await request<{ intents: IntentRow[] }>(method, path, { token, body });
      setIntents(r.intents);
      setStatus({ kind: 'saved', text: t.saved });
      return true;
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
      await load();
      return false;
    }
  };

  const toggle = (row: IntentRow, handoff: boolean) => {
    setIntents((cur) => cur.map((r) => (r.id === row.id ? { ...r, handoff } : r)));
    void save({ intents: { [row.id]: { handoff } } });
  };

  return (
    <>
      <section className="card" aria-labelledby={`${bot}-intents`}>
        <div className="card-head">
          <h2 id={`${bot}-intents`}>{t.intentsTitle}</h2>
          <p className={`save-status ${status?.kind ?? ''}`} role="status" aria-live="polite" data-testid="settings-status">
            {status?.text ?? ''}
          </p>
        </div>
        <p className="hint">{t.intentsHelp}</p>
        <div className="table-wrap">
          <table className="intents-table" data-testid="intents-table">
            <thead>
              <tr>
                <th scope="col">{t.label}</th>
                <th scope="col">{t.id}</th>
                <th scope="col" className="num">
                  {t.examples}
                </th>
                <th scope="col">{t.handoffCol}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {intents.map((row) => (
                <tr key={row.id} className={row.handoff ? 'handoff-on' : 'handoff-off'} data-testid={`intent-row-${row.id}`}>
                  <th scope="row">
                    {row.label}
                    {row.description && <span className="hint block">{row.description}</span>}
                  </th>
                  <td>
                    <code>{row.id}</code>
                    {row.predefined && <span className="hint block">{t.predefined}</span>}
                  </td>
                  <td className="num">{row.examples}</td>
                  <td>
                    <label className="switch">
                      <input
                        type="checkbox"
                        role="switch"
                        data-testid={`handoff-switch-${row.id}`}
                        checked={row.handoff}
                        aria-label={`${t.handoffCol}: ${row.label}`}
                        onChange={(e) => toggle(row, e.target.checked)}
                      />
                      <span className="slider" aria-hidden="true" />
                    </label>
                  </td>
                  <td>
                    {!row.predefined && (
                      <button type="button" className="secondary small" aria-label={`${t.remove}: ${row.label}`} onClick={() => void save(undefined, 'DELETE', `${base}/intents/${encodeURIComponent(row.id)}`)}>
                        {t.remove}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AddIntent t={t} onAdd={(body) => save(body)} />
      </section>
      <HandoffForm token={token} t={t} base={base} />
      <KnowledgeSection token={token} t={t} bot={bot} />
    </>
  );
}

function AddIntent({ t, onAdd }: { t: ConsoleTexts; onAdd: (body: { id: string; label: string; handoff: boolean; examples: string[] }) => Promise<boolean> }) {
  const [form, setForm] = useState({ id: '', label: '', examples: '', handoff: false });
  const ids = { id: useId(), label: useId(), examples: useId(), handoff: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const examples = form.examples
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    if (await onAdd({ id: form.id.trim(), label: form.label.trim(), handoff: form.handoff, examples })) setForm({ id: '', label: '', examples: '', handoff: false });
  };
  return (
    <details className="add-intent">
      <summary>+ {t.addIntent}</summary>
      <form onSubmit={submit} className="grid-form">
        <div className="field">
          <label htmlFor={ids.id}>{t.newId}</label>
          <input id={ids.id} required pattern="[a-z][a-z0-9_]{0,39}" value={form.id} onChange={(e) => setForm({ ...form, id: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.label}>{t.newLabel}</label>
          <input id={ids.label} required maxLength={80} value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
        </div>
        <div className="field wide">
          <label htmlFor={ids.examples}>{t.newExamples}</label>
          <textarea id={ids.examples} rows={4} value={form.examples} onChange={(e) => setForm({ ...form, examples: e.target.value })} />
        </div>
        <div className="field checkbox">
          <input id={ids.handoff} type="checkbox" checked={form.handoff} onChange={(e) => setForm({ ...form, handoff: e.target.checked })} />
          <label htmlFor={ids.handoff}>{t.newHandoff}</label>
        </div>
        <div>
          <button type="submit">{t.add}</button>
        </div>
      </form>
    </details>
  );
}

function HandoffForm({ token, t, base }: { token: string; t: ConsoleTexts; base: string }) {
  const [value, setValue] = useState<HandoffSettings | null>(null);
  const [status, setStatus] = useState<{ kind: string; text: string } | null>(null);
  const ids = { timeout: useId(), reset: useId() };
  useEffect(() => {
    request<HandoffSettings>('GET', `${base}/handoff`, { token }).then(setValue, (err) => setStatus({ kind: 'error', text: explain(err, t) }));
  }, [base, token, t]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return;
    setStatus({ kind: 'saving', text: t.saving });
    try {
      const saved = await request<HandoffSettings>('PUT', `${base}/handoff`, { token, body: { timeout_minutes: Number(value.timeout_minutes), reset_on_greeting: value.reset_on_greeting } });
      setValue(saved);
      setStatus({ kind: 'saved', text: t.saved });
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
    }
  };
  return (
    <section className="card" aria-labelledby={`${base}-handoff`}>
      <h2 id={`${base}-handoff`}>{t.handoffTitle}</h2>
      {value && (
        <form onSubmit={submit} className="grid-form">
          <div className="field">
            <label htmlFor={ids.timeout}>{t.timeout}</label>
            <input
              id={ids.timeout}
              type="number"
              min={1}
              max={43200}
              step="any"
              data-testid="handoff-timeout"
              value={value.timeout_minutes}
              onChange={(e) => setValue({ ...value, timeout_minutes: e.target.value as unknown as number })}
            />
          </div>
          <div className="field checkbox">
            <input id={ids.reset} type="checkbox" data-testid="handoff-reset" checked={value.reset_on_greeting} onChange={(e) => setValue({ ...value, reset_on_greeting: e.target.checked })} />
            <label htmlFor={ids.reset}>{t.resetOnGreeting}</label>
          </div>
          <div className="form-end">
            <button type="submit" data-testid="handoff-save">
              {t.save}
            </button>
            <span className={`save-status ${status?.kind ?? ''}`} role="status" aria-live="polite">
              {status?.text ?? ''}
            </span>
          </div>
        </form>
      )}
    </section>
  );
}
