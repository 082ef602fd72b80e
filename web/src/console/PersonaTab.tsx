// The Persona tab, for any bot: its persona, additional system prompt instructions, model and temperature,
// edited while it runs (admin; operators read), with bot.yaml's values beside them, and the audit of changes.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { request, type BotInfo } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { AuditLog } from './AuditLog.tsx';
import { BotSelect, useSelectedBot } from './BotSelect.tsx';
import { Card, SaveStatus, useRead, useSaveStatus } from './ui/index.ts';
import './admin.css';

interface PersonaFields {
  persona?: string;
  systemPrompt?: string;
  model?: string;
  temperature?: number;
}

export interface PersonaView {
  settings: PersonaFields;
  file: { persona: string; model: string; temperature: number | null };
  effective: { persona: string; model: string; temperature: number | null };
}

type Form = { persona: string; systemPrompt: string; model: string; temperature: string };

const formOf = (v: PersonaView): Form => ({
  persona: v.settings.persona ?? v.file.persona,
  systemPrompt: v.settings.systemPrompt ?? '',
  model: v.settings.model ?? v.file.model,
  temperature: String(v.settings.temperature ?? v.file.temperature ?? ''),
});

/** Only what changed: a value equal to bot.yaml's (or emptied) gives the field back to bot.yaml (null). */
function patchOf(form: Form, v: PersonaView): Record<string, string | number | null> {
  const wanted: Record<keyof Form, string | number | null> = {
    persona: !form.persona.trim() || form.persona.trim() === v.file.persona.trim() ? null : form.persona,
    systemPrompt: form.systemPrompt.trim() || null,
    model: !form.model.trim() || form.model.trim() === v.file.model ? null : form.model.trim(),
    temperature: form.temperature.trim() === '' || Number(form.temperature) === v.file.temperature ? null : Number(form.temperature),
  };
  const patch: Record<string, string | number | null> = {};
  for (const key of Object.keys(wanted) as (keyof Form)[]) if (wanted[key] !== (v.settings[key] ?? null)) patch[key] = wanted[key];
  return patch;
}

export function PersonaTab({ token, t, x, bots }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[] }) {
  const [botId, setBotId] = useSelectedBot(bots);
  return (
    <div className="settings">
      <BotSelect bots={bots} value={botId} onChange={setBotId} label={t.filterBot} className="field inline" testId="persona-bot" />
      {botId && <PersonaForm key={botId} token={token} t={t} x={x} bot={botId} />}
    </div>
  );
}

function PersonaForm({ token, t, x, bot }: { token: string; t: ConsoleTexts; x: AdminTexts; bot: string }) {
  const { status, fail, save } = useSaveStatus(t);
  const path = `/api/bots/${encodeURIComponent(bot)}/persona`;
  const read = useCallback(() => request<PersonaView>('GET', path, { token }), [path, token]);
  const [view, setView] = useRead(read, fail);
  const [form, setForm] = useState<Form | null>(null);
  const [audits, setAudits] = useState(0);
  const ids = { persona: useId(), prompt: useId(), model: useId(), temperature: useId() };
  useEffect(() => {
    if (view) setForm(formOf(view));
  }, [view]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!view || !form) return;
    const body = patchOf(form, view);
    if (!Object.keys(body).length) return;
    if (await save(async () => setView(await request<PersonaView>('PUT', path, { token, body })))) setAudits((n) => n + 1);
  };

  return (
    <>
      <Card title={x.personaTitle} hint={x.personaHelp} testId="persona-card">
        {view && form && (
          <form onSubmit={submit} className="grid-form persona-form">
            <div className="field wide">
              <label htmlFor={ids.persona}>{x.personaLabel}</label>
              <textarea id={ids.persona} data-testid="persona-text" rows={7} maxLength={8000} value={form.persona} onChange={(e) => setForm({ ...form, persona: e.target.value })} />
            </div>
            <div className="field wide">
              <label htmlFor={ids.prompt}>{x.systemPromptLabel}</label>
              <textarea id={ids.prompt} data-testid="persona-prompt" rows={4} maxLength={8000} value={form.systemPrompt} onChange={(e) => setForm({ ...form, systemPrompt: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={ids.model}>{x.modelLabel}</label>
              <input id={ids.model} data-testid="persona-model" maxLength={120} value={form.model} aria-describedby={`${ids.model}-file`} onChange={(e) => setForm({ ...form, model: e.target.value })} />
              <p className="hint" id={`${ids.model}-file`}>
                {x.fromFile(view.file.model)}
              </p>
            </div>
            <div className="field">
              <label htmlFor={ids.temperature}>{x.temperatureLabel}</label>
              <input
                id={ids.temperature}
                data-testid="persona-temperature"
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={form.temperature}
                aria-describedby={`${ids.temperature}-file`}
                onChange={(e) => setForm({ ...form, temperature: e.target.value })}
              />
              <p className="hint" id={`${ids.temperature}-file`}>
                {x.fromFile(view.file.temperature === null ? '' : String(view.file.temperature))}
              </p>
            </div>
            <p className="hint wide" data-testid="persona-in-use">
              {x.inUse(view.effective.model, view.effective.temperature)}
            </p>
            <div className="form-end">
              <button type="submit" data-testid="persona-save">
                {t.save}
              </button>
              <button type="button" className="secondary" onClick={() => setForm({ ...formOf({ ...view, settings: {} }) })}>
                {x.useFile}
              </button>
              <SaveStatus status={status} as="span" testId="persona-status" />
            </div>
          </form>
        )}
        {!view && status?.kind === 'error' && <SaveStatus status={status} />}
      </Card>
      <AuditLog token={token} t={t} x={x} bot={bot} version={audits} />
    </>
  );
}
