// What a bot's code can add to its forms: named validators and completion actions (bot.yaml names them).
import type { TurnContext } from '../engine/types.ts';
import type { SlotValue } from './slots.ts';

export type Slots = Record<string, SlotValue>;

export interface SlotCheck {
  form: string;
  slot: string;
  value: SlotValue;
  /** The slots filled so far (this value not included). */
  slots: Slots;
  ctx: TurnContext;
}

/**
 * A named validator (`validate: { use: name }`): true accepts the value; false rejects it (the slot's `invalid`
 * reply is said); a string rejects it and is said instead (a reply key or text, with {value} and the slots).
 */
export type SlotValidator = (check: SlotCheck) => boolean | string | Promise<boolean | string>;

export interface FormHooks {
  /**
   * Runs when the form completes (after confirmation). Write through ctx.defer so the write commits with the reply.
   * What it returns adds placeholders to the `done` reply, or replaces the reply (a key or text).
   */
  onComplete?: (ctx: TurnContext, slots: Slots) => void | FormCompletion | Promise<void | FormCompletion>;
}

export interface FormCompletion {
  vars?: Record<string, string | number>;
  reply?: string;
}

/** A form's lasting state, under its id in the conversation's state. */
export interface FormState {
  /** The slot being asked, 'confirm' while the summary waits for a yes, null when the form is not running. */
  stage: string | null;
  slots: Slots;
  /** Failed answers in a row. */
  attempts: number;
  /** How the form last ended. */
  last?: 'done' | 'cancelled' | 'handoff';
}
