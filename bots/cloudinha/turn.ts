// Helpers every Cloudinha agent uses during a turn: the student's profile read and written through the tools
// (so the client sees "Consultando seu perfil…"), writes deferred to commit with the reply, and the golden
// examples for model prompts.
import { goldenPromptBlock, type FormState, type RouteContext, type Step, type StepResult, type TurnContext } from 'switchboard';
import { getStudentProfile, updateStudentProfile, validateProfileUpdates, type StudentProfile } from './profile.ts';
import type { CloudinhaServices } from './services.ts';

/** The subjects a session can be in (its active workflow); match's is its form's `workflow` in bot.yaml. */
export const WORKFLOWS = {
  match: 'match_workflow',
  sisu: 'sisu_workflow',
  prouni: 'prouni_workflow',
} as const;

/** What a conversation keeps between turns: the state of the match and onboarding forms (bot.yaml `forms:`). */
export interface CloudinhaMemory {
  match?: FormState | null;
  /** Its slots are filled from the profile each turn (the profile is the source of truth). */
  onboarding?: FormState | null;
}

/** A turn's scratch: the student's profile once read (null: no profile yet). */
export interface CloudinhaData {
  profile?: StudentProfile | null;
}

export type Ctx = TurnContext<CloudinhaServices, CloudinhaMemory, CloudinhaData>;
export type CloudinhaStep = Step<CloudinhaServices, CloudinhaMemory, CloudinhaData>;
export type CloudinhaResult = StepResult<CloudinhaMemory, CloudinhaData>;
export type CloudinhaRoute = RouteContext<CloudinhaMemory>;

/** Whose profile: the signed-in user (the gate guarantees one), else the conversation itself. */
export function studentId(ctx: Pick<TurnContext, 'session'>): string {
  return ctx.session.userId ?? ctx.session.id;
}

/** The profile as this turn sees it: read once through getStudentProfile, then updated in memory by saveProfile. */
export async function loadProfile(ctx: Ctx): Promise<StudentProfile | null> {
  if (ctx.data.profile !== undefined) return ctx.data.profile;
  const userId = studentId(ctx);
  const profile = await ctx.tool('getStudentProfile', { user_id: userId }, () => getStudentProfile(ctx.sql, userId));
  ctx.data.profile = profile;
  return profile;
}

/**
 * updateStudentProfile as a tool: the updates are validated now and written with the reply (one transaction);
 * the turn's view of the profile changes at once.
 */
export async function saveProfile(ctx: Ctx, updates: Record<string, unknown>): Promise<{ updated: string[]; rejected: string[] }> {
  const userId = studentId(ctx);
  const before = await loadProfile(ctx);
  return ctx.tool('updateStudentProfile', { user_id: userId, updates }, async () => {
    const { values, rejected } = validateProfileUpdates(updates);
    const updated = Object.keys(values);
    if (updated.length) {
      ctx.defer(async (tx) => {
        await updateStudentProfile(tx, userId, values);
      });
      ctx.data.profile = { ...(before ?? emptyProfile(userId)), ...values };
    }
    return { updated, rejected };
  });
}

function emptyProfile(userId: string): StudentProfile {
  return {
    user_id: userId, name: null, age: null, city: null, state: null, education: null, course_interest: null, enem_score: null, shift: null,
    institution_type: null, income_per_capita: null, eligibility: null, onboarding_completed: false, active_workflow: null, updated_at: null,
  };
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
    const history = ctx.history.slice(-6).map((m) => `${m.role === 'user' ? 'Estudante' : 'Cloudinha'}: ${m.content}`).join('\n');
    const system = [ctx.bot.persona, instructions, golden, history ? `Conversa até aqui:\n${history}` : ''].filter(Boolean).join('\n\n');
    const text = await ctx.model.generate({ purpose, system, user: ctx.text, onDelta: (delta) => ctx.emit({ type: 'text_delta', content: delta }) });
    return text.trim() || null;
  } catch (err) {
    console.warn(`[${ctx.bot.id}] ${purpose}: model failed, answering locally: ${(err as Error).message}`);
    return null;
  }
}
