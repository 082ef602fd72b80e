// Making golden examples in the console (admin): one written by hand (what a customer says, the reply to
// imitate), or a rated reply promoted with the customer message it answered.
import { useId, useState, type FormEvent } from 'react';
import { request, type BotInfo } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import type { AdminTexts } from './admin-texts.ts';
import { BotSelect } from './BotSelect.tsx';
import { SaveStatus, useSaveStatus } from './ui/index.ts';

const goldenPath = (bot: string) => `/api/bots/${encodeURIComponent(bot)}/golden`;

export function AddGolden({ token, t, x, bots, bot, onAdded }: { token: string; t: ConsoleTexts; x: AdminTexts; bots: BotInfo[]; bot: string; onAdded: () => void }) {
  const { status, save } = useSaveStatus(t);
  const [form, setForm] = useState({ bot: '', userText: '', reply: '' });
  const ids = { user: useId(), reply: useId() };
  const target = bot || form.bot || bots[0]?.id || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await save(() => request('POST', goldenPath(target), { token, body: { userText: form.userText, reply: form.reply } }));
    if (ok) {
      setForm({ ...form, userText: '', reply: '' });
      onAdded();
    }
  };
  return (
    <details className="add-intent" data-testid="golden-add">
      <summary>+ {x.addGolden}</summary>
      <form onSubmit={submit} className="grid-form">
        {!bot && <BotSelect bots={bots} value={target} onChange={(b) => setForm({ ...form, bot: b })} label="Bot" />}
        <div className="field wide">
          <label htmlFor={ids.user}>{x.customerSays}</label>
          <input id={ids.user} data-testid="golden-user-text" required maxLength={1000} value={form.userText} onChange={(e) => setForm({ ...form, userText: e.target.value })} />
        </div>
        <div className="field wide">
          <label htmlFor={ids.reply}>{x.replyToImitate}</label>
          <textarea id={ids.reply} data-testid="golden-reply" required rows={3} maxLength={4000} value={form.reply} onChange={(e) => setForm({ ...form, reply: e.target.value })} />
        </div>
        <div className="form-end">
          <button type="submit" data-testid="golden-add-submit" disabled={!target}>
            {x.addGoldenSubmit}
          </button>
          <SaveStatus status={status} as="span" testId="golden-add-status" />
        </div>
      </form>
    </details>
  );
}

/** Promote a rated reply of a conversation to a golden example. */
export function PromoteButton({ token, t, x, bot, sessionId, messageId, onPromoted }: { token: string; t: ConsoleTexts; x: AdminTexts; bot: string; sessionId: string; messageId: number; onPromoted?: () => void }) {
  const { status, save } = useSaveStatus({ ...t, saved: x.promoted });
  const promote = async () => {
    if (await save(() => request('POST', goldenPath(bot), { token, body: { sessionId, messageId } }))) onPromoted?.();
  };
  if (status?.kind === 'saved') {
    return (
      <span className="chip small" role="status" data-testid={`promoted-${messageId}`}>
        ✓ {x.promoted}
      </span>
    );
  }
  return (
    <>
      <button type="button" className="secondary small" data-testid={`promote-${messageId}`} disabled={status?.kind === 'saving'} onClick={() => void promote()}>
        {x.promote}
      </button>
      {status?.kind === 'error' && <SaveStatus status={status} as="span" />}
    </>
  );
}
