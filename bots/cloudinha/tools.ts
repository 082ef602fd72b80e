// Cloudinha's tools, each a plain async function over `Sql` (the engine wraps them to emit tool events).
// getImportantDates, knowledgeSearch and webSearch are the runtime's tool cascade (bot.yaml `answers:`).
export { getStudentProfile, updateStudentProfile, validateProfileUpdates, missingOnboardingFields, missingMatchFields } from './profile.ts';
export type { StudentProfile, ProfileUpdates, ProfileUpdateResult, EducationLevel } from './profile.ts';
export { EDUCATION_LABELS, EDUCATION_LEVELS, ONBOARDING_FIELDS, MATCH_FIELDS } from './profile.ts';
export { searchOpportunities, widenToNearbyCities, normaliseFilters, findCity } from './search.ts';
export type { SearchParams, SearchFilters, SearchResult, Opportunity } from './search.ts';
export { computeEligibility, eligibilitySettings, DEFAULT_THRESHOLDS } from './eligibility.ts';
export type { Eligibility, EligibilityKind, EligibilityThresholds } from './eligibility.ts';
