// Helpers for bots over a catalogue: a relaxing search, record lists, values loaded from a backend in the background.
export { relaxations, searchRelaxing, type RelaxedResult } from './relaxed-search.ts';
export { formatRecordList, type RecordListTemplates } from './record-list.ts';
export { loadInBackground, type BackgroundValue, type BackgroundValueOptions } from './background-value.ts';
export { searchTable, normaliseSearchFilters, cleanSearchText, expandAliases, gazetteerAliases, type TableSearchParams, type TableSearchResult } from './table-search.ts';
export type { TableSearchConfig, SearchFilterConfig } from './table-search-schema.ts';
export { createTable, loadTable, readTableRows, tableDir, titleCase, type LoadTableOptions } from './table-load.ts';
export type { TableLoadConfig, TableColumnConfig } from './table-load-schema.ts';
