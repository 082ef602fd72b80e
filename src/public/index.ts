// The door for bot authors: `import { defineBot, type Step } from 'switchboard'`. Everything a bot's code may
// use of the runtime is exported here by name; bots import nothing else from src/ (a test enforces it), so the
// runtime's insides can move without breaking a bot.

// Declaring a bot and its steps
export { defineBot } from '../bot/define.ts';
export type {
  BotDefinition,
  BotSetupContext,
  ChatResult,
  Memory,
  ModelCallRecord,
  Passage,
  RouteContext,
  Segment,
  Specialist,
  Step,
  StepResult,
  TraceEntry,
  TurnContext,
  TurnData,
  TurnEvent,
  TurnModel,
} from '../engine/types.ts';
export { answerFromKnowledge, answerFromPassages, recentHistory, searchPassages, type PassageAnswerOptions } from '../engine/specialists.ts';
export { answerWithCascade, calendarOf, CASCADE_TOOLS, isOpening, type CascadeAnswer, type CascadeOptions } from '../engine/cascade.ts';
export { isShortFollowUp, searchByTopic, topicRouterFor } from '../engine/topic-search.ts';
export { formatRecordList, loadInBackground, relaxations, searchRelaxing, type BackgroundValue, type BackgroundValueOptions, type RecordListTemplates, type RelaxedResult } from '../catalogue/index.ts';
export { createTable, loadTable, readTableRows, tableDir, titleCase, type LoadTableOptions, type TableColumnConfig, type TableLoadConfig } from '../catalogue/index.ts';
export { cleanSearchText, expandAliases, gazetteerAliases, normaliseSearchFilters, searchTable, type SearchFilterConfig, type TableSearchConfig, type TableSearchParams, type TableSearchResult } from '../catalogue/index.ts';
export { WriteRejected, type DeferredWrite } from '../engine/index.ts';
export { fillTemplate } from '../engine/narration.ts';

// bot.yaml
export { botConfigSchema, type BotConfig, type IntentConfig } from '../bot/config.ts';
export { readBotConfig } from '../bot/loader.ts';
export { repeatedExamples } from '../bot/examples.ts';

// The store: reads in steps, writes through ctx.defer, the bot's own tables
export type { Database, Migration, SessionRow, Sql } from '../store/index.ts';
export { parseCsv, TurnRows, type ColumnKind, type TurnRowsOptions } from '../store/index.ts';
// The runtime's own tables, for a bot's tests on a throwaway database (applied before the bot's migrations)
export { coreMigrations } from '../store/index.ts';
// What a bot remembers about a customer (bot.yaml `profile:`): read and written in turns by ctx.profile()/saveProfile()
export { checkProfileUpdates, profileSubject, readProfile, writeProfile, type Profile, type ProfileConfig } from '../profile/index.ts';

