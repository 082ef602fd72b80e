// Guardrails: a runtime feature any bot can switch on (bot.yaml `guardrails: true`).
// classifyInput gives a local SAFE/UNSAFE verdict; the engine blocks UNSAFE input, replies with the bot's
// block message (or defaultBlockReply) and records it in the moderation log.
export { classifyInput } from './classify.ts';
export type { GuardrailVerdict, GuardrailLanguage } from './classify.ts';
export type { GuardrailCategory } from './rules.ts';
export { defaultBlockReply } from './replies.ts';
export { normaliseForGuardrails } from './normalize.ts';
