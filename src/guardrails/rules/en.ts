// English rules. They apply to every bot: injection recipes circulate in English whatever the bot's language.
import { GAP, r, type Rule } from './types.ts';

export const EN_RULES: Rule[] = [
  {
    id: 'en.self_harm',
    category: 'self_harm',
    lang: 'en',
    re: r(`\\b(?:kill myself|killing myself|suicide|suicidal|end my life|take my own life|want to die|wanna die|cut myself|cutting myself|hurt myself|dont want to live|do not want to live|better off dead)\\b`),
  },
  {
    id: 'en.injection',
    category: 'prompt_injection',
    lang: 'en',
    re: r(`\\bignore (?:all )?(?:of )?(?:the )?(?:above|everything)\\b|\\b(?:ignore|disregard|forget|bypass|override) ${GAP}(?:instructions|instruction|prompts|prompt|rules|directives|guidelines|programming|restrictions)\\b|\\bpretend (?:that )?(?:you are|youre|you re|to be)\\b|\\bact as (?:an? )?(?:dan|unrestricted|jailbroken|evil|hacker|developer|different ai|ai without)\\b|\\byou are now\\b|\\bfrom now on you\\b|\\b(?:reveal|show|print|repeat|tell me|output|display) ${GAP}(?:prompt|instructions|initial instructions|hidden instructions)\\b|\\bwithout (?:any )?(?:filters|restrictions|censorship)\\b`),
    squashed: ['ignorepreviousinstructions', 'ignoreallpreviousinstructions', 'ignoreallinstructions'],
  },
  {
    id: 'en.data',
    category: 'data_fishing',
    lang: 'en',
    re: r(`\\b(?:list|show|give|dump|export|print) ${GAP}(?:users|user data|user emails|emails|passwords|accounts|profiles|database|db)\\b|\\b(?:other users|other students|another user|someone elses)(?: s)? (?:data|info|information|password|passwords|emails|profile|profiles)\\b|\\bpasswords? (?:of|for) (?:the )?(?:admin|other|users|root)\\b`),
  },
  {
    id: 'en.abuse',
    category: 'abuse',
    lang: 'en',
    re: r(`\\b(?:fuck (?:you|off|u)|stfu|go to hell|kill yourself|kys|son of a bitch|piece of shit)\\b|\\b(?:you|u|youre|you re|ur|(?:this |the |stupid )?(?:bot|assistant|chatbot)) (?:are |is |r )?(?:an? )?(?:so |such an? |fucking |really )*(?:idiot|stupid|moron|dumb|useless|bitch|retard|retarded|asshole|loser|trash|garbage|worthless)\\b`),
  },
];
