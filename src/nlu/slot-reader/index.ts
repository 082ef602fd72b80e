// Reading several slots out of one message, each value masked once read (bot.yaml `entities:` with `number:`,
// `money:`, `place:`, `household:` or `name:`, gazetteers with `not`, `exceptAfter` and `indifferent`).
export { SlotText,  WORD_END, WORD_START } from './slot-text.ts';
export { readMoney, readNumber,  type MoneySpec,  type NumberSpec } from './numbers.ts';
export { extendGazetteer,  readGazetteer } from './gazetteers.ts';
export { isNotName, properName, readBareName, readOpeningName, readPersonName } from './names.ts';
export { placeIndex, placeState, readBarePlace, readPlace,  type KnownCity, type PlaceIndex,  type PlaceSpec } from './places.ts';
export { readHousehold,  type HouseholdSpec } from './household.ts';
export { readIndifferent } from './indifferent.ts';
export { readPattern } from '../entities/patterns.ts';
