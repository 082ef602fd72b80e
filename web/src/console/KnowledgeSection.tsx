// Settings → a bot's knowledge documents: each with its sections and where it comes from (the bot folder or
// this console). Anyone signed in can open a document; saving, adding and removing need the admin token.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { request, type KnowledgeDoc } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { Card, DataTable, SaveStatus, useRead, useSaveStatus, type Column } from './ui/index.ts';

type Draft = { doc: string; markdown: string; isNew: boolean };

export function KnowledgeSection({ token, t, bot }: { token: string; t: ConsoleTexts; bot: string }) {
  const base = `/api/bots/${encodeURIComponent(bot)}/knowledge`;
  const { status, fail, clear, save } = useSaveStatus(t);
  const read = useCallback(async () => (await request<{ documents: KnowledgeDoc[] }>('GET', base, { token })).documents, [base, token]);
  const [docs, setDocs] = useRead(read, fail);
  const [draft, setDraft] = useState<Draft | null>(null);

  const open = async (doc: string) => {
    try {
      const r = await request<{ markdown: string }>('GET', `${base}/${encodeURIComponent(doc)}`, { token });
      clear();
      setDraft({ doc, markdown: r.markdown, isNew: false });
    } catch (err) {
      fail(err);
    }
  };

  /** PUT or DELETE a document; the answer carries the updated list. */
  const change = (method: 'PUT' | 'DELETE', doc: string, markdown?: string) =>
    save(async () => {
      const r = await request<{ documents: KnowledgeDoc[] }>(method, `${base}/${encodeURIComponent(doc)}`, { token, body: markdown === undefined ? undefined : { markdown } });
      setDocs(r.documents);
    });

  const columns: Column<KnowledgeDoc>[] = [
    {
      header: t.document,
      rowHeader: true,
      cell: (d) => (
        <>
          {d.title}
          <code className="hint block">{d.doc}</code>
        </>
      ),
    },
    {
      header: t.sections,
      cell: (d) => (
        <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
          {d.sections.map((sec, i) => (
            <li key={i}>
              {sec.heading} <span className="hint">({t.chars(sec.chars)})</span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: t.source,
      cell: (d) => (
        <>
          <span className="chip small">{d.source === 'admin' ? t.sourceAdmin : t.sourceFile}</span>
          {d.overridesFile && <span className="hint block">{t.overridesFile}</span>}
        </>
      ),
    },
    {
      header: t.editDoc,
      hideHeader: true,
      cell: (d) => (
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
      ),
    },
  ];

  return (
    <Card title={t.knowledgeTitle} testId="knowledge-section" aside={<SaveStatus status={status} testId="knowledge-status" />} hint={t.knowledgeHelp}>
      <DataTable
        rows={docs}
        loading={status?.kind === 'error' ? undefined : t.loading}
        columns={columns}
        rowKey={(d) => d.doc}
        rowAttributes={(d) => ({ 'data-testid': `knowledge-doc-${d.doc}`, 'data-source': d.source })}
        empty={t.noKnowledge}
        testId="knowledge-table"
      />
      {draft ? (
        <DocEditor key={`${draft.doc}:${draft.isNew}`} t={t} draft={draft} onCancel={() => setDraft(null)} onSave={async (doc, markdown) => (await change('PUT', doc, markdown)) && setDraft(null)} />
      ) : (
        <button type="button" className="secondary" data-testid="knowledge-add" onClick={() => setDraft({ doc: '', markdown: '', isNew: true })}>
          + {t.addDoc}
        </button>
      )}
    </Card>
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
