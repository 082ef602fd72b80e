// The default: the bot's own intents (refined), to the specialists its router chooses.
import { ownDecision, ownReading } from './own-reading.ts';
import type { Policy } from './types.ts';

export const botIntentsPolicy: Policy = {
  name: 'bot_intents',
  async decide(input) {
    const reading = await ownReading(input);
    const routes = [...new Set(await reading.routes())];
    const ids = reading.understanding.intents.map((i) => i.id);
    return ownDecision('bot_intents', `the bot's reading: ${ids.join(', ') || 'nothing'}`, reading, routes);
  },
};
