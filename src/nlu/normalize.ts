// Text normalisation for classification (the folding itself is src/text's):
// lowercase, fold diacritics (Vietnamese đ too), drop emojis and punctuation noise,
// squeeze letter runs ("siiiim"), and expand chat slang per language.
import type { Language } from './types.ts';
import { foldDiacritics } from '../text/index.ts';

const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}\u{20E3}\u{1F3FB}-\u{1F3FF}]/gu;

// Slang and abbreviations, keyed by folded lowercase token. Multi-word values are fine.
const SLANG: Record<Language, Record<string, string>> = {
  pt: {
    vc: 'voce', vcs: 'voces', voc: 'voce', c: 'voce', ce: 'voce', oce: 'voce',
    pfv: 'por favor', pf: 'por favor', pfvr: 'por favor', porfa: 'por favor', plz: 'por favor', pls: 'por favor',
    q: 'que', oq: 'o que', qq: 'qualquer', qlq: 'qualquer', 
    tb: 'tambem', tbm: 'tambem', tmb: 'tambem', tamem: 'tambem',
    hj: 'hoje', hje: 'hoje', amn: 'amanha', amnh: 'amanha', amanh: 'amanha', 
    pq: 'porque', porq: 'porque', poq: 'porque',
    n: 'nao', nao: 'nao', nn: 'nao',
    s: 'sim', ss: 'sim', sss: 'sim', simm: 'sim',
    blz: 'beleza', obg: 'obrigado', obgd: 'obrigado', obgda: 'obrigada', brigado: 'obrigado', brigada: 'obrigada', vlw: 'valeu', valew: 'valeu',
    msg: 'mensagem', td: 'tudo', tds: 'todos', cmg: 'comigo', ctz: 'certeza', qdo: 'quando', qnd: 'quando', qd: 'quando',
    qto: 'quanto', qt: 'quanto', qnt: 'quanto', qts: 'quantos', nd: 'nada', mt: 'muito', mto: 'muito', mta: 'muita', mts: 'muitos',
    agr: 'agora', dps: 'depois', dp: 'depois', kd: 'cade', cad: 'cade', sla: 'sei la', fds: 'fim de semana', add: 'adicionar',
    pra: 'para', p: 'para', to: 'estou', tou: 'estou', ta: 'esta', tah: 'esta', tava: 'estava',
    eh: 'e', neh: 'ne', vdd: 'verdade', tlg: 'ta ligado', hr: 'hora', hrs: 'horas', h: 'horas', min: 'minutos', seg: 'segunda',
    aq: 'aqui', oii: 'oi', bjs: 'beijos', abs: 'abracos', flw: 'falou',
    cel: 'celular', whats: 'whatsapp', zap: 'whatsapp', wpp: 'whatsapp', tel: 'telefone', num: 'numero', ngm: 'ninguem',
    alg: 'alguem', algm: 'alguem', msm: 'mesmo', mlr: 'melhor', ent: 'entao', entt: 'entao', tmj: 'tamo junto',
  },
  es: {
    q: 'que', k: 'que', ke: 'que', xq: 'porque', pq: 'porque', porq: 'porque', xk: 'porque', x: 'por',
    tmb: 'tambien', tb: 'tambien', tbn: 'tambien', 
    dnd: 'donde', xfa: 'por favor', xfavor: 'por favor', porfa: 'por favor', porfis: 'por favor', pls: 'por favor', plis: 'por favor', pf: 'por favor',
    hs: 'horas', hrs: 'horas', h: 'horas', d: 'de', msj: 'mensaje', grax: 'gracias', grs: 'gracias', gcs: 'gracias', graciass: 'gracias',
    bno: 'bueno', salu2: 'saludos', finde: 'fin de semana', mna: 'manana', mnn: 'manana', maniana: 'manana',
    che: '', ns: 'no se', nse: 'no se', tkm: 'te quiero mucho', cdo: 'cuando', cnd: 'cuando', xa: 'para', pa: 'para',
    tel: 'telefono', cel: 'celular', wsp: 'whatsapp', wpp: 'whatsapp', whats: 'whatsapp', info: 'informacion',
    sip: 'si', sii: 'si', sep: 'si', nop: 'no', nones: 'no', oka: 'ok', ola: 'hola',
    toy: 'estoy', ta: 'esta', tas: 'estas', m: 'me', t: 'te', tmpc: 'tampoco', nd: 'nada', bn: 'bien',
  },
  vi: {
    ko: 'khong', k: 'khong', kh: 'khong', hok: 'khong', hong: 'khong', hem: 'khong', khg: 'khong', kg: 'khong', hk: 'khong', hkong: 'khong', kp: 'khong phai',
    dc: 'duoc', dk: 'duoc', 
    sz: 'size', siz: 'size', j: 'gi', ji: 'gi', z: 'vay', v: 'vay', zay: 'vay', dzay: 'vay',
    bn: 'bao nhieu', bnh: 'bao nhieu', baonhieu: 'bao nhieu', ntn: 'nhu the nao', mk: 'minh', mik: 'minh', mjk: 'minh',
    ak: 'a', ah: 'a', r: 'roi', rui: 'roi', vs: 'voi', cx: 'cung', cg: 'cung', trc: 'truoc', ng: 'nguoi', bt: 'biet', b: 'ban',
    tks: 'cam on', thanks: 'cam on', thank: 'cam on', thks: 'cam on', camon: 'cam on', sp: 'san pham', ib: 'inbox', inb: 'inbox',
    nt: 'nhan tin', dt: 'dien thoai', sdt: 'so dien thoai', d: 'dong', vnd: 'dong', 
    oki: 'ok', okie: 'ok', oke: 'ok', uk: 'u', uh: 'u', um: 'u', ukm: 'u', hnay: 'hom nay', hqua: 'hom qua',
    nhiu: 'nhieu', lm: 'lam', ms: 'moi', mn: 'moi nguoi', hum: 'hom', wa: 'qua', qa: 'qua', 
    tr: 'trieu', ad: 'admin', add: 'admin',
  },
  en: {
    u: 'you', ya: 'you', ur: 'your', yr: 'your', pls: 'please', plz: 'please', pleas: 'please', thx: 'thanks', thnx: 'thanks', ty: 'thanks', tks: 'thanks',
    r: 'are', wanna: 'want to', gonna: 'going to', gotta: 'got to', cant: 'cannot', dont: 'do not', doesnt: 'does not', didnt: 'did not',
    wont: 'will not', isnt: 'is not', arent: 'are not', wasnt: 'was not', havent: 'have not', hasnt: 'has not', couldnt: 'could not',
    shouldnt: 'should not', wouldnt: 'would not', im: 'i am', ive: 'i have', idk: 'i do not know', acct: 'account', acc: 'account',
    pwd: 'password', txn: 'transaction', b4: 'before', '2morrow': 'tomorrow', tmrw: 'tomorrow', tmr: 'tomorrow', tomorow: 'tomorrow', tommorow: 'tomorrow',
    msg: 'message', bc: 'because', cuz: 'because', coz: 'because', bcuz: 'because', cud: 'could', wud: 'would', abt: 'about',
    pic: 'picture', pics: 'pictures', info: 'information', appt: 'appointment', asap: 'as soon as possible', btw: 'by the way',
    yep: 'yes', yup: 'yes', yeah: 'yes', nope: 'no', nah: 'no', okay: 'ok', k: 'ok', kk: 'ok', whats: 'what is',
    thats: 'that is', theres: 'there is', wheres: 'where is', hows: 'how is', whos: 'who is', lets: 'let us', 
    '2day': 'today', tonite: 'tonight', nite: 'night', hr: 'hour', hrs: 'hours', mins: 'minutes', min: 'minute', ppl: 'people', w: 'with',
  },
};

