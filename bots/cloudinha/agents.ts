// The conversational agents: root (chit-chat; opens a workflow when the student asks for something specific),
// the Sisu and Prouni agents (questions through the tool cascade), and exit ("sair" clears the workflow).
import type { Step, StepResult, TurnContext } from '../../src/engine/index.ts';
import { tagUserMessage } from '../../src/workflows/index.ts';
import { answerQuestion, isIntro, isSmallTalk, type Program } from './answers.ts';
import { match } from './match.ts';
import { fold } from './text.ts';
import { loadProfile, modelReply, WORKFLOWS } from './turn.ts';

const GREETING = /^\s*(oi+|ola|oie|e ai|eai|bom dia|boa tarde|boa noite|hey|hello)\b/;
const THANKS = /\b(obrigad[oa]|valeu|vlw|brigad[oa]|agradeco)\b/;

/** Small talk without a model: greeting (with the student's name), thanks, or what she can do. */
async function chitChat(ctx: TurnContext): Promise<string> {
  const profile = await loadProfile(ctx);
  const name = profile?.name?.split(/\s+/)[0];
  const fromModel = await modelReply(
    ctx,
    'root_reply',
    `Você está na conversa geral${name ? ` com ${name}` : ''}. Responda de forma curta e simpática. Se fizer sentido, lembre que você pode tirar dúvidas sobre o Sisu e o Prouni ou ajudar a encontrar cursos e bolsas. Não invente datas, notas nem regras.`,
  );
  if (fromModel) return fromModel;
  const f = fold(ctx.text);
  if (THANKS.test(f)) return ctx.reply('thanks');
  if (GREETING.test(f)) return ctx.reply('greeting', { name_suffix: name ? `, ${name}` : '' });
  return ctx.understanding.generalResponse || ctx.reply('root_fallback');
}

/** A Sisu or Prouni turn: small talk stays small talk, "quero ajuda com o Sisu" opens the subject, else the cascade. */
async function programTurn(ctx: TurnContext, program: Program): Promise<StepResult> {
  const workflow = WORKFLOWS[program];
  if (ctx.session.activeWorkflow !== workflow) tagUserMessage(ctx, workflow);
  if (isSmallTalk(ctx.text)) return { segments: [{ intent: program, text: await chitChat(ctx), ok: true }], workflow };
  if (isIntro(ctx.text)) return { segments: [{ intent: program, text: ctx.reply(`${program}_intro`), ok: true }], workflow, intents: [program] };
  const answer = await answerQuestion(ctx, program);
  return { segments: [{ intent: program, text: answer.text, ok: true, data: { source: answer.source, cascade: answer.cascade } }], workflow, intents: [program] };
}

export const sisu: Step = (ctx) => programTurn(ctx, 'sisu');
export const prouni: Step = (ctx) => programTurn(ctx, 'prouni');

/**
 * Root: chit-chat when no workflow is active. When the student asks for something specific, root sets the
 * active workflow and hands the message to that agent in the same turn ("quero achar uma faculdade" → match).
 */
export const root: Step = async (ctx) => {
  const top = ctx.intents[0];
  if (top === 'match') return match(ctx);
  if (top === 'sisu' || top === 'prouni') return programTurn(ctx, top);
  return { segments: [{ intent: 'root', text: await chitChat(ctx), ok: true }] };
};

/** "sair": leave the active workflow (its progress is dropped) and go back to the root agent. */
export const exit: Step = (ctx) => ({
  segments: [{ intent: 'exit', text: ctx.reply('exit_ok'), ok: true, data: { left: ctx.session.activeWorkflow } }],
  workflow: null,
  memory: { match: null, onboarding: null },
});
