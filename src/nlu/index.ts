// Local understanding: the public door of src/nlu.
export type * from './types.ts';
export { createLocalUnderstander, type LocalUnderstander } from './understander.ts';
export { normalize } from './normalize.ts';
export { toLanguage } from './language.ts';
export { splitClauses } from './clauses.ts';
export { extractEntities, gazetteerValue,     parseOrdinal, readBotQuery, continueBotQuery, botQueryTerms, type ContinuedQuery, type QueryValue } from './entities/index.ts';
export { wholeAnswer } from './entities/yesno.ts';
export { formatDateTime } from './entities/deadline.ts';
// Calendar arithmetic on wall-clock dates in a time zone (bots compute their own dates with it too).
export { wallClock,  addDays,   weekdayOf, isoDate, parseIsoDate, hhmm } from './entities/clock.ts';
// Measurement: `switchboard nlu-eval`, `npm run bench`, scripts/bench-nlu.ts.
export { evaluateLocal, evaluateFewShot, scorePredictions, type EvalMetrics, type FewShotMetrics } from './evaluate.ts';
export { readJsonl,    guessLanguage } from './bench-data.ts';
export { intentExamples, labelEvidence } from './intent-labels.ts';
export { benchNlu, formatBench } from './bench.ts';
export { trainNlpjs } from './bench-nlpjs.ts';
export { nluFingerprint, sourceFingerprint } from './fingerprint.ts';
export { crossValidate, trigrams, trigramSimilarity, type CrossValidation } from './crossval.ts';
export { extendGazetteer, SlotText,  properName, readGazetteer,  readPattern, readPersonName, readMoney, readNumber, WORD_END, WORD_START } from './slot-reader/index.ts';
export { isNotName, placeIndex, placeState, readBareName, readBarePlace, readHousehold, readIndifferent, readPlace,      type KnownCity,  type PlaceIndex } from './slot-reader/index.ts';
export { commandReader, type CommandClause,  type CommandReader } from './commands.ts';
export { readCommandSlots, readCommandSlotSets } from './command-slots/index.ts';
export { referenceReader,  type ReferenceReader } from './references.ts';
export { matchScore,  wordOverlap } from './record-match.ts';
export { readListPosition } from './list-position.ts';
export { findMentions, type Mention, type MentionOptions } from './mentions.ts';
export { readQuantities, type QuantityRead } from './entities/quantities.ts';
export { boundedUnderstander, budgetMs, understandingBudget, understoodText, MAX_UNDERSTOOD_CHARS, DEFAULT_UNDERSTANDING_BUDGET_MS, type UnderstandingBudget } from './bounds.ts';
export { withMeaning, joinMeaning, MeaningSpace, HUMAN_LABEL, OUT_OF_SCOPE_LABEL, type MeaningSource, type MeaningOptions, type MeaningReading, type LabelledVector } from './meaning.ts';
