// Misspelt command verbs ("cadastar", "adicona", "lsita") are put right before the message is read, so the
// verb rules see the verb and the slot extractors cut it off instead of keeping it in a name. The runtime's
// correctCommandWords does it (only a word in a verb's place is touched); the words are bot.yaml's
// settings.command_words.
import { dirname } from 'node:path';
import { correctCommandWords, readBotConfig, sourcePath } from 'switchboard';

interface CommandWordSettings {
  words: string[];
  known_stems: string[];
  keep: string[];
  lead_ins: string[];
}

const words = readBotConfig(dirname(sourcePath(import.meta.url))).settings.command_words as CommandWordSettings;
const VOCABULARY = { words: words.words, known: new RegExp(`^(?:${words.known_stems.join('|')})`), keep: words.keep, leadIns: words.lead_ins };

/** "cadastar a Bianca Nunes; adicona nota: …" → "cadastra a Bianca Nunes; adiciona nota: …". */
export function correctVerbTypos(text: string): string {
  return correctCommandWords(text, VOCABULARY);
}
