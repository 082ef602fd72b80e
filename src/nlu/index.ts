// Local understanding: the public door of src/nlu.
export type * from './types.ts';
export { createLocalUnderstander, type LocalUnderstander } from './understander.ts';
export { normalize, foldDiacritics, foldPreservingOffsets } from './normalize.ts';
export { clauseSpans, splitClauses } from './clauses.ts';
export type { ClauseOptions, ClauseSpan } from './clauses.ts';
export { extractEntities, gazetteerValue, GazetteerReader, numberWordsSource, parseNumberWords, parseNumeral, parseOrdinal, readBotQuery, readPriceRange, readQuery, readSize, type ExtractOptions, type GazetteerMatch, type PriceRange, type QueryField, type QueryValue, type ReaderToken, type SizeReading } from './entities/index.ts';
export { wholeAnswer } from './entities/yesno.ts';
export { readDeadline, deadlineFrom, formatDateTime, cutSpans, type Deadline, type DeadlineOptions } from './entities/deadline.ts';
// Calendar arithmetic on wall-clock dates in a time zone (bots compute their own dates with it too).
export { wallClock, wallTimeToUtc, addDays, daysInMonth, compareDates, weekdayOf, isoDate, parseIsoDate, hhmm, type LocalDate, type WallClock } from './entities/clock.ts';
export { TextClassifier, type ClassifierOptions } from './classifier.ts';
// Measurement: `switchboard nlu-eval`, `npm run bench`, scripts/bench-nlu.ts.
export { evaluateLocal, evaluateFewShot, scorePredictions, decide, type EvalMetrics, type EvaluateOptions, type FewShotMetrics } from './evaluate.ts';
export { readJsonl, toExamples, trainingExamples, sampleShots, guessLanguage, type LabelledLine } from './bench-data.ts';
export { labelExamples, intentExamples, labelEvidence, intentIdText, type LabelledIntent } from './intent-labels.ts';
export { benchNlu, formatBench, defaultDataDir, type BenchOptions, type BenchReport, type DatasetResult } from './bench.ts';
export { trainNlpjs, type BaselineModel } from './bench-nlpjs.ts';
export { nluFingerprint, sourceFingerprint } from './fingerprint.ts';
export { crossValidate, trigrams, trigramSimilarity, type CrossValidation } from './crossval.ts';
export { editDistance } from './edit-distance.ts';
export { extendGazetteer, SlotText, phrasesSource, properName, readGazetteer, readOpeningName, readPattern, readPersonName, readMoney, readNumber, WORD_END, WORD_START, type GazetteerRead, type MoneyRead, type MoneySpec, type NameRead, type OpeningNameRead, type NumberRead, type NumberSpec, type TextSpan } from './slot-reader/index.ts';
export { isNotName, placeIndex, placeState, readBareName, readBarePlace, readHousehold, readIndifferent, readPlace, stateCode, type HouseholdRead, type HouseholdSpec, type IndifferentRead, type IndifferentSpec, type KnownCity, type NameSpec, type PlaceIndex, type PlaceRead, type PlaceSpec } from './slot-reader/index.ts';
export { correctCommandWords, type CommandWords } from './typos.ts';
export { commandReader, type CommandClause, type CommandExample, type CommandReader, type CommandReaderOptions } from './commands.ts';
export { readCommandSlots, readsLocally, freeTextWords, type CommandSlotOptions, type CommandSlotSpec, type FreeTextWords, type CommandSlotValue } from './command-slots/index.ts';
export { referenceReader, type Reference, type ReferenceReader } from './references.ts';
export { contentWords, isFunctionWord, matchScore, squash, wordOverlap } from './record-match.ts';
export { readListPosition } from './list-position.ts';
export { findMentions, type Mention, type MentionOptions } from './mentions.ts';
export { readQuantities, type QuantityRead } from './entities/quantities.ts';
export { boundedUnderstander, budgetMs, understandingBudget, understoodText, MAX_UNDERSTOOD_CHARS, DEFAULT_UNDERSTANDING_BUDGET_MS, type UnderstandingBudget } from './bounds.ts';
