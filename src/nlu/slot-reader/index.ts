// Reading several slots out of one message, each value masked once read (bot.yaml `entities:` with `number:` or
// `money:`, gazetteers with `not` and `exceptAfter`).
export { SlotText, phrasesSource, WORD_END, WORD_START, type TextSpan } from './slot-text.ts';
export { readMoney, readNumber, type MoneyRead, type MoneySpec, type NumberRead, type NumberSpec } from './numbers.ts';
export { extendGazetteer, gazetteerVeto, readGazetteer, type GazetteerRead } from './gazetteers.ts';
export { properName, readOpeningName, readPersonName, type NameRead, type OpeningNameRead } from './names.ts';
export { readPattern } from '../entities/patterns.ts';
