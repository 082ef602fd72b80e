// Which number comes first in a numeric date ("3/10"), by the bot's language tag (BCP 47, bot.yaml `language`):
// English as written in the United States and a few other places reads month first; every other English
// (en-GB, en-AU, en-IN…) and every other language the runtime speaks (pt, es, vi) reads day first.

/** Regions whose English writes the month first; a bare `en` is read as American English. */
const MONTH_FIRST_ENGLISH = new Set(['', 'us', 'ph', 'ca', 'as', 'gu', 'mp', 'pr', 'um', 'vi', 'fm', 'mh', 'pw']);

/** Whether "3/10" is the 3rd of October (true) or March 10th (false) for this language tag ("en-GB", "pt-BR", "en"). */
export function readsDayFirst(languageTag: string): boolean {
  const [language, ...rest] = languageTag.toLowerCase().split(/[-_]/);
  if (language !== 'en') return true;
  const region = rest.find((part) => /^[a-z]{2}$|^\d{3}$/.test(part)) ?? '';
  return !MONTH_FIRST_ENGLISH.has(region);
}
