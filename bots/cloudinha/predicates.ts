// The domain checks bot.yaml `routing.rules` name (`check:`): what a message says that only Cloudinha's cues and
// data know — an explicit exit or search, a how-question, a program named, an answer the match or onboarding form
// would read.
import type { RouteContext } from 'switchboard';
import { isExitPhrase, isHowQuestion, isSearchRequest, namedPrograms } from './cues.ts';
import { matchClaims } from './match.ts';
import { onboardingClaims } from './onboarding.ts';
import { catalogFor } from './services.ts';
import type { CloudinhaMemory } from './turn.ts';

type Predicate = (text: string, ctx: RouteContext<CloudinhaMemory>) => boolean | Promise<boolean>;

export const predicates: Record<string, Predicate> = {
  exitPhrase: (text) => isExitPhrase(text),
  searchRequest: (text) => isSearchRequest(text),
  howQuestion: (text) => isHowQuestion(text),
  namesSisu: (text) => namedPrograms(text).includes('sisu'),
  namesProuni: (text) => namedPrograms(text).includes('prouni'),
  /** Something the match form collects (its answer when it waits); the catalog is built first, for its reading. */
  matchClaims: async (text, ctx) => matchClaims(text, await catalogFor(ctx.sql), ctx.memory.match ?? undefined),
  /** Something the onboarding form reads by its cues (a name, an age, a city, the schooling). */
  onboardingClaims: async (text, ctx) => onboardingClaims(text, await catalogFor(ctx.sql)),
};
