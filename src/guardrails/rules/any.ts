// Rules for every language: markup, SQL, mode names and acronyms that read the same everywhere.
import { r, type Rule } from './types.ts';

export const ANY_RULES: Rule[] = [
  {
    id: 'any.injection.system_prompt',
    category: 'prompt_injection',
    lang: 'any',
    re: r(`\\b(?:system ?prompt|sys prompt|prompt (?:do sistema|de sistema|inicial|original|oculto|secreto)|system message|mensagem de sistema|mensagem do sistema)\\b`),
    squashed: ['systemprompt', 'promptdosistema'],
  },
  {
    id: 'any.injection.modes',
    category: 'prompt_injection',
    lang: 'any',
    re: r(`\\bmodo (?:desenvolvedor|dev|developer|deus|god|sem (?:restricoes|filtros|censura|limites)|irrestrito|jailbreak|admin|administrador|debug|dan|desarrollador)\\b|\\b(?:developer|dev|god|dan|jailbreak) mode\\b|\\bjailbr[e]?ak\\w*\\b|\\bdo anything now\\b|\\b(?:voce e|vc e|seja|vire|ative|ativa|ativar|agora e|you are|be) (?:o |a )?dan\\b`),
    squashed: ['mododesenvolvedor', 'developermode', 'doanythingnow'],
  },
  {
    id: 'any.injection.dan_acronym',
    category: 'prompt_injection',
    lang: 'any',
    original: /(?<![A-Za-z])D\.?A\.?N(?![A-Za-z])/,
  },
  {
    id: 'any.injection.markup',
    category: 'prompt_injection',
    lang: 'any',
    raw: /<\|?\s*(?:im_start|im_end|system|endoftext|eot_id|start_header_id)\s*\|?>|\[\s*(?:system|sistema|inst|\/inst)\s*\]|#{2,}\s*(?:instruction|instrucao|system|sistema|new instructions)|^\s*(?:system|sistema)\s*:|\b(?:nova|novas) instruc(?:ao|oes)\s*:|\boverride\b/m,
  },
  {
    id: 'any.data.sql',
    category: 'data_fishing',
    lang: 'any',
    raw: /\bselect\s+[\w*,\s]{1,200}?\bfrom\s+\w+|\b(?:drop|truncate)\s+table\b|\bdelete\s+from\b|\binsert\s+into\b|\bunion\s+(?:all\s+)?select\b|'\s*or\s+'?1'?\s*=\s*'?1|;\s*--/,
  },
];
