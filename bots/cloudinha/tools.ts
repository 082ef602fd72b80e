// Cloudinha's tools, each a plain async function over `Sql` (the engine wraps them to emit tool events).
// knowledgeSearch is the runtime's (src/knowledge), fed by bots/cloudinha/knowledge/*.md; the student's profile
// (getStudentProfile/updateStudentProfile) is the runtime's too (bot.yaml `profile:`).
export { searchOpportunities, widenToNearbyCities, normaliseFilters, findCity } from './search.ts';
export type { SearchParams, SearchFilters, SearchResult, Opportunity } from './search.ts';
export { computeEligibility, eligibilitySettings, DEFAULT_THRESHOLDS } from './eligibility.ts';
export type { Eligibility, EligibilityKind, EligibilityThresholds } from './eligibility.ts';
export { getImportantDates, formatDates, DATES_NOTICE } from './dates.ts';
export type { ImportantDate, ImportantDatesResult } from './dates.ts';
export { webSearch, DDG_BASE_URL } from './web.ts';
export type { WebSearchOptions, WebSearchResult } from './web.ts';
