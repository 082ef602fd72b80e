// Guardrails: a runtime feature any bot can switch on (bot.yaml `guardrails: true`, or an object with the
// bot's own names and patterns). classifyInput / createGuardrail give a local SAFE/UNSAFE verdict; the engine
// blocks UNSAFE input, replies with the bot's block message (or defaultBlockReply) and records it in the
// moderation log (logModeration).
export { classifyInput, createGuardrail } from './classify.ts';
export type { GuardrailVerdict } from './classify.ts';
export { defaultBlockReply } from './replies.ts';
export { normaliseForGuardrails } from './normalize.ts';
export { listModeration, logModeration, type ModerationFilter, type ModerationRow } from './moderation.ts';
export { guardrailSettings, guardrailsSchema } from './settings.ts';
