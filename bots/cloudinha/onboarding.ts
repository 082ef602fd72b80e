// Onboarding (bot.yaml `forms.onboarding`): name, age, city and education, asked together and read by the bot's
// own reader. The profile is the source of truth: known values fill the form, new ones are saved at once, and the
// profile is marked onboarding_completed when all four are known.
import type { FormHooks, SlotExtractor, Slots } from 'switchboard';
import { extractOnboardingSlots, toProfileUpdates, type SlotName } from './extract.ts';
import { ONBOARDING_FIELDS, validateProfileUpdates, type StudentProfile } from './profile.ts';
import type { CloudinhaServices } from './services.ts';
import { servicesOf } from './services.ts';
import { loadProfile, saveProfile, type CloudinhaData, type CloudinhaMemory } from './turn.ts';

/** The profile's columns the form fills (the state comes with the city). */
const PROFILE_SLOTS = [...ONBOARDING_FIELDS, 'state'] as const;

/** The onboarding slots a message carries, as the profile accepts them (an age of 300 is asked again). */
export const readProfileSlots: SlotExtractor<CloudinhaServices, CloudinhaMemory, CloudinhaData> = ({ text, asking, ctx }) => {
  const slots = extractOnboardingSlots(text, { catalog: servicesOf(ctx.services).catalog, expecting: asking as SlotName[] });
  return validateProfileUpdates(toProfileUpdates(slots)).values as Slots;
};

export const onboardingForm: FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData> = {
  load: async (ctx) => profileSlots(await loadProfile(ctx)),
  // One profile write per turn: the new values, and the completion once the four are known.
  async onSlots(ctx, changed, slots) {
    const complete = ONBOARDING_FIELDS.every((f) => slots[f] !== undefined);
    await saveProfile(ctx, { ...changed, ...(complete ? { onboarding_completed: true } : {}) });
  },
  async onComplete(ctx, slots) {
    // Known from the start (a profile filled elsewhere): nothing changed, so the completion is written here.
    if (!(await loadProfile(ctx))?.onboarding_completed) await saveProfile(ctx, { onboarding_completed: true });
    return { vars: { name: String(slots.name).split(/\s+/)[0] } };
  },
};

function profileSlots(profile: StudentProfile | null): Slots {
  const out: Slots = {};
  for (const f of PROFILE_SLOTS) {
    const value = profile?.[f];
    if (value !== null && value !== undefined) out[f] = value;
  }
  return out;
}
