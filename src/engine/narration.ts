// Text helpers of a turn: flows as context for understanding, the hand-over text, and the narrate node's
// default joining of segments into one reply.
import type { BotConfig } from '../bot/config.ts';
import type { ActiveFlowContext } from '../nlu/types.ts';
import type { LoadedBot } from './registry.ts';
import type { Segment } from './types.ts';

/** Flows whose stage is set and not done become context for understanding (seed 000's trial.stage). */
export function activeFlows(config: BotConfig, memory: Record<string, unknown>): ActiveFlowContext[] {
  const out: ActiveFlowContext[] = [];
  for (const [id, flow] of Object.entries(config.flows)) {
    const stage = (memory[id] as { stage?: string } | undefined)?.stage;
    if (!stage || stage === flow.done) continue;
    out.push({
      flow: id,
      intent: flow.intent ?? id,
      stage,
      expects: flow.expects[stage],
      description: flow.context?.replace('{stage}', stage),
    });
  }
  return out;
}

/** After its final stage a flow's context clears, so the next turn classifies without it. */
export function clearFinishedFlows(config: BotConfig, memory: Record<string, unknown>): Record<string, unknown> {
  const out = { ...memory };
  for (const [id, flow] of Object.entries(config.flows)) {
    const m = out[id] as { stage?: string } | undefined;
    if (m?.stage && m.stage === flow.done) out[id] = { ...m, stage: null, last: flow.done };
  }
  return out;
}

/** The hand-over text: the intent's own (`<intent>_handoff` reply), else the bot's, else a neutral one. */
export function handoffMessage(bot: LoadedBot, intent?: string): string {
  return (
    (intent && bot.config.replies[`${intent}_handoff`]) ||
    bot.handoff.message ||
    bot.config.replies.handoff ||
    'A person from our team will answer you shortly.'
  );
}

/** Seed 000's merge node: one segment as is, several joined in order; failures get the bot's error text. */
export function narrate(bot: LoadedBot, segments: Segment[], intents: string[]): string {
  if (bot.definition.narrate) return bot.definition.narrate(segments, { bot: bot.config, intents });
  const ok = segments.filter((s) => s.ok && s.text.trim());
  const failed = segments.filter((s) => !s.ok);
  const parts = ok.map((s) => s.text.trim());
  if (failed.length) parts.push(bot.config.replies.error ?? 'Sorry, part of your request could not be handled right now.');
  if (!parts.length) return bot.config.replies.general_fallback ?? bot.config.replies[bot.config.understanding.fallback] ?? '…';
  return parts.join('\n\n');
}

/** A reply template with its {placeholders} filled; unknown ones stay as they are (a visible mistake). */
export function fillTemplate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** A template shown before anything is known (a bot's opening message): placeholders without a value are left out. */
export function fillOrOmit(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => (k in vars ? String(vars[k]) : '')).replace(/ {2,}/g, ' ');
}
