// What Cloudinha's domain adds to the runtime's reading of its forms (bot.yaml `read: message`): the vocabulary of
// its data (the offers' course names and cities, with their states) and the course as students write it —
// abbreviations inside a longer name ("eng civil"), the profession a course leads to ("quero ser médica"), and a
// course the data does not know after a clear cue when the course was asked ("curso de Biomedicina Estética").
import { dirname } from 'node:path';
import { fold, readBotConfig, readGazetteer, SlotText, sourcePath, titleCase, WORD_END, WORD_START, type KnownCity, type Sql, type SlotTextReader, type SlotVocabulary } from 'switchboard';
import { COURSE_ALIASES, expandCourseAliases, PROFESSIONS } from './vocab.ts';

/** The data's vocabulary: course names for the `course` gazetteer, and the cities with their states. */
export interface Catalog extends SlotVocabulary {
  gazetteers: { course: Record<string, string[]> };
  cities: KnownCity[];
}

const config = readBotConfig(dirname(sourcePath(import.meta.url)));
/** Course names written in capitals, title-cased as the data's are (bot.yaml `tables.opportunities.titleCase`). */
const title = (name: string) => titleCase(name, config.tables.opportunities.titleCase);

/** Build a catalog from the data's course names (upper-case ones title-cased) and cities. */
export function buildCatalog(courses: string[], cities: KnownCity[] = []): Catalog {
  const courseNames: Record<string, string[]> = {};
  for (const raw of courses) {
    const stripped = raw.replace(/^ABI\s*-\s*/i, '').trim();
    const name = stripped === stripped.toUpperCase() ? title(stripped) : stripped;
    if (fold(name).length >= 4) courseNames[name] = [];
  }
  return { gazetteers: { course: courseNames }, cities: [...cities] };
}

export const defaultCatalog: Catalog = buildCatalog([]);

/** The catalog of course names and cities present in `opportunities`. */
export async function loadCatalog(sql: Sql): Promise<Catalog> {
  // Prefer the mixed-case Prouni spelling ("Direito") over Sisu's upper-case one by ordering on program.
  const courses = await sql.query<{ course: string }>(
    `select course from (select distinct on (course_norm) course, program from opportunities order by course_norm, program) c`,
  );
  const cities = await sql.query<{ city: string; state: string }>(
    `select distinct on (city_norm, state) city, state from opportunities order by city_norm, state, city desc`,
  );
  return buildCatalog(
    courses.map((r) => r.course),
    cities.map((r) => ({ name: r.city, state: r.state })),
  );
}

const B = WORD_START;
const E = WORD_END;
const PROFESSION = new RegExp(`${B}(ser|virar|trabalhar como|me formar em)\\s+(?:um |uma )?([a-z]+)${E}`, 'g');
const COURSE_CUE = new RegExp(`${B}(?:curso de|cursar|faculdade de|graduacao em)\\s+([a-z][a-z ]{2,40}?)(?=[,.;!?]|\\s+(?:e|na|no|em|a|de noite|a noite|pela)\\s|$)`);
const courses = config.gazetteers.find((g) => g.type === 'course')!;

/**
 * The course (the match form's `course_interest`, slot key `reader: course`): the `course` gazetteer, extended with
 * the data's names, read over the message with its abbreviations expanded and a profession read as its course.
 */
export const readCourse: SlotTextReader = ({ text, asked, gazetteer = courses }) => {
  const expanded = expandCourseAliases(text.folded).replace(PROFESSION, (m, verb: string, job: string) => (PROFESSIONS[job] ? `${verb} ${PROFESSIONS[job]}` : m));
  // A course name that is an everyday word too needs no cue in a short answer to the course question.
  const onlyCourse = asked && expanded.trim().split(/\s+/).length <= 5;
  const found = readGazetteer(new SlotText(expanded), gazetteer, onlyCourse);
  if (found) return found.value;
  if (!asked) return undefined;
  const m = COURSE_CUE.exec(expanded);
  return m && !COURSE_ALIASES.has(m[1]) ? title(m[1]) : undefined;
};
