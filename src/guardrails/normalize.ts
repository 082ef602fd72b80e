// Input normalisation for the guardrail rules: defeats the usual obfuscations (accents, case, zero-width
// characters, full-width letters, leetspeak, "i g n o r e" / "i.g.n.o.r.e" spacing, "idiotaaaa" stretching)
// and yields several views of the text that the rules are matched against.

import { foldDiacritics } from '../text/index.ts';

const ZERO_WIDTH = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Lowercase, NFKC (full-width → ASCII), accents and đ folded, zero-width characters dropped. Punctuation kept. */
function foldRaw(text: string): string {
  return foldDiacritics(text.normalize('NFKC').replace(ZERO_WIDTH, '')).toLowerCase();
}

/** Leetspeak inside tokens that already hold a letter ("1gn0r3" → "ignore"; "700" stays "700"). */
function unleet(text: string): string {
  return text.replace(/[^\s]+/g, (tok) => (/[a-z]/.test(tok) && /[013457@$]/.test(tok) ? tok.replace(/[013457@$]/g, (c) => LEET[c] ?? c) : tok));
}

/** Join runs of three or more single letters split by spaces or punctuation: "i g n o r e" → "ignore". */
function joinSpelledOut(text: string): string {
  return text.replace(/(?<![a-z])[a-z](?:[\s.\-_*,·|/]+[a-z](?![a-z])){2,}/g, (run) => run.replace(/[^a-z]/g, ''));
}

export interface NormalisedViews {
  /** Accent-folded lowercase with punctuation kept (for markup such as "<|im_start|>" or "select * from"). */
  raw: string;
  /** Words only, single spaces: the main view. */
  words: string;
  /** The words view with letter runs squeezed to one ("idiotaaa", "burrra" → "idiota", "bura"). */
  squeezed: string;
  /** No spaces at all, for long phrases written with spacing tricks ("ignore as instru ções"). */
  squashed: string;
}

// Chat spellings expanded before matching, so rules can be written once ("q" → "que", "vc" → "voce").
const SLANG: Record<string, string> = { q: 'que', vc: 'voce', vcs: 'voces', ce: 'voce', eh: 'e', oq: 'o que', mt: 'muito', mto: 'muito', msm: 'mesmo', pq: 'porque', u: 'you', ur: 'your', r: 'are' };

export function normaliseForGuardrails(text: string): NormalisedViews {
  const raw = foldRaw(text);
  const words = joinSpelledOut(unleet(raw))
    // Masking characters inside a word are dropped ("f*der", "m#rda"), other punctuation splits words.
    .replace(/(?<=[a-z])[*#]+(?=[a-z])/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\b[a-z]+\b/g, (w) => SLANG[w] ?? w)
    .replace(/(.)\1{2,}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const squeezed = words.replace(/([a-z])\1+/g, '$1');
  return { raw, words, squeezed, squashed: words.replace(/\s+/g, '') };
}
