// Onboarding (bot.yaml `forms.onboarding`): name, age, city and education, asked together and read by the bot's
// own reader. The runtime fills the form from the student's profile, saves new values to it at once and marks it
// onboarding_completed when all four are known (the form's `profile` and `completes`).
import type { FormHooks, SlotExtractor, Slots } from 'switchboard';
import { acceptedByProfile, extractOnboardingSlots, toProfileUpdates, type SlotName } from './extract.ts';
import type { CloudinhaServices } from './services.ts';
import { servicesOf } from './services.ts';
import type { CloudinhaData, CloudinhaMemory } from './turn.ts';

/** The onboarding slots a message carries, as the profile accepts them. */
export const readProfileSlots: SlotExtractor<CloudinhaServices, CloudinhaMemory, CloudinhaData> = ({ text, asking, ctx }) => {
  const slots = extractOnboardingSlots(text, { catalog: servicesOf(ctx.services).catalog, expecting: asking as SlotName[] });
  return acceptedByProfile(toProfileUpdates(slots)) as Slots;
};

export const onboardingForm: FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData> = {
  onComplete: (_ctx, slots) => ({ vars: { name: String(slots.name).split(/\s+/)[0] } }),
};
