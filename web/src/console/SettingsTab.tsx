// Settings per bot: the intents table with a handoff switch each (saved at once), adding and deleting
// intents, the handoff timeout and greeting reset, and the knowledge documents. Changes need the admin
// token; operators can read.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { request, type BotInfo, type HandoffSettings, type IntentRow } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { BotSelect, useSelectedBot } from './BotSelect.tsx';
import { KnowledgeSection } from './KnowledgeSection.tsx';
import { Card, DataTable, SaveStatus, useRead, useSaveStatus, type Column } from './ui/index.ts';

export function SettingsTab({ token, t, bots }: { token: string; t: ConsoleTexts; bots: BotInfo[] }) {
  const [botId, setBotId] = useSelectedBot(bots);
  return (
    <div className="settings">
      <BotSelect bots={bots} value={botId} onChange={setBotId} label={t.filterBot} className="field inline" testId="settings-bot" />
      {botId && <BotSettings key={botId} token={token} t={t} bot={botId} />}
    </div>
  );
}

function BotSettings({ token, t, bot }: { token: string; t: ConsoleTexts; bot: string }) {
  const { status, fail, save } = useSaveStatus(t);
  const base = `/api/bots/${encodeURIComponent(bot)}`;
  const read = useCallback(async () => (await request<{ intents: IntentRow[] }>('GET', `${base}/intents`, { token })).intents, [base, token]);
  const [intents, setIntents, reload] = useRead(read, fail);

  /** A change to the intents; the answer carries the updated list (on failure the list is read again). */
  const change = async (body: unknown, method: 'PUT' | 'DELETE' = 'PUT', path = `${base}/intents`) => {
    const ok = await save(async () => setIntents((await request<{ intents: IntentRow[] }>(method, path, { token, body })).intents));
    if (!ok) await reload();
    return ok;
  };

  const toggle = (row: IntentRow, handoff: boolean) => {
    setIntents((cur) => cur?.map((r) => (r.id === row.id ? { ...r, handoff } : r)) ?? null);
    void change({ intents: { [row.id]: { handoff } } });
  };

  const columns: Column<IntentRow>[] = [
    {
      header: t.label,
      rowHeader: true,
      cell: (row) => (
        <>
          {row.label}
          {row.description && <span className="hint block">{row.description}</span>}
        </>
      ),
    },
    {
      header: t.id,
      cell: (row) => (
        <>
          <code>{row.id}</code>
          {row.predefined && <span className="hint block">{t.predefined}</span>}
        </>
      ),
    },
    { header: t.examples, className: 'num', cell: (row) => row.examples },
    {
      header: t.handoffCol,
      cell: (row) => (
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
      ),
    },
    {
      header: t.remove,
      hideHeader: true,
      cell: (row) =>
        !row.predefined && (
          <button type="button" className="secondary small" aria-label={`${t.remove}: ${row.label}`} onClick={() => void change(undefined, 'DELETE', `${base}/intents/${encodeURIComponent(row.id)}`)}>
            {t.remove}
          </button>
        ),
    },
  ];

  return (
    <>
      <Card title={t.intentsTitle} aside={<SaveStatus status={status} testId="settings-status" />} hint={t.intentsHelp}>
        <DataTable
          rows={intents}
          loading={status?.kind === 'error' ? undefined : t.loading}
          columns={columns}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ className: row.handoff ? 'handoff-on' : 'handoff-off', 'data-testid': `intent-row-${row.id}` })}
          className="intents-table"
          testId="intents-table"
        />
        <AddIntent t={t} onAdd={(body) => change(body)} />
      </Card>
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
  const { status, fail, save } = useSaveStatus(t);
  const read = useCallback(() => request<HandoffSettings>('GET', `${base}/handoff`, { token }), [base, token]);
  const [value, setValue] = useRead(read, fail);
  const ids = { timeout: useId(), reset: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return;
    const body = { timeout_minutes: Number(value.timeout_minutes), reset_on_greeting: value.reset_on_greeting };
    await save(async () => setValue(await request<HandoffSettings>('PUT', `${base}/handoff`, { token, body })));
  };
  return (
    <Card title={t.handoffTitle}>
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
            <SaveStatus status={status} as="span" />
          </div>
        </form>
      )}
      {!value && status?.kind === 'error' && <SaveStatus status={status} />}
    </Card>
  );
}
