// One CRM turn: the plan (the model's when one is configured, else local rules over the message's requests) run
// by the runtime's action queue (bot.yaml `actions:`) over the CRM tools; writes wait in the store until the
// engine commits them with the reply.
import { runActions } from 'switchboard';
import { buildLocalPlan, normalizePlan, prepare_plan } from './plan.ts';
import { CrmStore } from './store.ts';
import { createCrmTools } from './tools.ts';
import type { CrmContext, CrmMemory, CrmTurnInput, CrmTurnResult, PlanAction } from './types.ts';

/** The planning context of a message (other fields of the input are ignored). */
export function createContext(input: Pick<CrmTurnInput, 'text' | 'now' | 'commands'> & { timeZone: string; [other: string]: unknown }): CrmContext {
  return { text: input.text, clock: { now: input.now, timeZone: input.timeZone }, pending_actions: [], commands: input.commands };
}

/** The whole turn. Reads go to input.sql; nothing is written until the engine runs `writes`. */
export async function runCrmTurn(input: CrmTurnInput): Promise<CrmTurnResult> {
  const ctx = createContext({ ...input, timeZone: input.bot.timeZone });
  const store = new CrmStore(input.sql, input.workspace, input.now);
  const { planner } = input;
  let local: PlanAction[] | undefined;
  const asked = () => (local ??= buildLocalPlan(ctx));

  const plan = async (): Promise<PlanAction[]> => {
    if (!planner) return asked();
    let raw: unknown;
    try {
      raw = await planner(input.text, input.memory);
    } catch {
      raw = undefined; // a failing planner falls back to local understanding
    }
    prepare_plan(ctx, raw);
    return ctx.pending_actions;
  };

  const turn = await runActions<PlanAction>({
    bot: input.bot,
    tools: createCrmTools(store),
    memory: input.memory,
    plan,
    asked,
    replan: planner ? async (memory) => normalizePlan(await planner(input.text, memory as CrmMemory), ctx.clock).actions : undefined,
    emit: input.emit,
    answer: input.answer,
  });
  return { reply: turn.reply, segments: turn.segments, memory: turn.memory as CrmMemory, actions: turn.executed, replanned: turn.replanned, writes: store.writes };
}
