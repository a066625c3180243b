import { z } from 'zod';

// A person's name as its parts. The server sends the parts and the web puts them in the reader's
// order (src/web/lib/person-name.ts: family name first in Chinese for a name in Han characters), so
// no answer carries a name already ordered for one language.
export const personNameSchema = z.object({ firstName: z.string(), lastName: z.string() });
export type PersonNameParts = z.infer<typeof personNameSchema>;

/** The parts of a name read through an outer join: null when there was nobody to join. */
export function personNameOf(firstName: string | null | undefined, lastName: string | null | undefined): PersonNameParts | null {
  return firstName == null && lastName == null ? null : { firstName: firstName ?? '', lastName: lastName ?? '' };
}
