// Public door of src/knowledge: markdown documents → chunks → Postgres full-text search, and the documents an
// admin adds or overrides (merged with the bot's knowledge folder, re-indexed on every edit).
export { chunkMarkdown,  indexKnowledge, readKnowledgeDir, searchKnowledge } from './search.ts';
export {
  DOC_NAME,
  
  MAX_DOC_BYTES,
  deleteKnowledgeDoc,
  
  indexBotKnowledge,
  listKnowledgeDocs,
  loadKnowledgeChunks,
  putKnowledgeDoc,
  readKnowledgeDoc,
  
  
  
} from './documents.ts';
export { isTopicSection,   writesWithDiacritics } from './topics.ts';
export { webSearch, webSearchOptions, type WebSearchOptions } from './web-search.ts';
export { createCalendar,  formatEvents, mentions,  withoutPhrases, type Calendar,  type DatePeriod } from './calendar.ts';
export { answersSchema,  type AnswersConfig,  type CascadeSource, type IntentAnswer } from './cascade-schema.ts';
