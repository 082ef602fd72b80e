// Forms: slot-filling workflows declared in bot.yaml (`forms:`), run by the runtime.
export { withForms, activeForms, formsCancelledBy } from './context.ts';
export { fold,  showDate, showTime, showValue } from './slots.ts';
export { readFormSlots,   type SlotTextReader, type SlotVocabulary } from './reading.ts';
export { matchSaidTime } from './said-time.ts';
export { showList } from './show-list.ts';
export type { FormCompletion, FormHooks, FormState,       SlotVerdict, Slots } from './types.ts';
