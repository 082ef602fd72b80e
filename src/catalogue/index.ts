// Helpers for bots over a catalogue: a relaxing search, record lists, values loaded from a backend in the background, size charts.
export { relaxations, searchRelaxing } from './relaxed-search.ts';
export { formatRecordList } from './record-list.ts';
export { loadInBackground, type BackgroundValue, type BackgroundValueOptions } from './background-value.ts';
export { searchTable,   expandAliases, gazetteerAliases, type TableSearchParams, type TableSearchResult } from './table-search.ts';
export { loadTable,   titleCase } from './table-load.ts';
export { adviseSize, sizeAdviceFor, sizeAdviceReply, type SizeAdvice } from './size-chart.ts';
export { sizeChartSchema, type SizeChartConfig } from './size-chart-schema.ts';
