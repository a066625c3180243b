import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../contracts/appointments';
import type { Analytics, DoctorRates, WeekdayRates } from '../../../contracts/analytics';
import type { AuditEvent } from '../../../contracts/audit';
import type { PatientSummary } from '../../../contracts/patient-directory';
import { weekdayName, type ReportWords } from './report-words';

// The rows of each report, built from what the analytics, the audit trail and the patient
// directory answer: a report never counts anything itself. The CSV and the PDF show the same table,
// its column names (and the weekdays' names) in the requester's language (report-words.ts).
// Rates are percentages with one decimal; an empty rate (nothing was due) is an empty cell.

export type Cell = string | number | null;

export interface ReportTable {
  columns: { label: string; weight?: number }[];
  rows: Cell[][];
  /** How many rows there were before REPORT_MAX_ROWS cut the report; absent when nothing can cut it. */
  total?: number;
}

function percent(rate: number | null): Cell {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

function rateColumns({ columns }: ReportWords): ReportTable['columns'] {
  return [
    { label: columns.appointments },
    { label: columns.due },
    { label: columns.noShows },
    { label: columns.cancelled },
    { label: columns.noShowRate },
    { label: columns.cancellationRate },
  ];
}

function rateCells(row: DoctorRates | WeekdayRates): Cell[] {
  return [row.total, row.due, row.noShows, row.cancelled, percent(row.noShowRate), percent(row.cancellationRate)];
}

function bucketColumn(analytics: Analytics, words: ReportWords): string {
  return analytics.granularity === 'day' ? words.columns.day : words.columns.weekFrom;
}

export function appointmentsTable(analytics: Analytics, words: ReportWords): ReportTable {
  return {
    columns: [
      { label: bucketColumn(analytics, words), weight: 1.4 },
      { label: words.columns.total },
      ...APPOINTMENT_STATUSES.map((status) => ({ label: words.statuses[status] })),
      ...APPOINTMENT_TYPES.map((type) => ({ label: words.types[type] })),
    ],
    rows: analytics.appointments.map((bucket) => [
      bucket.bucket,
      bucket.total,
      ...APPOINTMENT_STATUSES.map((status) => bucket.statuses[status]),
      ...APPOINTMENT_TYPES.map((type) => bucket.types[type]),
    ]),
  };
}

export function doctorRatesTable(analytics: Analytics, words: ReportWords): ReportTable {
  return {
    columns: [{ label: words.columns.doctor, weight: 2 }, { label: words.columns.specialty, weight: 1.6 }, ...rateColumns(words)],
    rows: analytics.byDoctor.map((row) => [`${row.firstName} ${row.lastName}`, row.specialty, ...rateCells(row)]),
  };
}

export function weekdayRatesTable(analytics: Analytics, words: ReportWords): ReportTable {
  return {
    columns: [{ label: words.columns.weekday, weight: 1.4 }, ...rateColumns(words)],
    rows: analytics.byWeekday.map((row) => [weekdayName(words, row.weekday), ...rateCells(row)]),
  };
}

export function newPatientsTable(analytics: Analytics, words: ReportWords): ReportTable {
  return {
    columns: [{ label: bucketColumn(analytics, words) }, { label: words.columns.newPatients }],
    rows: analytics.newPatients.map((bucket) => [bucket.bucket, bucket.count]),
  };
}

export function auditTable(events: readonly AuditEvent[], { columns }: ReportWords): ReportTable {
  return {
    columns: [
      { label: columns.time, weight: 2 },
      { label: columns.actor, weight: 1.8 },
      { label: columns.role },
      { label: columns.action, weight: 1.8 },
      { label: columns.outcome },
      { label: columns.resource, weight: 1.4 },
      { label: columns.resourceId, weight: 2.4 },
      { label: columns.patientId, weight: 2.4 },
    ],
    rows: events.map((event) => [
      event.occurredAt,
      event.actor?.name ?? null,
      event.actorRole,
      event.action,
      event.outcome,
      event.resourceType,
      event.resourceId,
      event.patient?.id ?? null,
    ]),
  };
}

export function patientTable(patients: readonly PatientSummary[], { columns }: ReportWords): ReportTable {
  return {
    columns: [
      { label: columns.recordNumber, weight: 1.4 },
      { label: columns.lastName, weight: 1.4 },
      { label: columns.firstName, weight: 1.4 },
      { label: columns.dateOfBirth },
      { label: columns.gender },
      { label: columns.email, weight: 2.4 },
      { label: columns.phone, weight: 1.4 },
    ],
    rows: patients.map((patient) => [
      patient.medicalRecordNumber,
      patient.lastName,
      patient.firstName,
      patient.dateOfBirth,
      patient.gender,
      patient.email,
      patient.phone,
    ]),
  };
}
