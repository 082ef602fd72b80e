// mini-crm: one message → a plan of actions → CRM tools → one aggregated reply. The planner is the model (one
// JSON call, its prompt generated from bot.yaml) when one is configured, else the requests the runtime reads.
import { botPlannerPrompt, defineBot, type Step } from 'switchboard';
import { migrations } from './schema.ts';
import { runCrmTurn } from './turn.ts';
import type { CrmMemory } from './types.ts';

type Memory = { crm: CrmMemory };

const crm: Step<unknown, Memory> = async (ctx) => {
  const memory: CrmMemory = ctx.memory.crm ?? {};
  const model = ctx.model;
  const result = await runCrmTurn({
    text: ctx.text,
    now: ctx.now,
    bot: ctx.bot,
    sql: ctx.sql,
    workspace: ctx.session.userId ?? ctx.session.id,
    memory,
    commands: () => ctx.commands(),
    planner: model
      ? (text, mem) => model.json({ purpose: 'planner', system: botPlannerPrompt(ctx.bot, ctx.now, mem), user: text })
      : undefined,
    emit: (e) => ctx.emit(e),
    answer: () => ctx.entities.find((e) => e.type === 'yesno')?.value as boolean | undefined,
  });
  for (const write of result.writes) ctx.defer(write);
  const intents = [...new Set(result.actions.map((a) => a.intent))];
  return {
    // The action queue already aggregated the segments ("Ações realizadas: …"); each keeps its data for the trace.
    segments: [{ intent: 'crm', text: result.reply, ok: true, data: { segments: result.segments, replanned: result.replanned } }],
    memory: { crm: result.memory },
    intents,
  };
};

export default defineBot<unknown, Memory>({
  migrations,
  specialists: { crm },
  route: () => ['crm'],
  modelUnderstanding: false,
  nodeNames: { understand: 'plan', narrate: 'respond_final' },
});
