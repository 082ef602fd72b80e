import type { Language } from './types.ts';

/** The language the runtime reads from a bot's language tag (`pt-BR`, `es-AR`, `vi`…); English for any other. */
export function toLanguage(tag: string): Language {
  const code = tag.toLowerCase().slice(0, 2);
  if (code === 'pt' || code === 'es' || code === 'vi' || code === 'en') return code;
  return 'en';
}
