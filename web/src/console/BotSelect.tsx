// The console's bot picker: a labelled select of the bots, with an optional "all bots" choice first.
import { useEffect, useId, useState } from 'react';
import type { BotInfo } from '../shared/api.ts';

export function BotSelect({
  bots,
  value,
  onChange,
  label,
  allLabel,
  className = 'field',
  testId,
}: {
  bots: BotInfo[];
  value: string;
  onChange: (bot: string) => void;
  label: string;
  /** The text of an empty-valued first choice (no filter); none when absent. */
  allLabel?: string;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {bots.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The bot a per-bot tab shows: the first bot until the operator picks another. */
export function useSelectedBot(bots: BotInfo[]): [string, (id: string) => void] {
  const [botId, setBotId] = useState('');
  useEffect(() => {
    if (!botId && bots[0]) setBotId(bots[0].id);
  }, [bots, botId]);
  return [botId, setBotId];
}
