// The operator's reply box: open while a person has or is about to take the conversation; Enter sends, Shift+Enter
// breaks the line, and the text stays when the reply could not be stored.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ConsoleTexts } from '../shared/i18n.ts';

/** `hint`: why the box is off, when it is not the usual reason (the bot has the conversation). */
export function ReplyBox({ t, enabled, hint, onSend }: { t: ConsoleTexts; enabled: boolean; hint?: string; onSend: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || !enabled) return;
    setSending(true);
    if (await onSend(value)) setText('');
    setSending(false);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form className="reply-box" onSubmit={submit}>
      <label htmlFor={id}>{t.replyLabel}</label>
      <div className="reply-row">
        <textarea
          id={id}
          data-testid="reply-input"
          rows={2}
          maxLength={4000}
          placeholder={enabled ? t.replyPlaceholder : ''}
          disabled={!enabled}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-describedby={enabled ? undefined : `${id}-hint`}
        />
        <button type="submit" data-testid="reply-send" disabled={!enabled || sending || !text.trim()}>
          {t.send}
        </button>
      </div>
      {!enabled && (
        <p className="hint" id={`${id}-hint`}>
          {hint ?? t.replyDisabled}
        </p>
      )}
    </form>
  );
}
