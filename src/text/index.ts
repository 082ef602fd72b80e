// The text room: how letters are folded for comparison, in named variants (see fold.ts), and which regexes a bot
// may run on a message (regex.ts). A leaf: it imports nothing of the runtime.
export { foldDiacritics, fold, foldPhrase, foldPreservingOffsets, foldToWords, slugify } from './fold.ts';
export { regexProblem } from './regex.ts';
