// The domain checks bot.yaml `routing.rules` name (`check:`): what only Cloudinha's data know — an answer the match or
// onboarding form would read. The phrases the rules trust (an exit, a search, a program named) are bot.yaml entities.
import type { RouteContext } from 'switchboard';
import { matchClaims } from './match.ts';
import { onboardingClaims } from './onboarding.ts';
import { catalogFor } from './services.ts';
import type { CloudinhaMemory } from './turn.ts';

type Predicate = (text: string, ctx: RouteContext<CloudinhaMemory>) => boolean | Promise<boolean>;

export const predicates: Record<string, Predicate> = {
  /** Something the match form collects (its answer when it waits); the catalog is built first, for its reading. */
  matchClaims: async (text, ctx) => matchClaims(text, await catalogFor(ctx.sql), ctx.memory.match ?? undefined),
  /** Something the onboarding form reads by its cues (a name, an age, a city, the schooling). */
  onboardingClaims: async (text, ctx) => onboardingClaims(text, await catalogFor(ctx.sql)),
};
