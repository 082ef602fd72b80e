// The bakery test bot's code: a validator (no baking on Mondays) and a completion action that writes the order.
import { defineBot } from '../../../bot/index.ts';

export default defineBot({
  specialists: {},
  migrations: [{ id: 'bakery-001', sql: 'create table if not exists bakery_orders (id serial primary key, session_id text not null, flavour text not null, pieces int not null, day text not null)' }],
  validators: {
    bakingDay: ({ value }) => (new Date(`${value}T12:00:00Z`).getUTCDay() === 1 ? 'closed_day' : true),
  },
  forms: {
    cake: {
      async onComplete(ctx, slots) {
        ctx.defer(async (tx) => {
          await tx.query('insert into bakery_orders (session_id, flavour, pieces, day) values ($1, $2, $3, $4)', [ctx.session.id, slots.flavour, slots.pieces, slots.day]);
        });
        return { vars: { order: `#${String(slots.day).replaceAll('-', '')}` } };
      },
    },
  },
});
