// Helpers every Cloudinha agent uses during a turn: the student's profile (the runtime's, bot.yaml `profile:`,
// read and written as the getStudentProfile/updateStudentProfile tools) and the golden examples for model prompts.
import { goldenPromptBlock, recentHistory, type FormState, type RouteContext, type Step, type StepResult, type TurnContext } from 'switchboard';
import type { CloudinhaServices } from './services.ts';

/** What a conversation keeps between turns: the state of the match and onboarding forms (bot.yaml `forms:`). */
export interface CloudinhaMemory {
  match?: FormState | null;
  /** Its slots are filled from the profile each turn (the profile is the source of truth). */
  onboarding?: FormState | null;
}

/** A turn's scratch: nothing of the bot's own (the profile is kept by the runtime for the turn). */
export type CloudinhaData = Record<string, never>;

/** The student's profile as bot.yaml `profile:` declares it (null: not known yet). */
export interface StudentProfile {
  name: string | null;
  age: number | null;
  city: string | null;
  state: string | null;
  education: string | null;
  course_interest: string | null;
  enem_score: number | null;
  shift: string | null;
  institution_type: 'publica' | 'privada' | null;
  income_per_capita: number | null;
  eligibility: 'prouni_integral' | 'prouni_parcial' | 'sisu' | null;
  onboarding_completed: boolean | null;
}

export type Ctx = TurnContext<CloudinhaServices, CloudinhaMemory, CloudinhaData>;
export type CloudinhaStep = Step<CloudinhaServices, CloudinhaMemory, CloudinhaData>;
export type CloudinhaResult = StepResult<CloudinhaMemory, CloudinhaData>;
export type CloudinhaRoute = RouteContext<CloudinhaMemory>;

/** The profile as this turn sees it (its saves included). */
export async function loadProfile(ctx: Ctx): Promise<StudentProfile> {
  return (await ctx.profile()) as unknown as StudentProfile;
}

/** Golden examples similar to the message, as a few-shot block for the model's system prompt ('' when none). */
export function goldenExamples(ctx: Ctx): Promise<string> {
  return goldenPromptBlock(ctx.sql, ctx.bot.id, ctx.text, {
    labels: { title: 'Exemplos de boas respostas da Cloudinha em conversas anteriores (siga o tom e o nível de detalhe; não copie fatos que não se aplicam):', user: 'Estudante', assistant: 'Cloudinha' },
  });
}

/** Ask the model for the reply (streamed as text_delta); null when there is no model or it failed. */
export async function modelReply(ctx: Ctx, purpose: string, instructions: string): Promise<string | null> {
  if (!ctx.model) return null;
  try {
    const golden = await goldenExamples(ctx);
    const history = recentHistory(ctx.history, true).map((m) => `${m.role === 'user' ? 'Estudante' : 'Cloudinha'}: ${m.content}`).join('\n');
    const system = [ctx.bot.persona, instructions, golden, history ? `Conversa até aqui:\n${history}` : ''].filter(Boolean).join('\n\n');
    const text = await ctx.model.generate({ purpose, system, user: ctx.text, onDelta: (delta) => ctx.emit({ type: 'text_delta', content: delta }) });
    return text.trim() || null;
  } catch (err) {
    console.warn(`[${ctx.bot.id}] ${purpose}: model failed, answering locally: ${(err as Error).message}`);
    return null;
  }
}
