// The save status a card shows: "Saving…" while a change is on its way, then "Saved" or why it failed (a 403
// becomes "needs the admin token", since operators may read what only admins may change).
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../shared/api.ts';
import type { ConsoleTexts } from '../../shared/i18n.ts';

export type SaveState = { kind: 'saving' | 'saved' | 'error'; text: string };

/** What to tell the user about a failed request. */
export function errorText(err: unknown, t: Pick<ConsoleTexts, 'needsAdmin'>): string {
  if (err instanceof ApiError && err.status === 403) return t.needsAdmin;
  return err instanceof Error ? err.message : String(err);
}

export interface SaveStatusControl {
  status: SaveState | null;
  /** Show why a request failed. */
  fail: (err: unknown) => void;
  clear: () => void;
  /** Run a change with "Saving…" then "Saved" or the error; true when it succeeded. */
  save: (change: () => Promise<unknown>) => Promise<boolean>;
}

export function useSaveStatus(t: Pick<ConsoleTexts, 'needsAdmin' | 'saving' | 'saved'>): SaveStatusControl {
  const [status, setStatus] = useState<SaveState | null>(null);
  const fail = useCallback((err: unknown) => setStatus({ kind: 'error', text: errorText(err, t) }), [t]);
  const save = useCallback(
    async (change: () => Promise<unknown>) => {
      setStatus({ kind: 'saving', text: t.saving });
      try {
        await change();
        setStatus({ kind: 'saved', text: t.saved });
        return true;
      } catch (err) {
        fail(err);
        return false;
      }
    },
    [t, fail],
  );
  const clear = useCallback(() => setStatus(null), []);
  return useMemo(() => ({ status, fail, clear, save }), [status, fail, clear, save]);
}
