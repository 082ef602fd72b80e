// Small talk: thanks, greetings and acknowledgements ("nossa, valeu", "ok, entendi"), answered without the
// knowledge cascade — in the root conversation, inside a Sisu/Prouni conversation, and in the middle of the
// match workflow (a short line before its pending question).
import { fold } from './text.ts';
import { loadProfile, modelReply, type Ctx } from './turn.ts';
import { settings, words } from './vocab.ts';

type Program = 'sisu' | 'prouni';

const cues = settings.cues as Record<'small_talk' | 'greeting' | 'thanks', string>;
const SMALL_TALK_WORD = new RegExp(cues.small_talk);
const SMALL_TALK_FILLER = words('small_talk_filler');
const GREETING = new RegExp(cues.greeting);
const THANKS = new RegExp(cues.thanks);

/** A message made only of small-talk words (bot.yaml `settings.cues.small_talk`, `vocabulary.small_talk_filler`). */
export function isSmallTalk(text: string): boolean {
  const words = fold(text).split(/[^a-z0-9]+/).filter(Boolean);
  if (!words.length || words.length > 8) return false;
  return words.some((w) => SMALL_TALK_WORD.test(w)) && words.every((w) => SMALL_TALK_WORD.test(w) || SMALL_TALK_FILLER.has(w));
}

/** Small talk without a model: greeting (with the student's name), thanks, or — inside a program — an invitation to ask more. */
export async function chitChat(ctx: Ctx, program?: Program): Promise<string> {
  const profile = await loadProfile(ctx);
  const name = profile?.name?.split(/\s+/)[0];
  const subject = program ? ` Vocês estão falando do ${program === 'sisu' ? 'Sisu' : 'Prouni'}.` : '';
  const fromModel = await modelReply(
    ctx,
    'root_reply',
    `Você está na conversa geral${name ? ` com ${name}` : ''}.${subject} Responda de forma curta e simpática. Se fizer sentido, lembre que você pode tirar dúvidas sobre o Sisu e o Prouni ou ajudar a encontrar cursos e bolsas. Não invente datas, notas nem regras.`,
  );
  if (fromModel) return fromModel;
  const f = fold(ctx.text);
  if (THANKS.test(f)) return ctx.reply('thanks');
  if (GREETING.test(f)) return ctx.reply('greeting', { name_suffix: name ? `, ${name}` : '' });
  if (program) return ctx.reply('program_ack', { program: program === 'sisu' ? 'Sisu' : 'Prouni' });
  return ctx.understanding.generalResponse || ctx.reply('root_fallback');
}

/** A short friendly line for small talk in the middle of a workflow, before its pending question. */
export async function smallTalkPrefix(ctx: Ctx): Promise<string> {
  const f = fold(ctx.text);
  if (THANKS.test(f)) return ctx.reply('thanks_short');
  if (GREETING.test(f)) {
    const name = (await loadProfile(ctx))?.name?.split(/\s+/)[0];
    return ctx.reply('greeting_short', { name_suffix: name ? `, ${name}` : '' });
  }
  return ctx.reply('ack_short');
}

