// A person's age in completed years on a calendar day: the chart's header and the patient list show
// it, so both sides count it alike (a birthday not yet reached this year does not count).

/** Completed years between `dateOfBirth` and `today` (both YYYY-MM-DD); null without a date of birth. */
export function ageInYears(dateOfBirth: string | null, today: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const birthdayPassed = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (birthdayPassed ? 0 : 1));
}
