// Onboarding (bot.yaml `forms.onboarding`): name, age, city and education, asked together and read by the runtime
// (`read: message`). The runtime fills the form from the student's profile, saves new values to it at once and
// marks it onboarding_completed when all four are known (the form's `profile` and `completes`).
import type { FormHooks } from 'switchboard';
import type { CloudinhaServices } from './services.ts';
import type { CloudinhaData, CloudinhaMemory } from './turn.ts';

export const onboardingForm: FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData> = {
  onComplete: (_ctx, slots) => ({ vars: { name: String(slots.name).split(/\s+/)[0] } }),
};
