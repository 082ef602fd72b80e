// A message that says a form's cancel phrase is the form's business, whatever understanding (or a built-in skill)
// made of it: the bot's own reading decides (its refinement puts the form's intent first), never small talk.
import { ownRouting } from './hand-over.ts';
import type { Policy } from './types.ts';

export const cancelPolicy: Policy = {
  name: 'cancel',
  decide(input) {
    if (!input.waiting.cancel) return null;
    return ownRouting(input, input.understanding, 'cancel', "the message says a form's cancel phrase", { smallTalk: false });
  },
};
