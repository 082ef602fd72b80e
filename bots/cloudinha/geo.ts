// Geographic widening for the match workflow: the student's city, then their state, then their region.
import { fold, type Sql } from 'switchboard';
import { isSameCourse, searchOpportunities, type SearchParams, type SearchResult } from './search.ts';
import { COURSE_FAMILIES, REGIONS, stateName } from './vocab.ts';

export function regionOf(uf: string): string | null {
  return Object.entries(REGIONS).find(([, ufs]) => ufs.includes(uf))?.[0] ?? null;
}

export interface NearbyResult extends SearchResult {
  /** How far the search went: the city, its state, or its region. */
  scope: 'city' | 'state' | 'region' | 'none';
  /** For the reply: where the search started and where it ended ("Recife" → "Pernambuco" / "região Nordeste"). */
  widenedFrom?: string;
  widenedTo?: string;
  /** Set when the course asked for was found nowhere and the results are courses with similar names. */
  relatedTo?: string;
}

/**
 * searchOpportunities with widening: when the city gives fewer than `minResults`, its state (the search
 * tool's `nearby`), and when the state still gives fewer, the whole region.
 */
export async function searchNearby(sql: Sql, params: Omit<SearchParams, 'nearby'>, minResults = 3): Promise<NearbyResult> {
  const course = params.filters?.course;
  if (!course || params.courseMatch) return searchWidening(sql, params, minResults);
  // A family name ("engenharia") asks for any of its courses.
  if (COURSE_FAMILIES.has(fold(String(course)))) return searchWidening(sql, { ...params, courseMatch: 'words' }, minResults);
  // The course itself, as far as the region, before courses that only share its words ("Medicina Veterinária"
  // is no answer to "medicina" while Medicina exists somewhere near).
  const exact = await searchWidening(sql, { ...params, courseMatch: 'exact' }, minResults);
  if (exact.results.length) return exact;
  const similar = await searchWidening(sql, { ...params, courseMatch: 'words' }, minResults);
  // Only namesakes: the reply says they are not the course asked for.
  if (!similar.results.length || similar.results.some((o) => isSameCourse(o.course, String(course)))) return similar;
  return { ...similar, relatedTo: String(course) };
}

async function searchWidening(sql: Sql, params: Omit<SearchParams, 'nearby'>, minResults: number): Promise<NearbyResult> {
  const first = await searchOpportunities(sql, { ...params, nearby: { minResults } });
  const f = first.applied;
  const scope0: NearbyResult['scope'] = first.widened ? 'state' : f.city ? 'city' : f.state ? 'state' : 'none';
  const state = first.widened?.to ?? f.state;
  // The place as the student knows it ("Recife"), not the folded search key ("recife").
  const rawCity = params.filters?.city ? String(params.filters.city).replace(/\s*[-/,]\s*[A-Za-z]{2}\s*$/, '').trim() : undefined;
  const from = first.widened ? stateName(first.widened.to) : (rawCity ?? f.city ?? (state ? stateName(state) : undefined));
  const base: NearbyResult = { ...first, scope: scope0, ...(first.widened ? { widenedFrom: rawCity ?? first.widened.from, widenedTo: stateName(first.widened.to) } : {}) };
  if (first.results.length >= minResults || !state || first.rejected.length) return base;
  const region = regionOf(state);
  if (!region) return base;
  const filters = { ...params.filters, city: undefined, state: undefined, states: REGIONS[region] };
  const wider = await searchOpportunities(sql, { ...params, filters });
  if (wider.results.length <= first.results.length) return base;
  return { ...wider, scope: 'region', widenedFrom: first.widened ? (rawCity ?? from) : from, widenedTo: `toda a região ${region}` };
}
