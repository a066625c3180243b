import { useCallback } from 'react';
import type { Role } from '../../../../contracts/roles';
import { useDoctorName, usePersonName, type PersonNameParts } from '../../../lib/person-name';

/**
 * A person of a conversation named in the reader's order, a doctor with the title in the reader's
 * language: the server's whole name ("Dr. First Last") is English order and English title.
 */
export function useMessagingName(): (person: PersonNameParts, role: Role) => string {
  const nameOf = usePersonName();
  const doctorName = useDoctorName();
  return useCallback(
    (person: PersonNameParts, role: Role) => (role === 'doctor' ? doctorName(person) : nameOf(person)),
    [nameOf, doctorName],
  );
}
