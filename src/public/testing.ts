// The door for a bot's tests: `import { createLocalUnderstander } from 'switchboard/testing'`. What tests of the
// reference bots use of the runtime beyond the bot's own door (src/public/index.ts): the local understander and the
// entity readers on their own, the knowledge reader, profile writes and bot.yaml's schema.
export type { Passage } from '../engine/types.ts';
export { calendarOf, isOpening } from '../engine/cascade.ts';
export { searchTable } from '../catalogue/index.ts';
export { botConfigSchema } from '../bot/config.ts';
export { repeatedExamples } from '../bot/examples.ts';
export { checkProfileUpdates, readProfile, writeProfile } from '../profile/index.ts';
export { createLocalUnderstander, extractEntities, normalize } from '../nlu/index.ts';
export { extendGazetteer, readMoney } from '../nlu/index.ts';
export { readHousehold, readIndifferent } from '../nlu/index.ts';
export { commandReaderForConfig } from '../engine/commands.ts';
export type { IntentScore, Understanding } from '../nlu/index.ts';
export { isTopicSection, readKnowledgeDir, writesWithDiacritics } from '../knowledge/index.ts';
export { formatEvents } from '../knowledge/index.ts';
export { localPlan, readPlan, runPlannedTurn, type PlanAction, type Planner } from '../actions/index.ts';
export { coreMigrations, createRecordTables, memoryStore, type MemoryStore } from '../store/index.ts';
export { PREVIOUS_INTENTS_KEY, refineTurnIntents } from '../engine/refine-rules.ts';
export { routeTurn } from '../engine/route-rules.ts';
export { topicRouterFor } from '../engine/topic-search.ts';
