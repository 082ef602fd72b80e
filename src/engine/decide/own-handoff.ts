// One of the bot's handoff intents was understood (after its refinement), or the model it wanted failed and it
// prefers a person to a local guess: the message goes to a person with the intent's label as the reason.
import { ownDecision, ownReading } from './own-reading.ts';
import type { Policy } from './types.ts';

export const ownHandoffPolicy: Policy = {
  name: 'own_handoff',
  async decide(input) {
    const { bot } = input;
    const reading = await ownReading(input);
    const handoffIntent = reading.understanding.intents.find((i) => bot.intents[i.id]?.handoff)?.id;
    if (handoffIntent) return ownDecision('own_handoff', `'${handoffIntent}' is a handoff intent`, reading, [], { handoff: { reason: bot.intents[handoffIntent].label, intent: handoffIntent } });
    const modelFailed = input.modelFailed && bot.config.understanding.onModelFailure === 'handoff' && input.understanding.source === 'local';
    if (modelFailed) return ownDecision('own_handoff', 'the model failed and the bot prefers a person to a local guess', reading, [], { handoff: { reason: 'model unavailable' } });
    return null;
  },
};
