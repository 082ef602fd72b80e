// Helpers for bots over a catalogue: a relaxing search, record lists, values loaded from a backend in the background.
export { relaxations, searchRelaxing } from './relaxed-search.ts';
export { formatRecordList } from './record-list.ts';
export { loadInBackground, type BackgroundValue, type BackgroundValueOptions } from './background-value.ts';
export { searchTable,   expandAliases, gazetteerAliases, type TableSearchParams, type TableSearchResult } from './table-search.ts';
export { loadTable,   titleCase } from './table-load.ts';
