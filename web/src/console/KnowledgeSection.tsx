// Settings → a bot's knowledge documents: each with its sections and where it comes from (the bot folder or
// this console). Anyone signed in can open a document; saving, adding and removing need the admin token.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, request, type KnowledgeDoc } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';

type Status = { kind: 'saving' | 'saved' | 'error'; text: string };
type Draft = { doc: string; markdown: string; isNew: boolean };

const explain = (err: unknown, t: ConsoleTexts) => (err instanceof ApiError && err.status === 403 ? t.needsAdmin : (err as Error).message);

export function KnowledgeSection({ token, t, bot }: { token: string; t: ConsoleTexts; bot: string }) {
  const base = `/api/bots/${encodeURIComponent(bot)}/knowledge`;
  const [docs, setDocs] = useState<KnowledgeDoc[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const headingId = useId();

  const load = useCallback(async () => {
    try {
      setDocs((await request<{ documents: KnowledgeDoc[] }>('GET', base, { token })).documents);
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
    }
  }, [base, token, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (doc: string) => {
    try {
      const r = await request<{ markdown: string }>('GET', `${base}/${encodeURIComponent(doc)}`, { token });
      setStatus(null);
      setDraft({ doc, markdown: r.markdown, isNew: false });
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
    }
  };

  /** PUT or DELETE a document; the answer carries the updated list. */
  const change = async (method: 'PUT' | 'DELETE', doc: string, markdown?: string) => {
    setStatus({ kind: 'saving', text: t.saving });
    try {
      const r = await request<{ documents: KnowledgeDoc[] }>(method, `${base}/${encodeURIComponent(doc)}`, { token, body: markdown === undefined ? undefined : { markdown } });
      setDocs(r.documents);
      setStatus({ kind: 'saved', text: t.saved });
      return true;
    } catch (err) {
      setStatus({ kind: 'error', text: explain(err, t) });
      return false;
    }
  };

  return (
    <section className="card" aria-labelledby={headingId} data-testid="knowledge-section">
      <div className="card-head">
        <h2 id={headingId}>{t.knowledgeTitle}</h2>
        <p className={`save-status ${status?.kind ?? ''}`} role="status" aria-live="polite" data-testid="knowledge-status">
          {status?.text ?? ''}
        </p>
      </div>
      <p className="hint">{t.knowledgeHelp}</p>
      {docs && docs.length === 0 && <p className="empty">{t.noKnowledge}</p>}
      {docs && docs.length > 0 && (
        <div className="table-wrap">
          <table data-testid="knowledge-table">
            <thead>
              <tr>
                <th scope="col">{t.document}</th>
                <th scope="col">{t.sections}</th>
                <th scope="col">{t.source}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.editDoc}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => (
                <tr key={d.doc} data-testid={`knowledge-doc-${d.doc}`} data-source={d.source}>
                  <th scope="row">
                    {d.title}
                    <code className="hint block">{d.doc}</code>
                  </th>
                  <td>
                    <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                      {d.sections.map((sec, i) => (
                        <li key={i}>
                          {sec.heading} <span className="hint">({t.chars(sec.chars)})</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <span className="chip small">{d.source === 'admin' ? t.sourceAdmin : t.sourceFile}</span>
                    {d.overridesFile && <span className="hint block">{t.overridesFile}</span>}
                  </td>
                  <td>
                    <div className="form-end">
                      <button type="button" className="secondary small" data-testid={`knowledge-edit-${d.doc}`} aria-label={`${t.editDoc}: ${d.title}`} onClick={() => void open(d.doc)}>
                        {t.editDoc}
                      </button>
                      {d.source === 'admin' && (
                        <button
                          type="button"
                          className="secondary small"
                          data-testid={`knowledge-delete-${d.doc}`}
                          aria-label={`${d.overridesFile ? t.revertToFile : t.remove}: ${d.title}`}
                          onClick={() => void change('DELETE', d.doc).then((ok) => ok && draft?.doc === d.doc && setDraft(null))}
                        >
                          {d.overridesFile ? t.revertToFile : t.remove}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft ? (
        <DocEditor key={`${draft.doc}:${draft.isNew}`} t={t} draft={draft} onCancel={() => setDraft(null)} onSave={async (doc, markdown) => (await change('PUT', doc, markdown)) && setDraft(null)} />
      ) : (
        <button type="button" className="secondary" data-testid="knowledge-add" onClick={() => setDraft({ doc: '', markdown: '', isNew: true })}>
          + {t.addDoc}
        </button>
      )}
    </section>
  );
}

/** Opens with the focus where one types: the name of a new document, the text of an existing one. */
function DocEditor({ t, draft, onSave, onCancel }: { t: ConsoleTexts; draft: Draft; onSave: (doc: string, markdown: string) => Promise<unknown>; onCancel: () => void }) {
  const [doc, setDoc] = useState(draft.doc);
  const [markdown, setMarkdown] = useState(draft.markdown);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), markdown: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSave(doc.trim(), markdown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid-form" data-testid="knowledge-editor">
      <div className="field wide">
        <label htmlFor={ids.name}>{t.docName}</label>
        <input
          id={ids.name}
          autoFocus={draft.isNew}
          data-testid="knowledge-doc-name"
          required
          readOnly={!draft.isNew}
          pattern="[a-z0-9][a-z0-9_\-]{0,60}\.md"
          maxLength={64}
          value={doc}
          onChange={(e) => setDoc(e.target.value)}
        />
      </div>
      <div className="field wide">
        <label htmlFor={ids.markdown}>{t.markdown}</label>
        <textarea
          id={ids.markdown}
          autoFocus={!draft.isNew}
          data-testid="knowledge-markdown"
          className="mono"
          rows={16}
          required
          spellCheck
          placeholder={t.markdownPlaceholder}
          value={markdown}
          onChange={(e) => setMarkdown(e.target.value)}
        />
      </div>
      <div className="form-end">
        <button type="submit" data-testid="knowledge-save" disabled={busy}>
          {t.save}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
