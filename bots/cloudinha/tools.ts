// Cloudinha's tools, each a plain async function over `Sql` (the engine wraps them to emit tool events).
// getImportantDates, knowledgeSearch and webSearch are the runtime's tool cascade (bot.yaml `answers:`); the student's
// profile (getStudentProfile/updateStudentProfile) is the runtime's too (bot.yaml `profile:`).
export { searchOpportunities, widenToNearbyCities } from './search.ts';
export type { SearchParams, SearchFilters, SearchResult, Opportunity } from './search.ts';
export { computeEligibility, eligibilitySettings, DEFAULT_THRESHOLDS } from './eligibility.ts';
export type { Eligibility, EligibilityKind, EligibilityThresholds } from './eligibility.ts';
