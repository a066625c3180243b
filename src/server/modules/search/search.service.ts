import { featureDescriptionKey, featureNameKey, featuresFor, matchFeatures, type FeatureEntry } from '../../../contracts/feature-catalogue';
import {
  readQuery,
  SEARCH_MIN_PEOPLE_CHARS,
  SEARCH_PAGE_SIZE,
  SEARCH_PANEL_FEATURE_CATEGORIES,
  SEARCH_PANEL_PER_GROUP,
  type SearchFeature,
  type SearchGroup,
  type SearchResults,
} from '../../../contracts/search';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { SearchRepository, type AppointmentHitRow, type PatientHitRow, type Window } from './search.repository';

// GET /api/search. Without a group: the header's panel, a few of each group.
// With one: a page of that group (the full results page). Each group's rows are asked for one more
// than shown, so the answer can say whether there is more without counting every match.

const NO_MORE = { patients: false, doctors: false, staff: false, features: false, appointments: false };

function empty(): SearchResults {
  return { patients: [], doctors: [], staff: [], features: [], appointments: [], total: 0, more: { ...NO_MORE } };
}

export class SearchService {
  constructor(private readonly uow: UnitOfWork) {}

  async search(
    ctx: AccessContext,
    raw: string,
    group: SearchGroup | undefined,
    page: number,
  ): Promise<{ success: true; data: SearchResults }> {
    const query = readQuery(raw);
    // Nothing typed: nothing to find, and no database work for it.
    if (query.words.length === 0) return { success: true, data: empty() };
    const role = ctx.user.role;
    const held = await ctx.permissions();
    const wants = (name: SearchGroup) => group === undefined || group === name;
    const shown = group ? SEARCH_PAGE_SIZE : SEARCH_PANEL_PER_GROUP;
    const window: Window = { limit: shown + 1, offset: group ? (page - 1) * SEARCH_PAGE_SIZE : 0 };
    const people = query.text.length >= SEARCH_MIN_PEOPLE_CHARS;
    // Patients find no people; staff find patients only with patients.view.all (the scope's rule).
    const findsPatients = role !== 'patient' && (role !== 'staff' || held.has('patients.view.all'));
    const findsPeople = role !== 'patient';

    const features = wants('features') ? this.features(role, [...held], query.text, group === 'features', page) : { rows: [], more: false };
    const data = empty();
    data.features = features.rows;
    data.more.features = features.more;
    if (!people) return { success: true, data: withTotal(data) };

    return this.uow.read(ctx, async (work) => {
      const repository = work.use(SearchRepository);
      const clip = <T>(rows: T[]): T[] => rows.slice(0, shown);
      // One after the other: a read holds one connection, and each statement is short.
      if (findsPatients && wants('patients')) {
        const rows = await repository.patients(query, window);
        data.patients = clip(rows).map((row) => toPatient(row, repository.clinical));
        data.more.patients = rows.length > shown;
      }
      if (findsPeople && wants('doctors')) {
        const rows = await repository.doctors(query, window);
        data.doctors = clip(rows);
        data.more.doctors = rows.length > shown;
      }
      if (findsPeople && wants('staff')) {
        const rows = await repository.staff(query, window);
        data.staff = clip(rows);
        data.more.staff = rows.length > shown;
      }
      if (wants('appointments')) {
        const rows = await repository.appointments(query, window);
        data.appointments = clip(rows).map(toAppointment);
        data.more.appointments = rows.length > shown;
      }
      return { success: true as const, data: withTotal(data) };
    });
  }

  /**
   * Features from the catalogue (no database): those the caller may open and the query finds. In
   * the panel, the first 4 categories with their first 3 features each; paged otherwise.
   */
  private features(role: AccessContext['user']['role'], held: string[], text: string, paged: boolean, page: number) {
    const found = matchFeatures(featuresFor(role, held), text);
    if (paged) {
      const start = (page - 1) * SEARCH_PAGE_SIZE;
      return { rows: found.slice(start, start + SEARCH_PAGE_SIZE).map(toFeature), more: found.length > start + SEARCH_PAGE_SIZE };
    }
    const byCategory = new Map<string, FeatureEntry[]>();
    for (const feature of found) {
      const list = byCategory.get(feature.category) ?? [];
      list.push(feature);
      byCategory.set(feature.category, list);
    }
    const categories = [...byCategory.values()].slice(0, SEARCH_PANEL_FEATURE_CATEGORIES);
    const rows = categories.flatMap((list) => list.slice(0, SEARCH_PANEL_PER_GROUP));
    return { rows: rows.map(toFeature), more: found.length > rows.length };
  }
}

function withTotal(data: SearchResults): SearchResults {
  data.total = data.patients.length + data.doctors.length + data.staff.length + data.features.length + data.appointments.length;
  return data;
}

function toFeature(feature: FeatureEntry): SearchFeature {
  return {
    id: feature.id,
    name: featureNameKey(feature.id),
    description: featureDescriptionKey(feature.id),
    category: feature.category,
    route: feature.route,
    icon: feature.icon,
    patientAccessible: feature.patientAccessible,
  };
}

function toPatient(row: PatientHitRow, clinical: boolean) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    medicalRecordNumber: row.medicalRecordNumber,
    bloodType: clinical ? row.bloodType : null,
  };
}

function toAppointment(row: AppointmentHitRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    patientId: row.patientId,
    patient: { firstName: row.patientFirstName, lastName: row.patientLastName },
    doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
  };
}
