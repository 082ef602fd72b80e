// One report per bot in scope (the chosen bot, else every bot), read together, with the error shown in the card:
// the learning-loop cards of the Feedback tab (abandonment, click-through) read their figures this way.
import { useCallback, useState } from 'react';
import { request, type BotInfo } from '../shared/api.ts';
import type { ConsoleTexts } from '../shared/i18n.ts';
import { errorText, useRead } from './ui/index.ts';

export function usePerBotReports<R>(path: (bot: string) => string, opts: { token: string; t: ConsoleTexts; bots: BotInfo[]; bot: string }) {
  const { token, t, bots, bot } = opts;
  const [error, setError] = useState<string | null>(null);
  const scope = (bot ? [bot] : bots.map((b) => b.id)).join(',');
  const read = useCallback(
    () =>
      Promise.all(
        scope
          .split(',')
          .filter(Boolean)
          .map((id) => request<R>('GET', path(encodeURIComponent(id)), { token })),
      ),
    // `path` is a module-level function of each card, the same on every render.
    [scope, token],
  );
  const [rows, , reload] = useRead(read, useCallback((err: unknown) => setError(errorText(err, t)), [t]));
  return { rows, error, reload };
}
