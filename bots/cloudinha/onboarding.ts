// Onboarding: name, age, city and education, asking only what is missing and accepting
// several in one message. The profile is the source of truth; when all four are known the profile is marked
// onboarding_completed and the workflow ends.
import { advanceWorkflow, defineWorkflow, tagUserMessage, type WorkflowState } from 'switchboard';
import { extractOnboardingSlots, toProfileUpdates, type SlotName } from './extract.ts';
import { ONBOARDING_FIELDS, validateProfileUpdates, type StudentProfile } from './profile.ts';
import { servicesOf } from './services.ts';
import { loadProfile, saveProfile, WORKFLOWS, type CloudinhaStep, type Ctx } from './turn.ts';

export interface OnboardingValues extends Record<string, unknown> {
  name: string;
  age: number;
  city: string;
  state: string;
  education: string;
  onboarding_completed: boolean;
}
type Field = (typeof ONBOARDING_FIELDS)[number];

function ask(ctx: Ctx, missing: Field[]): string {
  if (missing.length === 1) return ctx.reply(`ask_${missing[0]}`);
  const fields = missing.map((f) => ctx.reply(`onboarding_field_${f}`));
  const list = `${fields.slice(0, -1).join(', ')} e ${fields.at(-1)}`;
  const question = ctx.reply('onboarding_ask_many', { fields: list });
  // Nothing known yet: the first contact, so introduce herself first.
  return missing.length === ONBOARDING_FIELDS.length ? `${ctx.reply('onboarding_welcome')}\n${question}` : question;
}

export const onboardingWorkflow = defineWorkflow<OnboardingValues, Ctx>({
  id: WORKFLOWS.onboarding,
  extract(text, { expecting, context }) {
    const slots = extractOnboardingSlots(text, { catalog: servicesOf(context.services).catalog, expecting: expecting as SlotName[] });
    // Only values the profile accepts count as known (an age of 300 is asked again).
    return validateProfileUpdates(toProfileUpdates(slots)).values as Partial<OnboardingValues>;
  },
  steps: [
    { name: 'profile', slots: ONBOARDING_FIELDS, ask: (missing, ctx) => ask(ctx, missing as Field[]) },
    {
      name: 'complete',
      run: (ctx, values) => ({ values: { onboarding_completed: true }, say: ctx.reply('onboarding_done', { name: firstName(values.name ?? '') }), done: true }),
    },
  ],
});

function firstName(name: string): string {
  return name.split(/\s+/)[0] ?? name;
}

function profileValues(profile: StudentProfile | null): Partial<OnboardingValues> {
  const out: Partial<OnboardingValues> = {};
  for (const f of [...ONBOARDING_FIELDS, 'state'] as const) if (profile?.[f] !== null && profile?.[f] !== undefined) (out as Record<string, unknown>)[f] = profile[f];
  return out;
}

export const onboarding: CloudinhaStep = async (ctx) => {
  const profile = await loadProfile(ctx);
  const stored = ctx.memory.onboarding;
  const state: WorkflowState<OnboardingValues> = { step: stored?.step ?? 'profile', expecting: stored?.expecting ?? [], values: profileValues(profile) };
  const result = await advanceWorkflow(onboardingWorkflow, state, ctx.text, ctx);
  const updates = { ...result.found, ...(result.done ? { onboarding_completed: true } : {}) };
  if (Object.keys(updates).length) await saveProfile(ctx, updates);
  if (ctx.session.activeWorkflow !== WORKFLOWS.onboarding) tagUserMessage(ctx, WORKFLOWS.onboarding);
  return {
    segments: [{ intent: 'onboarding', text: result.say.join('\n'), ok: true, data: { found: Object.keys(result.found), done: result.done } }],
    memory: { onboarding: result.done ? null : { step: result.state.step, expecting: result.state.expecting } },
    workflow: result.done ? null : WORKFLOWS.onboarding,
  };
};
