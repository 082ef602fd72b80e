// The conversational agents: root (chit-chat; opens a workflow when the student asks for something specific),
// the Sisu and Prouni agents (questions through the runtime's tool cascade, bot.yaml `answer:`), and exit
// ("sair" clears the workflow).
import { answerWithCascade } from 'switchboard';
import { goldenExamples, loadProfile, modelReply, WORKFLOWS, type CloudinhaResult, type CloudinhaStep, type Ctx } from './turn.ts';

type Program = 'sisu' | 'prouni';

/**
 * A Sisu or Prouni turn in its workflow: small talk is the runtime's line alone; else the intent's cascade
 * ("quero ajuda com o Sisu" only opens the subject), with the golden examples for a model's answer.
 */
async function programTurn(ctx: Ctx, program: Program): Promise<CloudinhaResult> {
  const workflow = WORKFLOWS[program];
  if (ctx.understanding.lead) return { segments: [], workflow };
  const answer = await answerWithCascade(ctx, program, { context: ctx.model ? await goldenExamples(ctx) : undefined });
  return { segments: [{ intent: program, text: answer.text, ok: true, data: { source: answer.source, cascade: answer.tools } }], workflow, intents: [program] };
}

export const sisu: CloudinhaStep = (ctx) => programTurn(ctx, 'sisu');
export const prouni: CloudinhaStep = (ctx) => programTurn(ctx, 'prouni');

/**
 * Root: chit-chat when no workflow is active. When the student asks about a program, root sets the active
 * workflow and hands the message to that agent in the same turn ("e o sisu?" → sisu).
 */
export const root: CloudinhaStep = async (ctx) => {
  const top = ctx.intents[0];
  if (top === 'sisu' || top === 'prouni') return programTurn(ctx, top);
  // Whatever the classifier guessed (an exit without an exit phrase, say), root answered it as conversation.
  return { segments: [{ intent: 'root', text: await conversation(ctx), ok: true }], intents: ['root'] };
};

/** Root's answer to what is neither small talk (the runtime's) nor a subject: the model's, else an invitation. */
async function conversation(ctx: Ctx): Promise<string> {
  const name = (await loadProfile(ctx)).name?.split(/\s+/)[0];
  const fromModel = await modelReply(
    ctx,
    'root_reply',
    `Você está na conversa geral${name ? ` com ${name}` : ''}. Responda de forma curta e simpática. Se fizer sentido, lembre que você pode tirar dúvidas sobre o Sisu e o Prouni ou ajudar a encontrar cursos e bolsas. Não invente datas, notas nem regras.`,
  );
  return fromModel || ctx.understanding.generalResponse || ctx.reply('root_fallback');
}

/** The student's first name in the runtime's small-talk replies ("Oi{name_suffix}!"). */
export async function replyVars(ctx: Ctx): Promise<Record<string, string>> {
  const name = (await loadProfile(ctx)).name?.split(/\s+/)[0];
  return { name_suffix: name ? `, ${name}` : '' };
}

/** "sair": leave the active workflow (its progress is dropped) and go back to the root agent. */
export const exit: CloudinhaStep = (ctx) => ({
  segments: [{ intent: 'exit', text: ctx.reply('exit_ok'), ok: true, data: { left: ctx.session.activeWorkflow } }],
  workflow: null,
  memory: { match: null, onboarding: null },
});
