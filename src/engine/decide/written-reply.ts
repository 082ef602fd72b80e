// A reply written while understanding (a bot's tagged replies) is the answer: no specialist runs.
import { ownDecision, ownReading } from './own-reading.ts';
import type { Policy } from './types.ts';

export const writtenReplyPolicy: Policy = {
  name: 'written_reply',
  async decide(input) {
    if (!input.understanding.reply) return null;
    return ownDecision('written_reply', 'understanding wrote the reply', await ownReading(input), []);
  },
};
