import { appointmentsApi } from '../../../../contracts/appointments';
import { clinicalNotesApi, type NoteListQuery, type SaveNote, type TemplateInput } from '../../../../contracts/clinical-notes';
import { doctorsApi } from '../../../../contracts/doctors';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';

// The doctor's notes and templates, through the contract. Query keys are the URLs, so a change
// makes exactly the lists and the note it touched stale.

export function noteListQuery(query: Partial<NoteListQuery>) {
  return routeQuery(clinicalNotesApi.list, { query });
}

export function noteQuery(id: string) {
  return routeQuery(clinicalNotesApi.get, { params: { id } }, (answer) => answer.data);
}

/** The templates the doctor may use, of one specialty or all. */
export function templateListQuery(specialty?: string) {
  return routeQuery(clinicalNotesApi.templates, { query: specialty ? { specialty } : {} }, (answer) => answer.data);
}

/** A patient's past visits, for choosing the one a note is about. */
/**
 * The patient's visits a note can be written for: those that have begun — started, checked in or
 * done, even when the patient was seen ahead of the booked time — and those whose time has passed.
 * A visit still to come is left out. Newest first, as the list answers.
 */
export function noteVisitsQuery(patientId: string) {
  return routeQuery(appointmentsApi.forPatient, { params: { id: patientId }, query: { when: 'all', pageSize: 100 } }, (answer) => {
    const now = Date.now();
    return answer.data.filter((visit) => BEGUN.has(visit.status) || Date.parse(visit.startsAt) < now);
  });
}
const BEGUN: ReadonlySet<string> = new Set(['checked-in', 'in-progress', 'completed']);

export const notesLists = routeMatcher(clinicalNotesApi.list);
export const templatesList = routeMatcher(clinicalNotesApi.templates);

export function createNote(body: { patientId: string; appointmentId?: string; templateId?: string }) {
  return callRoute(clinicalNotesApi.create, { body }).then((answer) => answer.data);
}

export function saveNote(id: string, body: SaveNote) {
  return callRoute(clinicalNotesApi.save, { params: { id }, body }).then((answer) => answer.data);
}

export function signNote(id: string, version: number) {
  return callRoute(clinicalNotesApi.sign, { params: { id }, body: { version } }).then((answer) => answer.data);
}

export function addAddendum(id: string, text: string) {
  return callRoute(clinicalNotesApi.addendum, { params: { id }, body: { text } }).then((answer) => answer.data);
}

export function createTemplate(body: TemplateInput) {
  return callRoute(clinicalNotesApi.createTemplate, { body }).then((answer) => answer.data);
}

export function updateTemplate(id: string, body: TemplateInput) {
  return callRoute(clinicalNotesApi.updateTemplate, { params: { id }, body }).then((answer) => answer.data);
}

/** The signed-in doctor's own specialty: what a new template is for unless they choose another. */
export function ownSpecialtyQuery(doctorId: string) {
  return routeQuery(doctorsApi.profile, { params: { id: doctorId } }, (answer) => answer.data.specialty);
}
