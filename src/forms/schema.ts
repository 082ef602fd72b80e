// The `forms:` section of bot.yaml: a form collects slots (typed values) for one intent, asks for the
// missing ones, validates, confirms and completes. The engine that runs it is ./engine.ts.
import { z } from 'zod';
import { calendarSchema, WEEKDAYS } from './calendar-schema.ts';

/** Slot kinds the runtime reads by itself; any gazetteer type of the bot is a kind too. */
export const BUILTIN_SLOT_KINDS = ['date', 'time', 'datetime', 'number', 'money', 'name', 'email', 'phone', 'yesno', 'text'] as const;
export type BuiltinSlotKind = (typeof BUILTIN_SLOT_KINDS)[number];

const bound = z.union([z.number(), z.string()]);

export { WEEKDAYS };

export const slotValidationSchema = z.strictObject({
  /** Accepted values (gazetteer canonical values, or texts compared without accents and case). */
  options: z.array(z.string()).optional(),
  /** Lower bound: a number, a date ('today', 'YYYY-MM-DD', '+2d') or a time ('08:00'). */
  min: bound.optional(),
  /** Upper bound, same forms as min. */
  max: bound.optional(),
  /** Dates (and a datetime's date): the days of the week accepted, as `mon` … `sun` (a shop closed on Mondays). */
  weekdays: z.array(z.enum(WEEKDAYS)).min(1).optional(),
  /** A validator the bot's index.ts provides under `validators` (e.g. opening hours). */
  use: z.string().optional(),
  /** Other slots the validator reads: when one of them changes, this slot's value is checked again (a time against a new day). */
  dependsOn: z.array(z.string().min(1)).default([]),
});

export const slotSchema = z.strictObject({
  /** date, time, datetime, number, money, name, email, phone, yesno, text, or a gazetteer type. */
  kind: z.string().min(1),
  /** A form completes only with every required slot filled. */
  required: z.boolean().default(true),
  /** How to ask for it: a reply key, or the text itself. */
  ask: z.string().min(1),
  /** What to say after a value that is not valid (a reply key or text; {value} is the value); default: ask again. */
  invalid: z.string().optional(),
  validate: slotValidationSchema.optional(),
  /** How the slot is named inside the form's `askMany` question ({fields}): a reply key or text. */
  label: z.string().optional(),
  /** Slots of one group are asked together, in one question, and the form's `onGroup` hook runs once they are all filled. */
  group: z.string().optional(),
  /** `read: message` only: a slot reader of the bot's code (index.ts `slotReaders`) that reads this slot instead of its kind's reader. */
  reader: z.string().optional(),
  /** `read: message`, a gazetteer slot whose gazetteer has `indifferent`: the value kept when any value will do ("tanto faz"). */
  any: z.string().optional(),
  /** `read: message`, a `money:` slot: the `household:` entity type whose size the amount is divided by (an amount per person). */
  perPersonWith: z.string().optional(),
  /** `read: message`, a `place:` slot: the slot that takes the place's state (read with it, never on its own). */
  stateSlot: z.string().optional(),
  /** `read: message`: read only inside the words another slot's value was read from (they stay readable for it). */
  within: z.string().optional(),
  /** `read: message`: the value read is an ordinal ("3º", "terceiro"), kept as its number. */
  ordinal: z.boolean().default(false),
  /** A component of the bot's `ui:` shown with the question that asks this slot (an income calculator); channels get the question's text. */
  ui: z.string().optional(),
});

export const formSchema = z.strictObject({
  /** The intent that opens and continues the form (default: the form's id). */
  intent: z.string().optional(),
  /** The slots in the order they are asked. */
  slots: z.record(z.string(), slotSchema).refine((s) => Object.keys(s).length > 0, 'a form needs at least one slot'),
  /** Summary to confirm before completing, with {slot} placeholders (a reply key or text); none: no confirmation. */
  confirm: z.string().optional(),
  /** Reply when the form completes, with {slot} placeholders (a reply key or text). */
  done: z.string().min(1),
  /** Reply when the customer cancels or says no to the summary (a reply key or text). */
  cancelled: z.string().optional(),
  /** Phrases that cancel the form while it runs (matched without accents or case, as whole words). */
  cancel: z.array(z.string().min(1)).default([]),
  /**
   * Reply when one of the cancel phrases comes after the form completed (a booking cancelled): the bot's
   * `onUndo` hook undoes the completion. None: cancel phrases do nothing once the form is done.
   */
  undone: z.string().optional(),
  /** Failed answers in a row before onMaxAttempts applies. */
  maxAttempts: z.number().int().min(1).default(3),
  /** After maxAttempts failures: keep asking, cancel the form, or hand the conversation to a person. */
  onMaxAttempts: z.enum(['ask', 'cancel', 'handoff']).default('ask'),
  /** Opening hours per weekday, closed dates and "from now on", checked on the form's date and time slots. */
  calendar: calendarSchema.optional(),
  /** Text for model prompts while the form runs, {slot} replaced by the pending slot. */
  context: z.string().optional(),
  /** Several missing slots of a group in one question, {fields} the slots' labels ("your name, age and city"). */
  askMany: z.string().optional(),
  /** The question when every slot of a group is missing (an invitation to say them all at once). */
  askAll: z.string().optional(),
  /** Said before the question while no slot of the form is known yet (a first contact). */
  welcome: z.string().optional(),
  /** A slot reader of the bot's code (index.ts `extractors`) that reads the form's slots instead of the entities. */
  extract: z.string().optional(),
  /**
   * How the form reads its slots: `entities` (the message's entities) or `message` (the runtime's slot readers read
   * the message once, each slot by its kind, each value masked once read).
   */
  read: z.enum(['entities', 'message']).default('entities'),
  /**
   * With `read: message`, the order the slots are read in (default: the form's slot order; slots not listed follow).
   * An entry that is no slot of the form but an entity or gazetteer type is read and set aside: its words are no
   * later slot's value.
   */
  readOrder: z.array(z.string().min(1)).optional(),
  /**
   * Who sends messages to the running form: `runtime` (its intent, an answer nothing else understood, after a
   * digression) or `bot` (the bot's route alone; whatever it sends is read as the form's answer, and the form
   * waits, untouched, while the bot's route sends messages elsewhere).
   */
  routing: z.enum(['runtime', 'bot']).default('runtime'),
  /** The session's active workflow while the form runs (messages are tagged with it); cleared when it ends. */
  workflow: z.string().optional(),
  /**
   * The form's slots that are fields of the bot's `profile:` are filled from the customer's profile each turn, and
   * the values a message gives them are saved to it (with the reply): the profile stays the source of truth.
   */
  profile: z.boolean().default(false),
  /** A boolean field of the profile set to true when the form completes (an onboarding done once per customer). */
  completes: z.string().optional(),
});

export type SlotConfig = z.infer<typeof slotSchema>;
export type FormConfig = z.infer<typeof formSchema>;
