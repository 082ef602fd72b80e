// What a bot's code can add to its forms: named validators, computed placeholders, completion and undo actions
// (bot.yaml names the validators; the hooks are found by form id).
import type { Memory, TurnContext, TurnData } from '../engine/types.ts';
import type { SlotValue } from './slots.ts';

export type Slots = Record<string, SlotValue>;
export type ReplyVars = Record<string, string | number>;

/** `S`, `M`, `D`: the bot's services, memory and turn scratch, as defineBot declares them. */
interface SlotCheck<S = unknown, M extends object = Memory, D extends object = TurnData> {
  form: string;
  slot: string;
  value: SlotValue;
  /**
   * The slots filled so far, this value not included. Slots are validated in the form's order, so the slots
   * before this one already hold what the same message gave them.
   */
  slots: Slots;
  ctx: TurnContext<S, M, D>;
}

/** A validator's full answer, when true/false/a reply is not enough. */
export interface SlotVerdict {
  ok: boolean;
  /** Accepted: the value to keep instead of the one read ("7" read as 07:00, kept as the 19:00 class). */
  value?: SlotValue;
  /** Accepted: other slots this value fills or changes (the class's modality, the date of the next class). */
  fill?: Slots;
  /**
   * Slots to empty, accepted or not (a new date drops a time that day lacks). When a rejection clears slots,
   * the form asks the first missing one next instead of the rejected slot again.
   */
  clear?: string[];
  /** Rejected: what to say instead of the slot's `invalid` (a reply key or text). */
  say?: string;
  /** Placeholders for the reply said about this value (computed lists, the value as the bot names it). */
  vars?: ReplyVars;
}

/**
 * A named validator (`validate: { use: name }`): true accepts the value; false rejects it (the slot's `invalid`
 * reply is said); a string rejects it and is said instead (a reply key or text, with {value} and the slots);
 * a SlotVerdict can also change the value, fill or clear other slots, and add placeholders.
 */
export type SlotValidator<S = unknown, M extends object = Memory, D extends object = TurnData> = (check: SlotCheck<S, M, D>) => boolean | string | SlotVerdict | Promise<boolean | string | SlotVerdict>;

/**
 * A named validator with the other slots it reads: when one of them changes, the slot is checked again (a time
 * against the new day). The same as bot.yaml's `validate.dependsOn`, declared beside the code.
 */
export interface DeclaredValidator<S = unknown, M extends object = Memory, D extends object = TurnData> {
  check: SlotValidator<S, M, D>;
  dependsOn?: string[];
}

/** What a named slot reader (`extract: name`) is given: the message, the slots asked last and the slots known. */
interface SlotReading<S = unknown, M extends object = Memory, D extends object = TurnData> {
  form: string;
  text: string;
  /** The slots the form's last question asked for (a bare answer fills them). */
  asking: string[];
  slots: Slots;
  ctx: TurnContext<S, M, D>;
}

/**
 * A slot reader of the bot's code, named by a form's `extract`: the slot values the message carries. Return only
 * values the bot accepts; they are validated like any other (options, range, named validators).
 */
export type SlotExtractor<S = unknown, M extends object = Memory, D extends object = TurnData> = (reading: SlotReading<S, M, D>) => Slots | Promise<Slots>;

/** What a group's hook does before the next question: say something first, or stop and wait. */
interface GroupOutcome {
  /** Said before the next question (a reply key or text). */
  say?: string;
  vars?: ReplyVars;
  /**
   * Say only `say` and wait: the next message is read for the form's slots and the hook runs again (a search
   * that found nothing, waiting for other preferences).
   */
  wait?: boolean;
}

export interface FormHooks<S = unknown, M extends object = Memory, D extends object = TurnData> {
  /**
   * Slot values the bot already keeps in its own store (a profile): they fill the form's slots each turn it
   * runs, before the message is read, so the store stays the source of truth across conversations.
   */
  load?: (ctx: TurnContext<S, M, D>) => Slots | Promise<Slots>;
  /** The values this message gave (validated), to save in the bot's own store through ctx.defer. */
  onSlots?: (ctx: TurnContext<S, M, D>, changed: Slots, slots: Slots) => void | Promise<void>;
  /**
   * Runs when every required slot of a group (slot key `group`) is filled and one of them changed this turn,
   * before the next question: a search on the preferences just given, shown before the next slot is asked.
   */
  onGroup?: (ctx: TurnContext<S, M, D>, group: string, slots: Slots) => void | GroupOutcome | Promise<void | GroupOutcome>;
  /**
   * Placeholders computed from the slots for every reply of the form (ask, invalid, confirm, done, cancelled,
   * undone): "{slots}" → the free times of the chosen day. The slots themselves are placeholders already.
   */
  vars?: (ctx: TurnContext<S, M, D>, slots: Slots) => ReplyVars | Promise<ReplyVars>;
  /**
   * Runs when the form completes (after confirmation). Write through ctx.defer so the write commits with the reply.
   * What it returns adds placeholders to the `done` reply, replaces the reply (a key or text), or reopens the form.
   */
  onComplete?: (ctx: TurnContext<S, M, D>, slots: Slots) => void | FormCompletion | Promise<void | FormCompletion>;
  /**
   * Runs when the customer cancels after the form completed (one of its `cancel` phrases, the form has an
   * `undone` reply): undo what onComplete did, through ctx.defer. What it returns works as onComplete's.
   */
  onUndo?: (ctx: TurnContext<S, M, D>, slots: Slots) => void | FormCompletion | Promise<void | FormCompletion>;
}

export interface FormCompletion {
  vars?: ReplyVars;
  reply?: string;
  /** Text said before the reply (what the completion found). */
  before?: string;
  /**
   * The form cannot complete after all (the class filled up meanwhile): empty these slots and keep the form
   * running; `reply` (or the question of the first missing slot) is said.
   */
  reopen?: string[];
}

/**
 * A form's lasting state, under its id in the conversation's state. Other keys there belong to the bot's code
 * (an id a completion write returned through `{ memory: { <form>: { … } } }`) and are kept.
 */
export interface FormState {
  /** The slot being asked, 'confirm' while the summary waits for a yes, null when the form is not running. */
  stage: string | null;
  slots: Slots;
  /** Failed answers in a row. */
  attempts: number;
  /** How the form last ended: completed, cancelled (before or after completing), handed to a person. */
  last?: 'done' | 'cancelled' | 'handoff';
  /** The slots the last question asked for (several when a group is asked together). */
  asking?: string[];
  /** A group whose hook asked to wait: it runs again on the next message. */
  held?: string;
}
