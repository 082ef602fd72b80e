// Onboarding (bot.yaml `forms.onboarding`): name, age, city and education, asked together and read by the runtime
// (`read: message`). The runtime fills the form from the student's profile, saves new values to it at once and
// marks it onboarding_completed when all four are known (the form's `profile` and `completes`).
import { dirname } from 'node:path';
import { readBotConfig, readFormSlots, sourcePath, type FormHooks } from 'switchboard';
import type { Catalog } from './extract.ts';
import type { CloudinhaServices } from './services.ts';
import type { CloudinhaData, CloudinhaMemory } from './turn.ts';

const config = readBotConfig(dirname(sourcePath(import.meta.url)));

export const onboardingForm: FormHooks<CloudinhaServices, CloudinhaMemory, CloudinhaData> = {
  onComplete: (_ctx, slots) => ({ vars: { name: String(slots.name).split(/\s+/)[0] } }),
};

/**
 * Whether a message says something the onboarding form reads by its cues (a name, an age, a city, the schooling),
 * without taking a bare clause for the answer to the question asked: a message that says none of it may be a
 * question on another subject.
 */
export function onboardingClaims(text: string, catalog: Catalog): boolean {
  return Object.keys(readFormSlots(config, config.forms.onboarding, { text, asking: [], vocabulary: catalog })).length > 0;
}
