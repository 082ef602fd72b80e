// A bot that is its actions (bot.yaml `actions.specialist`): every message is planned — by the model when one is
// configured (one JSON call, its prompt generated from bot.yaml), else from the message's requests as the runtime
// read them — and the plan runs through the action queue over the bot's tools, answering once. An unusable or
// failing planner falls back to the local plan; a re-plan asks the planner again with what is remembered now.
import type { BotConfig } from '../bot/config.ts';
import type { BotDefinition, Step, TurnContext } from '../engine/types.ts';
import { botPlannerPrompt } from '../llm/planner-prompt.ts';
import type { CommandClause } from '../nlu/index.ts';
import { localPlan, readPlan, type PlanAction } from './plan.ts';
import { runActions, type ActionEvent, type ActionTool, type ActionTurn } from './queue.ts';
import type { Remembered } from './references.ts';

/** A planner model: the message and what is remembered in, its raw reply out. */
export type Planner = (text: string, memory: Remembered) => Promise<unknown>;

export interface PlannedTurnInput {
  bot: BotConfig;
  text: string;
  now: Date;
  tools: Record<string, ActionTool>;
  /** What earlier turns remembered (`actions.remember`). */
  memory: Remembered;
  /** The message's requests read without a model (the local plan, and what a planner's plan must cover). */
  commands: () => CommandClause[];
  planner?: Planner;
  emit?: (event: ActionEvent) => void;
  /** The message's yes or no, if it says one (the answer to a `resolve` question). */
  answer?: () => boolean | undefined;
}

/** Plan the message and run the plan (see the file's head). */
export function runPlannedTurn(input: PlannedTurnInput): Promise<ActionTurn<PlanAction>> {
  const { bot, text, now, planner } = input;
  let local: PlanAction[] | undefined;
  const asked = () => (local ??= localPlan(input.commands(), bot));
  const plan = async (): Promise<PlanAction[]> => {
    if (!planner) return asked();
    const raw = await planner(text, input.memory).catch(() => undefined); // a failing planner: plan locally
    const read = readPlan(raw, bot, now);
    return read.usable ? read.actions : asked();
  };
  return runActions<PlanAction>({
    bot,
    tools: input.tools,
    memory: input.memory,
    plan,
    asked,
    replan: planner ? async (memory) => readPlan(await planner(text, memory), bot, now).actions : undefined,
    emit: input.emit,
    answer: input.answer,
  });
}

/** The planner of a turn: the bot's model asked for JSON with the prompt bot.yaml generates; none without a model. */
function modelPlanner(ctx: TurnContext): Planner | undefined {
  const model = ctx.model;
  if (!model) return undefined;
  return (text, memory) => model.json({ purpose: 'planner', system: botPlannerPrompt(ctx.bot, ctx.now, memory), user: text });
}

/** The specialist that plans and runs every message, its memory kept under its name. */
function plannedActionsStep(name: string, tools: NonNullable<BotDefinition['tools']>): Step {
  return async (ctx) => {
    const turn = await runPlannedTurn({
      bot: ctx.bot,
      text: ctx.text,
      now: ctx.now,
      tools: tools(ctx),
      memory: (ctx.memory[name] as Remembered | undefined) ?? {},
      commands: () => ctx.commands(),
      planner: modelPlanner(ctx),
      emit: (e) => ctx.emit(e),
      answer: () => ctx.entities.find((e) => e.type === 'yesno')?.value as boolean | undefined,
    });
    return {
      // One segment: the queue already joined the outcomes; each keeps its data for the trace.
      segments: [{ intent: name, text: turn.reply, ok: true, data: { segments: turn.segments, replanned: turn.replanned } }],
      memory: { [name]: turn.memory },
      intents: [...new Set(turn.executed.map((a) => a.intent))],
    };
  };
}

/**
 * The bot's definition with its planned-actions specialist when bot.yaml names one: every message routes to it
 * (unless the bot routes itself), and the model plans instead of classifying.
 */
export function withPlannedActions(config: BotConfig, definition: BotDefinition): BotDefinition {
  const name = config.actions?.specialist;
  if (!name) return definition;
  if (!definition.tools) throw new Error(`bot '${config.id}': actions.specialist needs the tools of actions.intents in index.ts (defineBot({ tools }))`);
  return {
    ...definition,
    specialists: { [name]: plannedActionsStep(name, definition.tools), ...definition.specialists },
    route: definition.route ?? (() => [name]),
    modelUnderstanding: definition.modelUnderstanding ?? false,
  };
}