// Understanding: the local classifier, text normalisation, dates and times on the bot's clock
export { contentWords, matchScore, squash, wordOverlap } from '../nlu/index.ts';
// Every value of a gazetteer a message names (a shop's products by alias), and amounts with units (`quantity:`)
export { findMentions, gazetteerValue, readQuantities, type Mention, type MentionOptions, type QuantityRead } from '../nlu/index.ts';
export { addDays, clauseSpans, compareDates, correctCommandWords, createLocalUnderstander, cutSpans, daysInMonth, deadlineFrom, editDistance, extractEntities, formatDateTime, foldDiacritics, foldPreservingOffsets, GazetteerReader, hhmm, isoDate, normalize, numberWordsSource, parseNumberWords, parseIsoDate, parseNumeral, parseOrdinal, readBotQuery, readDeadline, readListPosition, readPriceRange, readQuery, readSize, splitClauses, wallClock, wallTimeToUtc, weekdayOf } from '../nlu/index.ts';
// Reading several slots of one message, each value masked once read (bot.yaml `number:`/`money:` entities, gazetteers)
export { extendGazetteer, SlotText, phrasesSource, readGazetteer, readMoney, readPattern, readNumber, readOpeningName, readPersonName, WORD_END, WORD_START } from '../nlu/index.ts';
export type { GazetteerRead, MoneyRead, MoneySpec, QuantitySpec, NameRead, NumberRead, NumberSpec, TextSpan } from '../nlu/index.ts';
// Places with their state, household sizes, "any of them", names never a name (bot.yaml `place:`/`household:`/`name:` entities, gazetteers' `indifferent:`)
export { isNotName, placeIndex, placeState, readBareName, readBarePlace, readHousehold, readIndifferent, readPlace, stateCode } from '../nlu/index.ts';
export type { HouseholdRead, HouseholdSpec, IndifferentRead, IndifferentSpec, KnownCity, NameSpec, PlaceIndex, PlaceRead, PlaceSpec } from '../nlu/index.ts';
export { commandReaderForConfig, referenceReaderFor, withCommandSlots } from '../engine/commands.ts';
// A request's slots read without a model as bot.yaml declares them (docs/how-to/commands-and-planners.md#command-slots)
export { freeTextWords, readCommandSlots, type CommandSlotOptions, type CommandSlotSpec, type FreeTextWords } from '../nlu/index.ts';
export { readPlanReply, refValue, type PlannedAction, type PlanReadOptions, type PlanReply } from '../llm/plan-reply.ts';
export { botPlannerPrompt, plannerCatalogue, plannerSystemPrompt, type PlannerIntentSpec, type PlannerPromptInput, type PlannerSlotSpec } from '../llm/planner-prompt.ts';
export type { ClauseOptions, ClauseSpan, CommandClause, CommandReader, CommandWords, Reference, ReferenceReader, Deadline, DeadlineOptions, Entity, Gazetteer, GazetteerMatch, IntentScore, Language, LocalDate, PriceRange, ReaderToken, SizeReading, Understander, Understanding, WallClock } from '../nlu/index.ts';

// Forms (bot.yaml `forms:`): what validators and hooks return, and slot values shown as replies show them
export { fold, properName, showDate, showTime, showValue } from '../forms/index.ts';
// For booking validators: the scheduled time a said time means, and a list in the bot's language
export { matchSaidTime, readFormSlots, showList } from '../forms/index.ts';
export type { FormReading, SlotTextRead, SlotTextReader, SlotVocabulary } from '../forms/index.ts';
export type { FormCompletion, FormHooks, FormState, GroupOutcome, ReplyVars, SlotCheck, SlotExtractor, SlotReading, SlotValidator, SlotValue, SlotVerdict, Slots } from '../forms/index.ts';

// Several actions per message (bot.yaml `actions:`): a plan's actions run by their tools, one narrated reply
export { ActionError, runActions, uncovered } from '../actions/index.ts';
export type { ActionEvent, ActionRun, ActionTool, ActionTurn, QueuedAction, Remembered, ToolContext } from '../actions/index.ts';

// Handoff phrases, knowledge, feedback, moderation
export { isGreeting } from '../handoff/index.ts';
export { createTopicRouter, isTopicSection, readKnowledgeDir, writesWithDiacritics, type Chunk, type KnowledgeTopic, type TopicRouter } from '../knowledge/index.ts';
export { createCalendar, formatEvents, webSearch, webSearchOptions, type Calendar, type CalendarEvent, type WebSearchOptions, type WebSearchResult } from '../knowledge/index.ts';
export { goldenPromptBlock } from '../feedback/index.ts';
export { logModeration, type ModerationEntry } from '../guardrails/index.ts';

// Reading a model's structured output leniently (fenced JSON, trailing commas, Python literals)
// (from the modules themselves, not src/llm's door: that loads every provider SDK, which a local bot never needs)
export { parseJsonLoose, tryParseJsonLoose } from '../llm/json.ts';
export { parseLiteral, tryParseLiteral, parseObjectLoose, toPythonLiteral } from '../llm/literal.ts';

// Files beside the bot's code, under tsx and in the compiled build alike
export { sourcePath } from '../paths.ts';
