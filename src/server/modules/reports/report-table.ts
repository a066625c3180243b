import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../contracts/appointments';
import type { Analytics, DoctorRates, WeekdayRates } from '../../../contracts/analytics';
import type { AuditEvent } from '../../../contracts/audit';
import type { PatientSummary } from '../../../contracts/patient-directory';

// The rows of each report, built from what the analytics, the audit trail and the patient
// directory answer: a report never counts anything itself. The CSV and the PDF show the same table.
// Rates are percentages with one decimal; an empty rate (nothing was due) is an empty cell.

export type Cell = string | number | null;

export interface ReportTable {
  columns: { label: string; weight?: number }[];
  rows: Cell[][];
  /** How many rows there were before REPORT_MAX_ROWS cut the report; absent when nothing can cut it. */
  total?: number;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function percent(rate: number | null): Cell {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

const RATE_COLUMNS = [
  { label: 'Appointments' },
  { label: 'Due' },
  { label: 'No-shows' },
  { label: 'Cancelled' },
  { label: 'No-show rate (%)' },
  { label: 'Cancellation rate (%)' },
];

function rateCells(row: DoctorRates | WeekdayRates): Cell[] {
  return [row.total, row.due, row.noShows, row.cancelled, percent(row.noShowRate), percent(row.cancellationRate)];
}

export function appointmentsTable(analytics: Analytics): ReportTable {
  return {
    columns: [
      { label: analytics.granularity === 'day' ? 'Day' : 'Week from', weight: 1.4 },
      { label: 'Total' },
      ...APPOINTMENT_STATUSES.map((status) => ({ label: status })),
      ...APPOINTMENT_TYPES.map((type) => ({ label: type })),
    ],
    rows: analytics.appointments.map((bucket) => [
      bucket.bucket,
      bucket.total,
      ...APPOINTMENT_STATUSES.map((status) => bucket.statuses[status]),
      ...APPOINTMENT_TYPES.map((type) => bucket.types[type]),
    ]),
  };
}

export function doctorRatesTable(analytics: Analytics): ReportTable {
  return {
    columns: [{ label: 'Doctor', weight: 2 }, { label: 'Specialty', weight: 1.6 }, ...RATE_COLUMNS],
    rows: analytics.byDoctor.map((row) => [`${row.firstName} ${row.lastName}`, row.specialty, ...rateCells(row)]),
  };
}

export function weekdayRatesTable(analytics: Analytics): ReportTable {
  return {
    columns: [{ label: 'Weekday', weight: 1.4 }, ...RATE_COLUMNS],
    rows: analytics.byWeekday.map((row) => [WEEKDAYS[row.weekday - 1]!, ...rateCells(row)]),
  };
}

export function newPatientsTable(analytics: Analytics): ReportTable {
  return {
    columns: [{ label: analytics.granularity === 'day' ? 'Day' : 'Week from' }, { label: 'New patients' }],
    rows: analytics.newPatients.map((bucket) => [bucket.bucket, bucket.count]),
  };
}

export function auditTable(events: readonly AuditEvent[]): ReportTable {
  return {
    columns: [
      { label: 'Time (UTC)', weight: 2 },
      { label: 'Actor', weight: 1.8 },
      { label: 'Role' },
      { label: 'Action', weight: 1.8 },
      { label: 'Outcome' },
      { label: 'Resource', weight: 1.4 },
      { label: 'Resource id', weight: 2.4 },
      { label: 'Patient id', weight: 2.4 },
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

export function patientTable(patients: readonly PatientSummary[]): ReportTable {
  return {
    columns: [
      { label: 'Record number', weight: 1.4 },
      { label: 'Last name', weight: 1.4 },
      { label: 'First name', weight: 1.4 },
      { label: 'Date of birth' },
      { label: 'Gender' },
      { label: 'Email', weight: 2.4 },
      { label: 'Phone', weight: 1.4 },
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
