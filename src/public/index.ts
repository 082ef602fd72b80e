// The door for bot authors: `import { defineBot, type Step } from 'switchboard'`. Everything a bot's code may
// use of the runtime is exported here by name, and nothing a bot does not use (test/architecture.test.ts keeps it
// under 100 names); bots import nothing else from src/ (a test enforces it), so the runtime's insides can move
// without breaking a bot. What only a bot's tests need is behind `switchboard/testing` (./testing.ts).

// Declaring a bot and its steps
export { defineBot } from '../bot/define.ts';
export type { BotSetupContext, RouteContext, Step, StepResult, TurnContext } from '../engine/types.ts';
export type { CardsData } from '../contract/index.ts';
export { answerFromKnowledge, recentHistory } from '../engine/specialists.ts';
export { readQueryWithModel } from '../engine/query-model.ts';
export { answerWithCascade } from '../engine/cascade.ts';
export { formatRecordList, loadInBackground, sizeAdviceReply, type BackgroundValue, type BackgroundValueOptions } from '../catalogue/index.ts';
export { loadTable, titleCase } from '../catalogue/index.ts';
export { expandAliases, gazetteerAliases, type TableSearchParams, type TableSearchResult } from '../catalogue/index.ts';
export { WriteRejected, type DeferredWrite } from '../engine/index.ts';
export { fillTemplate } from '../template/index.ts';

// bot.yaml
export { type BotConfig } from '../bot/config.ts';
export { botVocabulary, readBotConfig } from '../bot/loader.ts';

// The store: reads in steps, writes through ctx.defer, the bot's own tables
export type { Migration, Sql } from '../store/index.ts';
export { recordRows, TurnRows } from '../store/index.ts';


// What a bot remembers about a customer (bot.yaml `profile:`): read and written in turns by ctx.profile()/saveProfile()

// Understanding: the local classifier, text normalisation, dates and times on the bot's clock
export { matchScore, wordOverlap } from '../nlu/index.ts';

// Every value of a gazetteer a message names (a shop's products by alias), and amounts with units (`quantity:`)
export { findMentions, readQuantities, type Mention } from '../nlu/index.ts';
export { addDays, botQueryTerms, continueBotQuery, hhmm, isoDate, parseIsoDate, readBotQuery, readListPosition, wallClock, weekdayOf } from '../nlu/index.ts';

// Reading several slots of one message, each value masked once read (bot.yaml `number:`/`money:` entities, gazetteers)
export { SlotText, readGazetteer, WORD_END, WORD_START } from '../nlu/index.ts';
export type { KnownCity } from '../nlu/index.ts';
export { referenceReaderFor } from '../engine/commands.ts';

// Forms (bot.yaml `forms:`): what validators and hooks return, and slot values shown as replies show them
export { showDate, showTime, showValue } from '../forms/index.ts';
export { fold, foldPreservingOffsets } from '../text/index.ts';

// For booking validators: the scheduled time a said time means, and a list in the bot's language
export { matchSaidTime, readFormSlots, showList } from '../forms/index.ts';
export type { SlotTextReader, SlotVocabulary } from '../forms/index.ts';
export type { FormCompletion, FormHooks, FormState, SlotVerdict, Slots } from '../forms/index.ts';

// Several actions per message (bot.yaml `actions:`): the tools a plan's actions run (`defineBot({ tools })`)
export { ActionError } from '../actions/index.ts';
export type { ActionTool, ToolContext } from '../actions/index.ts';

// Handoff phrases, knowledge, feedback, moderation
export { goldenPromptBlock } from '../feedback/index.ts';

// Files beside the bot's code, under tsx and in the compiled build alike
export { sourcePath } from '../paths.ts';
