// The conversational agents: root (chit-chat) and the Sisu and Prouni agents (questions through the runtime's tool
// cascade, bot.yaml `answer:`). bot.yaml `routing:` picks them and keeps the subject: the runtime puts the session in
// the agent's workflow, and leaves it on the exit rule (the exit intent's reply answers).
import { answerWithCascade } from 'switchboard';
import { goldenExamples, loadProfile, modelReply, type CloudinhaResult, type CloudinhaStep, type Ctx } from './turn.ts';

type Program = 'sisu' | 'prouni';

/**
 * A Sisu or Prouni turn: small talk is the runtime's line alone; else the intent's cascade ("quero ajuda com o
 * Sisu" only opens the subject), with the golden examples for a model's answer.
 */
async function programTurn(ctx: Ctx, program: Program): Promise<CloudinhaResult> {
  if (ctx.understanding.lead) return { segments: [] };
  const answer = await answerWithCascade(ctx, program, { context: ctx.model ? await goldenExamples(ctx) : undefined });
  return { segments: [{ intent: program, text: answer.text, ok: true, data: { source: answer.source, cascade: answer.tools } }], intents: [program] };
}

export const sisu: CloudinhaStep = (ctx) => programTurn(ctx, 'sisu');
export const prouni: CloudinhaStep = (ctx) => programTurn(ctx, 'prouni');

/** Root: the conversation when no subject is active (whatever the classifier guessed, an exit without an exit phrase say). */
export const root: CloudinhaStep = async (ctx) => ({ segments: [{ intent: 'root', text: await conversation(ctx), ok: true }], intents: ['root'] });

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
