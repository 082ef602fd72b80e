// Which of a day's scheduled times a customer means by the time they said: the exact one; else the same time
// twelve hours later (people say "at 7" for the evening when only 19:00 exists); else the nearest one within a
// tolerance ("18:50" is the 19:00 class). For validators of bookings against a timetable.

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The scheduled time ('HH:MM') the said time ('HH:MM', as the `time` entity reads it) points to, if any. */
export function matchSaidTime(scheduled: readonly string[], said: string, options: { toleranceMinutes?: number } = {}): string | undefined {
  const { toleranceMinutes = 15 } = options;
  if (scheduled.includes(said)) return said;
  const wanted = minutes(said);
  if (wanted < 12 * 60) {
    const evening = scheduled.find((t) => minutes(t) === wanted + 12 * 60);
    if (evening) return evening;
  }
  let best: string | undefined;
  let bestGap = Infinity;
  for (const t of scheduled) {
    const gap = Math.abs(minutes(t) - wanted);
    if (gap <= toleranceMinutes && gap < bestGap) [best, bestGap] = [t, gap];
  }
  return best;
}
