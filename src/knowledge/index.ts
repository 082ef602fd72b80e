// Public door of src/knowledge: markdown documents → chunks → Postgres full-text search, and the documents an
// admin adds or overrides (merged with the bot's knowledge folder, re-indexed on every edit).
export { chunkMarkdown, fold, indexKnowledge, readKnowledgeDir, searchKnowledge, tsConfigFor, type Chunk } from './search.ts';
export {
  DOC_NAME,
  KNOWLEDGE_DOCS_KEY,
  MAX_DOC_BYTES,
  deleteKnowledgeDoc,
  getAdminDocs,
  indexBotKnowledge,
  listKnowledgeDocs,
  loadKnowledgeChunks,
  putKnowledgeDoc,
  readKnowledgeDoc,
  titleOf,
  type KnowledgeDocSummary,
  type StoredDoc,
} from './documents.ts';
export { createTopicRouter, isTopicSection, MIN_OVERLAP, stemOf, writesWithDiacritics, type KnowledgeTopic, type TopicRouter, type TopicRouterOptions, type TopicToken } from './topics.ts';
export { DEFAULT_WEB_SEARCH_URL, webSearch, webSearchOptions, type WebSearchOptions, type WebSearchResult } from './web-search.ts';
export { createCalendar, formatDay, formatEvents, mentions, periodOf, withoutPhrases, type Calendar, type CalendarEvent, type DatePeriod } from './calendar.ts';
export { CASCADE_SOURCES, answersSchema, intentAnswerSchema, type AnswersConfig, type CalendarConfig, type CascadeSource, type IntentAnswer, type WebSearchConfig } from './cascade-schema.ts';
