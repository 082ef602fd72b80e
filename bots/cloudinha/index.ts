// cloudinha: a scholarship adviser for Brazilian students. Every message passes the gate (sign-in,
// guardrails), then bot.yaml `routing` picks one agent — onboarding, match, sisu, prouni, root or the exit intent's reply — whose
// tools stream tool_start/tool_end events. Data are past editions (Prouni 2018/1, Sisu 2023/1, calendar 2019/1).
import { defineBot } from 'switchboard';
import { prouni, replyVars, root, sisu } from './agents.ts';
import { readCourse } from './extract.ts';
import { matchForm } from './match.ts';
import { onboardingForm } from './onboarding.ts';
import { predicates } from './predicates.ts';
import { migrations } from './schema.ts';
import { catalogFor, servicesOf, setup, type CloudinhaServices } from './services.ts';
import type { CloudinhaData, CloudinhaMemory } from './turn.ts';

export default defineBot<CloudinhaServices, CloudinhaMemory, CloudinhaData>({
  migrations,
  setup,
  // onboarding and match are bot.yaml forms the runtime runs and reads; the course reader and the data's
  // vocabulary (courses, cities) are what the bot's domain adds to that reading.
  specialists: { sisu, prouni, root },
  slotReaders: { course: readCourse },
  // The catalog is built (the data loaded) before a form reads a message or searches.
  slotVocabulary: async (ctx) => {
    await catalogFor(ctx.sql);
    return servicesOf(ctx.services).catalog;
  },
  forms: { onboarding: onboardingForm, match: matchForm },
  // The domain checks bot.yaml `routing.rules` name.
  predicates,
  replyVars,
  async warmUp(services) {
    await services.buildCatalog();
  },
});