const EN_CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/n't\b/g, ' not'],
  [/'m\b/g, ' am'],
  [/'re\b/g, ' are'],
  [/'ll\b/g, ' will'],
  [/'ve\b/g, ' have'],
  [/'d\b/g, ' would'],
  [/\b(it|that|what|there|where|how|who|he|she|here)'s\b/g, '$1 is'],
  [/\blet's\b/g, 'let us'],
  [/'s\b/g, ''],
];

/** Collapse runs of the same letter: 3+ → 1 (pt/es/vi), 3+ → 2 (en: "goood" → "good"). "rr"/"ss" kept. */
function squeezeRuns(text: string, lang: Language): string {
  return text.replace(/([a-z])\1{2,}/g, (_m, c: string) => (lang === 'en' || c === 'r' || c === 's' ? c + c : c));
}

/** Replace punctuation with spaces, keeping separators inside numbers (19:00, 1.500,00), emails, and '$'/'%'. */
function stripPunctuation(text: string): string {
  const keep: Record<string, string> = { ':': '\u0001', '.': '\u0002', ',': '\u0003', '/': '\u0004', '@': '\u0005' };
  const back: Record<string, string> = { '\u0001': ':', '\u0002': '.', '\u0003': ',', '\u0004': '/', '\u0005': '@' };
  return text
    .replace(/(\d)([:.,/])(?=\d)/g, (_m, d: string, sep: string) => d + keep[sep])
    .replace(/(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/g, (m) => m.replace(/[.@]/g, (c) => keep[c]))
    .replace(/[^\p{L}\p{N}\s$%\u0001-\u0005]/gu, ' ')
    .replace(/[\u0001-\u0005]/g, (c) => back[c]);
}

function expandSlang(text: string, lang: Language): string {
  const table = SLANG[lang];
  return text
    .split(/\s+/)
    .map((tok) => {
      const v = table[tok];
      return v === undefined ? tok : v;
    })
    .filter((t) => t.length > 0)
    .join(' ');
}

/**
 * Normalise text for matching and classification: lowercase, diacritics folded, emojis and
 * punctuation removed, slang expanded. Numbers keep their separators ("19:00", "1.500").
 */
export function normalize(text: string, lang: Language): string {
  let t = text.toLowerCase();
  if (lang === 'en') {
    t = t.replace(/[’‘`´]/g, "'");
    for (const [re, rep] of EN_CONTRACTIONS) t = t.replace(re, rep);
  }
  t = foldDiacritics(t).replace(EMOJI, ' ');
  // Laughter ("kkkk", "hahaha", "jajaja") is noise for classification.
  t = t.replace(/\b(?:k{3,}|(?:ha){2,}h?|(?:ja){2,}j?|(?:he){2,}|rs(?:rs)+|hihi+)\b/g, ' ');
  t = stripPunctuation(t);
  t = squeezeRuns(t, lang);
  t = t.replace(/\s+/g, ' ').trim();
  return expandSlang(t, lang);
}
