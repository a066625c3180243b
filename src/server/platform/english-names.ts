import type { PersonNameParts } from '../../contracts/person-name';

// The server's own sentences are English: e-mails (the outbox has no language of its reader) and the
// title and message a notification stores beside its code, which only a reader without the code's
// translation sees. Answers and notification params carry a doctor's name in parts instead, which the
// web orders and titles in the reader's language; this one helper keeps the English sentences alike.

/** A doctor's name as an English sentence writes it: "Dr. First Last". */
export function englishDoctorName(doctor: PersonNameParts): string {
  return `Dr. ${doctor.firstName} ${doctor.lastName}`;
}
