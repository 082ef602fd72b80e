// Reading several slots out of one message, each value masked once read (bot.yaml `entities:` with `number:`,
// `money:`, `place:`, `household:` or `name:`, gazetteers with `not`, `exceptAfter` and `indifferent`).
export { SlotText, phrasesSource, WORD_END, WORD_START, type TextSpan } from './slot-text.ts';
export { readMoney, readNumber, type MoneyRead, type MoneySpec, type NumberRead, type NumberSpec } from './numbers.ts';
export { extendGazetteer, gazetteerVeto, readGazetteer, type GazetteerRead } from './gazetteers.ts';
export { isNotName, properName, readBareName, readOpeningName, readPersonName, type NameRead, type NameSpec, type OpeningNameRead } from './names.ts';
export { placeIndex, placeState, readBarePlace, readPlace, stateCode, type KnownCity, type PlaceIndex, type PlaceRead, type PlaceSpec } from './places.ts';
export { readHousehold, type HouseholdRead, type HouseholdSpec } from './household.ts';
export { readIndifferent, type IndifferentRead, type IndifferentSpec } from './indifferent.ts';
export { readPattern } from '../entities/patterns.ts';
