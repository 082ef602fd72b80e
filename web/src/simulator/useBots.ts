// The bots the simulator can talk to, and which one is chosen: the one in the address (?bot=), else the last one
// chosen in this browser, else the first. A choice goes into the address and localStorage.
import { useEffect, useState } from 'react';
import { getBots, type BotInfo } from '../shared/api.ts';

const BOT_KEY = 'switchboard.sim.bot';

function initialBot(): string | null {
  return new URLSearchParams(location.search).get('bot') ?? localStorage.getItem(BOT_KEY);
}

/** The bot to open: the wanted one when it is loaded, else the first (null when there is none). */
export function pickBot(list: readonly BotInfo[], wanted: string | null): string | null {
  return list.find((b) => b.id === wanted)?.id ?? list[0]?.id ?? null;
}

export function useBots() {
  /** null until the server answered. */
  const [bots, setBots] = useState<BotInfo[] | null>(null);
  const [botId, setBotId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    getBots()
      .then((list) => {
        setBots(list);
        setBotId(pickBot(list, initialBot()));
      })
      .catch((err: Error) => setLoadError(`Could not load the bots: ${err.message}`));
  }, []);

  const chooseBot = (id: string) => {
    setBotId(id);
    localStorage.setItem(BOT_KEY, id);
    const url = new URL(location.href);
    url.searchParams.set('bot', id);
    history.replaceState(null, '', url);
  };

  return { bots, bot: bots?.find((b) => b.id === botId), botId, loadError, chooseBot };
}
