// Helpers for bots over a catalogue: a search that relaxes constraints when nothing matches, and record lists.
export { relaxations, searchRelaxing, type RelaxedResult } from './relaxed-search.ts';
export { formatRecordList, type RecordListTemplates } from './record-list.ts';
