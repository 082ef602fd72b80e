// Cloudinha's own tables. Applied by the store's migrator after the core migrations.
// Text columns ending in `_norm` hold lowercase, accent-folded copies (the runtime's `fold`), so accent- and
// case-insensitive matching needs no `unaccent` extension and runs the same on PGlite and PostgreSQL.
import type { Migration } from 'switchboard';

export const migrations: Migration[] = [
  {
    // The students' profiles before the runtime kept them (bot.yaml `profile:`): created so that the move below
    // runs the same on every database, then emptied into the core `profiles` table and dropped.
    id: 'cloudinha-001-user-profiles',
    sql: `
create table if not exists user_profiles (
  user_id text primary key,
  name text,
  age int,
  city text,
  state text,
  education text,
  course_interest text,
  enem_score numeric,
  shift text,
  institution_type text,
  income_per_capita numeric,
  eligibility text,
  onboarding_completed boolean not null default false,
  active_workflow text,
  updated_at timestamptz not null default now()
);
`,
  },
  {
    id: 'cloudinha-002-opportunities',
    sql: `
create table if not exists opportunities (
  id serial primary key,
  program text not null check (program in ('prouni', 'sisu')),
  edition text not null,
  institution text not null,
  institution_short text,
  campus text,
  city text not null,
  state text not null,
  course text not null,
  degree text,
  shift text,
  institution_type text not null check (institution_type in ('publica', 'privada')),
  cutoff_score numeric,
  scholarship_kind text not null check (scholarship_kind in ('integral', 'parcial', 'ampla')),
  seats int,
  monthly_fee numeric,
  igc numeric,
  course_norm text not null,
  city_norm text not null,
  search_text text not null
);
create index if not exists opportunities_search on opportunities using gin (to_tsvector('portuguese', search_text));
create index if not exists opportunities_course_norm on opportunities (course_norm);
create index if not exists opportunities_city_norm on opportunities (city_norm);
create index if not exists opportunities_state on opportunities (state);
`,
  },
  {
    // The 2019/1 calendar was a table loaded at start-up; it is bot.yaml `answers.calendar` now, read by the runtime.
    id: 'cloudinha-004-drop-important-dates',
    sql: `drop table if exists important_dates;`,
  },
  {
    id: 'cloudinha-005-profiles-to-core',
    sql: `
insert into profiles (bot, subject, data, updated_at)
select 'cloudinha', user_id, jsonb_strip_nulls(to_jsonb(p) - 'user_id' - 'updated_at' - 'active_workflow'), updated_at from user_profiles p
on conflict (bot, subject) do nothing;
drop table user_profiles;
`,
  },
];
