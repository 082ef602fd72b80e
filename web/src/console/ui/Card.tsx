// The console's panels: a card with its heading (which names the section for screen readers), an optional
// status or summary beside the heading and a hint under it; the live save status; error and empty notes.
import { useId, type CSSProperties, type ReactNode } from 'react';
import type { SaveState } from './useSaveStatus.ts';

export interface CardProps {
  title: ReactNode;
  /** Beside the heading: a save status, totals. */
  aside?: ReactNode;
  /** One line under the heading on what the card is for. */
  hint?: ReactNode;
  /** Classes added to `card`. */
  className?: string;
  testId?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Card({ title, aside, hint, className, testId, style, children }: CardProps) {
  const id = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} style={style} aria-labelledby={id} data-testid={testId}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {hint !== undefined && <p className="hint">{hint}</p>}
      {children}
    </section>
  );
}

/** "Saving…", "Saved" or an error, announced politely where the change was made. */
export function SaveStatus({ status, testId, as: Tag = 'p' }: { status: SaveState | null; testId?: string; as?: 'p' | 'span' }) {
  return (
    <Tag className={`save-status ${status?.kind ?? ''}`} role="status" aria-live="polite" data-testid={testId}>
      {status?.text ?? ''}
    </Tag>
  );
}

/** An error the user should notice at once (read out by screen readers); nothing when there is none. */
export function ErrorNote({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}

/** What an empty list or table shows instead. */
export function EmptyNote({ children, center = false }: { children: ReactNode; center?: boolean }) {
  return <p className={center ? 'empty center' : 'empty'}>{children}</p>;
}
