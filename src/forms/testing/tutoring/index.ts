// The tutoring test bot's code: its route (sign-up first; the lesson form waits while another subject is
// answered), its own reader of the sign-up's slots, its students table, and the tutors a lesson can have.
import { defineBot } from '../../../bot/index.ts';
import type { Sql } from '../../../store/index.ts';
import type { Slots } from '../../types.ts';

const TUTORS: Record<string, string> = { 'maths/beginner': 'Kim', 'maths/advanced': 'Ravi', 'physics/beginner': 'Lee' };
const tutorOf = (slots: Slots) => TUTORS[`${slots.subject}/${slots.level}`];

async function student(sql: Sql, id: string): Promise<Slots> {
  const [row] = await sql.query<{ name: string | null; age: number | null; grade: number | null }>('select name, age, grade from tutoring_students where id = $1', [id]);
  return Object.fromEntries(Object.entries(row ?? {}).filter(([, v]) => v !== null)) as Slots;
}

export default defineBot({
  specialists: {},
  migrations: [{ id: 'tutoring-001', sql: 'create table if not exists tutoring_students (id text primary key, name text, age int, grade int, signed_up boolean not null default false)' }],
  async route(ctx) {
    const [row] = await ctx.sql.query<{ signed_up: boolean }>('select signed_up from tutoring_students where id = $1', [ctx.session.id]);
    if (!row?.signed_up) return ['signup'];
    const lesson = ctx.memory.lesson as { stage?: string | null } | undefined;
    // What only the waiting lesson can read goes to it; another subject is answered and the lesson waits.
    if (lesson?.stage && ctx.intents.every((i) => i === 'chat')) return ['lesson'];
    return ctx.intents;
  },
  extractors: {
    // "I'm Ana", "15 years old", "grade 9"; a bare number answers whichever number was asked.
    student: ({ text, asking }) => {
      const out: Slots = {};
      const name = /\b(?:[Ii]'m|[Ii] am|name is)\s+([A-Z][a-z]+)/.exec(text)?.[1];
      if (name) out.name = name;
      const age = /\b(\d{1,2})\s*(?:years|yo)\b/.exec(text)?.[1];
      if (age) out.age = Number(age);
      const grade = /\bgrade\s*(\d{1,2})\b/i.exec(text)?.[1];
      if (grade) out.grade = Number(grade);
      const bare = /^\s*(\d{1,2})\s*$/.exec(text)?.[1];
      const numberAsked = asking.find((s) => s === 'age' || s === 'grade');
      if (bare && numberAsked && asking.length === 1) out[numberAsked] = Number(bare);
      return out;
    },
  },
  forms: {
    signup: {
      load: (ctx) => student(ctx.sql, ctx.session.id),
      onSlots(ctx, changed) {
        ctx.defer(async (tx) => {
          await tx.query('insert into tutoring_students (id) values ($1) on conflict do nothing', [ctx.session.id]);
          for (const [column, value] of Object.entries(changed)) await tx.query(`update tutoring_students set ${column} = $2 where id = $1`, [ctx.session.id, value]);
        });
      },
      onComplete(ctx) {
        ctx.defer(async (tx) => {
          await tx.query('update tutoring_students set signed_up = true where id = $1', [ctx.session.id]);
        });
      },
    },
    lesson: {
      vars: (_ctx, slots) => ({ tutor: tutorOf(slots) ?? '' }),
      onGroup: (_ctx, _group, slots) => (tutorOf(slots) ? { say: 'tutor_found' } : { say: 'no_tutor', wait: true }),
    },
  },
});
