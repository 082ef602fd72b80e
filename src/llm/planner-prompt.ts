// The prompt side of a planner model (readPlanReply reads the reply side): the system prompt that asks for
// {"actions": [{intent, slots}]}, its intent and slot catalogue generated from bot.yaml (`intents.<id>.description`,
// `intents.<id>.slots.<slot>.hint`), the bot's own rules (`actions.plannerRules`, in its language), the clock, and
// the references earlier actions left (`actions.remember`) that a pronoun may point at.
import type { BotConfig } from '../bot/config.ts';
import { formatDateTime } from '../nlu/entities/deadline.ts';
import { wording } from './language.ts';

export interface PlannerSlotSpec {
  kind?: string;
  /** What the value is, in the bot's language ("ISO 8601 or as said: tomorrow at 10"). */
  hint?: string;
  /** false: the slot is read locally only and left out of the catalogue. */
  planner?: boolean;
}

export interface PlannerIntentSpec {
  label?: string;
  description?: string;
  slots?: Record<string, PlannerSlotSpec>;
}

export interface PlannerPromptInput {
  intents: Record<string, PlannerIntentSpec>;
  language: string;
  timeZone: string;
  now: Date;
  /** The bot's own planning rules, in its language. */
  rules?: string[];
  /** What earlier actions and turns remembered (`lead_atual: { id, nome }`). */
  remembered?: Record<string, unknown>;
}

/** One line per intent: `- id: description — slots: name (hint), …`. */
export function plannerCatalogue(intents: Record<string, PlannerIntentSpec>): string[] {
  return Object.entries(intents).map(([id, spec]) => {
    const slots = Object.entries(spec.slots ?? {})
      .filter(([, slot]) => slot.planner !== false)
      .map(([name, slot]) => (slot.hint ? `${name} (${slot.hint})` : name));
    const about = spec.description || spec.label || '';
    return `- ${id}${about ? `: ${about}` : ''}${slots.length ? ` — slots: ${slots.join(', ')}` : ''}`;
  });
}

const scalar = (v: unknown) => v !== null && v !== undefined && typeof v !== 'object' && String(v).trim() !== '';

/** One line per remembered reference with its fields (`- lead_atual: nome=Ana, id=…`). */
function rememberedLines(remembered: Record<string, unknown>): string[] {
  return Object.entries(remembered).flatMap(([name, value]) => {
    if (!value || typeof value !== 'object') return [];
    const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => scalar(v));
    return fields.length ? [`- ${name}: ${fields.map(([k, v]) => `${k}=${String(v)}`).join(', ')}`] : [];
  });
}

/** The planner's system prompt; the user message is the customer's text as it is. */
export function plannerSystemPrompt(input: PlannerPromptInput): string {
  const remembered = rememberedLines(input.remembered ?? {});
  return [
    'You plan the actions a message asks for. Read the user message and answer ONLY with JSON:',
    '{"actions": [{"intent": "<intent>", "slots": {…}}]}',
    'One action per request, in the order they appear. Never repeat an action; never invent data (names, ids, prices, dates): leave a slot out when the message does not give it.',
    `Slot values stay in the user's words (${wording(input.language).name}).`,
    ...(input.rules ?? []),
    'Intents:',
    ...plannerCatalogue(input.intents),
    `Now: ${formatDateTime(input.now, input.timeZone)} (${input.timeZone}).`,
    ...(remembered.length ? ['Remembered from earlier actions (a pronoun points at these; leave its slot out to use them):', ...remembered] : []),
  ].join('\n');
}

/** The planner prompt of a bot as its bot.yaml declares it, at `now`, with what the conversation remembers. */
export function botPlannerPrompt(bot: Pick<BotConfig, 'intents' | 'language' | 'timeZone' | 'actions'>, now: Date, remembered: Record<string, unknown> = {}): string {
  return plannerSystemPrompt({ intents: bot.intents, language: bot.language, timeZone: bot.timeZone, now, rules: bot.actions?.plannerRules, remembered });
}
