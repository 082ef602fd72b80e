// searchOpportunities: the match workflow's search over `opportunities` (Prouni 2018/1 and Sisu 2023/1 data), bot.yaml
// `search.opportunities` run by the runtime (`searchTable`: filters normalised, values as SQL parameters, unknown
// values rejected, widening from the city to its state). This file keeps the bot's names for its parameters and rows.
import { dirname } from 'node:path';
import { cleanSearchText, readBotConfig, searchTable, sourcePath, type Sql } from 'switchboard';
import type { EligibilityKind } from './eligibility.ts';
import { EDITIONS, type OpportunityRow } from './data.ts';
import { expandCourseAliases, type InstitutionType } from './vocab.ts';

const config = readBotConfig(dirname(sourcePath(import.meta.url)));

export interface SearchFilters {
  course?: string;
  city?: string;
  state?: string;
  /** Any of these states (UFs): a region. */
  states?: string[];
  score?: number | string;
  shift?: string;
  institution_type?: string;
  eligibility?: string;
}

export interface SearchParams {
  query?: string;
  filters?: SearchFilters;
  sort_by?: 'quality' | 'score';
  limit?: number;
  /** When the city yields fewer than `minResults` (default: bot.yaml `widen.below`), search the whole state instead. */
  nearby?: boolean | { minResults?: number };
  /**
   * How the course filter matches: 'exact' (the course itself), 'words' (names containing its words:
   * "medicina" → "Medicina Veterinária"). Default: exact, then words when exact finds nothing.
   */
  courseMatch?: 'exact' | 'words';
}

/** A stored opportunity as search returns it (the loaded row without its normalised search columns). */
export interface Opportunity extends Omit<OpportunityRow, 'course_norm' | 'city_norm' | 'search_text' | 'institution_type'> {
  id: number;
  institution_type: InstitutionType;
}

export interface SearchResult {
  results: Opportunity[];
  /** Matching rows before `limit`. */
  total: number;
  /** The filters as applied, normalised. */
  applied: Omit<SearchFilters, 'score' | 'eligibility'> & { score?: number; eligibility?: EligibilityKind; query?: string; sort_by?: string };
  /** Filters whose value could not be understood; any rejection yields no results. */
  rejected: string[];
  /** Set when the city gave too few results and the state was searched instead. */
  widened?: { from: string; to: string };
  /** Which past editions the rows come from, for the reply ("dados da edição 2018/1 do Prouni"). */
  editions: { prouni: string; sisu: string };
}

export async function searchOpportunities(sql: Sql, params: SearchParams = {}): Promise<SearchResult> {
  const widen = typeof params.nearby === 'object' ? (params.nearby.minResults ?? true) : (params.nearby ?? false);
  const found = await searchTable<Opportunity>(sql, config, 'opportunities', {
    filters: { ...params.filters },
    query: params.query,
    sort: params.sort_by,
    limit: params.limit,
    widen,
    match: params.courseMatch,
  });
  const { sort, ...applied } = found.applied;
  return {
    results: found.rows,
    total: found.total,
    applied: { ...applied, ...(sort ? { sort_by: sort as string } : {}) },
    rejected: found.rejected,
    ...(found.widened ? { widened: found.widened } : {}),
    editions: { prouni: EDITIONS.prouni, sisu: EDITIONS.sisu },
  };
}

/** True when `course` (a result's display name) is the course asked for, not just one with the same words. */
export function isSameCourse(course: string, asked: string): boolean {
  const given = cleanSearchText(asked) ?? '';
  const got = (cleanSearchText(course) ?? '').replace(/^abi -? ?/, '');
  return got === given || got === expandCourseAliases(given);
}

/** Same search, widened to the city's state when the city alone yields fewer than `minResults`. */
export function widenToNearbyCities(sql: Sql, params: Omit<SearchParams, 'nearby'>, minResults = 3): Promise<SearchResult> {
  return searchOpportunities(sql, { ...params, nearby: { minResults } });
}
