// Forms: slot-filling workflows declared in bot.yaml (`forms:`), run by the runtime.
export { formSchema, slotSchema, BUILTIN_SLOT_KINDS, WEEKDAYS, type FormConfig, type SlotConfig, type BuiltinSlotKind } from './schema.ts';
export { withForms, activeForms, formsCancelledBy } from './context.ts';
export { showDate, showTime, showValue } from './slots.ts';
export { readFormSlots,   type SlotTextReader, type SlotVocabulary } from './reading.ts';
export { matchSaidTime } from './said-time.ts';
export { showList } from './show-list.ts';
export type { DeclaredValidator, FormCompletion, FormHooks, FormState, ReplyVars, SlotExtractor, SlotValidator, SlotVerdict, Slots } from './types.ts';
