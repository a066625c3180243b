import type { Permission } from '../../../contracts/permission-catalogue';
import { addCalendarDays } from '../../../contracts/dates';
import {
  REPORT_KINDS_WITH_DOCTOR_FILTER,
  REPORT_MAX_ROWS,
  REPORT_SCHEDULES_MAX,
  periodProblem,
  type ReportFrequency,
  type ReportKind,
  type ReportQuery,
  type ReportSchedule,
  type ReportScheduleRequest,
  type ReportSize,
  type ReportSizeQuery,
} from '../../../contracts/reports';
import type { MailMessage } from '../../platform/mail';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AnalyticsService } from '../admin-console/analytics.service';
import { csvLine } from '../audit/audit-csv';
import type { AuditService } from '../audit/audit.service';
import type { PatientsDirectoryService } from '../patients/patients-directory.service';
import { cutNote } from './report-notes';
import { reportPdf } from './report-pdf';
import { reportWords, type ReportWords } from './report-words';
import {
  appointmentsTable,
  auditTable,
  doctorRatesTable,
  newPatientsTable,
  patientTable,
  weekdayRatesTable,
  type ReportTable,
} from './report-table';
import { ReportsRepository, type Person, type ReportNote, type ScheduleRow } from './reports.repository';

// Report downloads. The figures come from the services that answer the screens (the analytics,
// the audit trail, the patient directory); this service only lays them out as a CSV or a PDF and
// notes the export. A download needs reports.export (the route checks it) and the read permission
// of what the report shows (checked here, per kind); administrators hold every permission.

/** The permission that reads what each kind shows, on its own screen. */
const KINDS: Record<ReportKind, { reads: Permission }> = {
  appointments: { reads: 'reports.view.all' },
  'doctor-rates': { reads: 'reports.view.all' },
  'weekday-rates': { reads: 'reports.view.all' },
  'new-patients': { reads: 'reports.view.all' },
  'audit-trail': { reads: 'security.audit' },
  'patient-list': { reads: 'patients.view.all' },
};

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

export interface ReportsOptions {
  organisation: () => Promise<{ name: string }>;
  publicUrl: string;
  /** The context scheduled runs work in (nobody signed in). */
  system: () => AccessContext;
  clock?: () => Date;
}

/** Schedules looked at per run of the job; the rest wait for the next run. */
const DUE_BATCH = 50;
/** Scheduled reports are announced at this hour (UTC) of their day. */
const RUN_HOUR_UTC = 6;

/** The first run after `after`: the next Monday (weekly) or the next 1st of a month (monthly), at RUN_HOUR_UTC. */
export function nextRunAfter(frequency: ReportFrequency, after: Date): Date {
  const day = after.toISOString().slice(0, 10);
  let candidate: string;
  if (frequency === 'weekly') {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    candidate = addCalendarDays(day, (8 - weekday) % 7);
  } else {
    candidate = `${day.slice(0, 8)}01`;
  }
  let at = new Date(`${candidate}T0${RUN_HOUR_UTC}:00:00Z`);
  while (at.getTime() <= after.getTime()) {
    if (frequency === 'weekly') at = new Date(at.getTime() + 7 * 86_400_000);
    else at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, RUN_HOUR_UTC));
  }
  return at;
}

/** The period a run reports on: the seven days before its day, or the calendar month before. */
export function periodOfRun(frequency: ReportFrequency, runAt: Date): { from: string; to: string } {
  const day = runAt.toISOString().slice(0, 10);
  if (frequency === 'weekly') return { from: addCalendarDays(day, -7), to: addCalendarDays(day, -1) };
  const firstOfMonth = `${day.slice(0, 8)}01`;
  const to = addCalendarDays(firstOfMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

export class ReportsService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly analytics: AnalyticsService,
    private readonly audit: AuditService,
    private readonly patientsDirectory: PatientsDirectoryService,
    private readonly options: ReportsOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  async download(ctx: AccessContext, kind: ReportKind, query: ReportQuery): Promise<ReportFile> {
    const problem = periodProblem(query.from, query.to);
    if (problem === 'PERIOD_REVERSED') throw new AppError(problem, 'The end date cannot be before the start date.');
    if (problem === 'PERIOD_TOO_LONG') throw new AppError(problem, 'Please choose a shorter period (at most a year).');
    const narrows = REPORT_KINDS_WITH_DOCTOR_FILTER.includes(kind);
    const period = kind === 'patient-list' ? null : this.analytics.period(query);
    const note: ReportNote = {
      kind,
      format: query.format,
      from: period?.from ?? null,
      to: period?.to ?? null,
      doctorId: narrows ? (query.doctorId ?? null) : null,
      specialty: narrows ? (query.specialty ?? null) : null,
    };
    if (!(await ctx.can(KINDS[kind].reads))) {
      await this.uow.read(ctx, async (work) => work.use(ReportsRepository).noteRefused(note, `missing ${KINDS[kind].reads}`));
      throw new AppError('FORBIDDEN', 'You do not have permission to export this report.');
    }
    // Noted first: the request's one audit event is the export, and the reads below are its steps.
    await this.uow.read(ctx, async (work) => work.use(ReportsRepository).noteExport(note));
    const words = reportWords(query.lang);
    const table = await this.table(ctx, kind, note, words);
    const generatedAt = this.clock();
    const clinic = (await this.options.organisation()).name;
    const stamp = period ? `${period.from}-to-${period.to}` : generatedAt.toISOString().slice(0, 10);
    const fileName = `caredeck-${kind}-${stamp}.${query.format}`;
    // The file is in the requester's language: title, column names, and, on a report the row cap
    // cut, a last row of the CSV or a line under the PDF's title that says so.
    const cut = table.total !== undefined && table.total > table.rows.length ? cutNote(query.lang, table.rows.length, table.total) : null;
    return query.format === 'csv'
      ? { fileName, contentType: 'text/csv; charset=utf-8', body: reportCsv(table, cut) }
      : {
          fileName,
          contentType: 'application/pdf',
          body: await reportPdf(
            {
              title: words.titles[kind],
              clinic,
              period: period
                ? `${words.range(period.from, period.to)}${filterText(note, words)}`
                : words.allPatients(generatedAt.toISOString().slice(0, 10)),
              generatedAt: `${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
              note: cut,
            },
            table,
            words.pdf,
          ),
        };
  }

  /** How many rows a report would hold without the cap (for the kinds it can cut), checked and noted like a download. */
  async size(ctx: AccessContext, kind: ReportKind, query: ReportSizeQuery): Promise<ReportSize> {
    const problem = periodProblem(query.from, query.to);
    if (problem === 'PERIOD_REVERSED') throw new AppError(problem, 'The end date cannot be before the start date.');
    if (problem === 'PERIOD_TOO_LONG') throw new AppError(problem, 'Please choose a shorter period (at most a year).');
    if (!(await ctx.can(KINDS[kind].reads))) throw new AppError('FORBIDDEN', 'You do not have permission to export this report.');
    const period = kind === 'patient-list' ? null : this.analytics.period(query);
    let rows: number | null = null;
    if (kind === 'patient-list') rows = await this.patientsDirectory.countForReport(ctx);
    else if (kind === 'audit-trail') rows = await this.audit.countForReport(ctx, { from: period!.from, to: period!.to });
    await this.uow.read(ctx, async (work) => work.use(ReportsRepository).noteSize(kind, period, rows));
    return { rows, max: REPORT_MAX_ROWS };
  }

  // Schedules

  schedules(ctx: AccessContext): Promise<ReportSchedule[]> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(ReportsRepository);
      const rows = await repository.schedules(REPORT_SCHEDULES_MAX);
      const people = await repository.people([
        ...new Set(rows.flatMap((row) => [...row.recipients, ...(row.createdBy ? [row.createdBy] : [])])),
      ]);
      return rows.map((row) => toSchedule(row, people));
    });
  }

  recipients(ctx: AccessContext): Promise<Person[]> {
    return this.uow.read(ctx, async (work) => work.use(ReportsRepository).recipientCandidates());
  }

  createSchedule(ctx: AccessContext, request: ReportScheduleRequest): Promise<ReportSchedule> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(ReportsRepository);
      if ((await repository.scheduleCount()) >= REPORT_SCHEDULES_MAX) {
        throw new AppError('CONFLICT', `There are already ${REPORT_SCHEDULES_MAX} report schedules: remove one first.`);
      }
      const recipients = [...new Set(request.recipients)];
      const allowed = await repository.allowedRecipients(recipients);
      if (allowed.length !== recipients.length) {
        throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', {
          recipients: 'Every recipient must be an administrator or hold reports.view.all.',
        });
      }
      const narrows = REPORT_KINDS_WITH_DOCTOR_FILTER.includes(request.kind);
      const row = await repository.createSchedule({
        kind: request.kind,
        format: request.format,
        frequency: request.frequency,
        filters: narrows
          ? { ...(request.doctorId ? { doctorId: request.doctorId } : {}), ...(request.specialty ? { specialty: request.specialty } : {}) }
          : {},
        recipients,
        createdBy: ctx.user.userId,
        nextRunAt: nextRunAfter(request.frequency, this.clock()),
      });
      return toSchedule(row, await repository.people([...recipients, ctx.user.userId]));
    });
  }

  deleteSchedule(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, async (work) => work.use(ReportsRepository).deleteSchedule(id));
  }

  /**
   * One run of the job: every schedule whose time has come mails each recipient who may still
   * receive it a link to the Reports page for the period, and moves on to its next run. The mail
   * carries no file and no patient data: the recipient signs in and downloads the report, which
   * is then audited as any download. A recipient who lost access is skipped and named on the
   * run's audit event.
   */
  async runDue(): Promise<{ runs: number; mailed: number; skipped: number }> {
    const now = this.clock();
    const due = await this.uow.read(this.options.system(), (work) => work.use(ReportsRepository).due(now, DUE_BATCH));
    const totals = { runs: 0, mailed: 0, skipped: 0 };
    if (due.length === 0) return totals;
    // Read before any write: the settings come from the pool, which a write's transaction may hold.
    const clinic = (await this.options.organisation()).name;
    for (const row of due) {
      const outcome = await this.uow.write(this.options.system(), async (work) => {
        const repository = work.use(ReportsRepository);
        if (!(await repository.claim(row, nextRunAfter(row.frequency, now), now))) return null;
        const period = row.kind === 'patient-list' ? null : periodOfRun(row.frequency, row.nextRunAt);
        const allowed = await repository.allowedRecipients(row.recipients);
        for (const person of allowed) repository.mail(this.scheduledMail(row, person, period, clinic));
        const skipped = row.recipients.filter((id) => !allowed.some((person) => person.id === id));
        repository.noteRun(row, {
          kind: row.kind,
          format: row.format,
          frequency: row.frequency,
          from: period?.from ?? null,
          to: period?.to ?? null,
          mailed: allowed.map((person) => person.id),
          skipped,
        });
        return { mailed: allowed.length, skipped: skipped.length };
      });
      if (!outcome) continue;
      totals.runs += 1;
      totals.mailed += outcome.mailed;
      totals.skipped += outcome.skipped;
    }
    return totals;
  }

  /** The mail of a scheduled report: what, for when, and where to download it. English, like every mail. */
  private scheduledMail(row: ScheduleRow, person: Person, period: { from: string; to: string } | null, clinic: string): MailMessage {
    const query = new URLSearchParams({ kind: row.kind, format: row.format, ...(period ?? {}), ...row.filters });
    const link = `${this.options.publicUrl.replace(/\/$/, '')}/admin/reports?${query.toString()}`;
    // The mail is in English, as all of the server's mail; so is the title it names.
    const title = reportWords('en').titles[row.kind];
    return {
      to: person.email,
      kind: 'scheduled-report',
      subject: `Your ${row.frequency} report is ready: ${title}`,
      text: [
        `Dear ${person.firstName},`,
        '',
        `the ${row.frequency} report "${title}" (${row.format.toUpperCase()}) at ${clinic} is ready${period ? ` for ${period.from} to ${period.to}` : ''}.`,
        '',
        `Sign in to download it: ${link}`,
        '',
        'The report is not attached: it stays behind your sign-in, and each download is recorded.',
      ].join('\n'),
    };
  }

  private async table(ctx: AccessContext, kind: ReportKind, note: ReportNote, words: ReportWords): Promise<ReportTable> {
    if (kind === 'patient-list') {
      const { patients, total } = await this.patientsDirectory.listForReport(ctx, REPORT_MAX_ROWS);
      return { ...patientTable(patients, words), total };
    }
    if (kind === 'audit-trail') {
      const { events, total } = await this.audit.reportEvents(ctx, { from: note.from!, to: note.to! }, REPORT_MAX_ROWS);
      return { ...auditTable(events, words), total };
    }
    const analytics = await this.analytics.overview(ctx, {
      from: note.from!,
      to: note.to!,
      ...(note.doctorId ? { doctorId: note.doctorId } : {}),
      ...(note.specialty ? { specialty: note.specialty } : {}),
    });
    if (kind === 'appointments') return appointmentsTable(analytics, words);
    if (kind === 'doctor-rates') return doctorRatesTable(analytics, words);
    if (kind === 'weekday-rates') return weekdayRatesTable(analytics, words);
    return newPatientsTable(analytics, words);
  }
}

/** The table as CSV; `note` (the cap's sentence), when given, is the last row, alone in its first cell. */
export function reportCsv(table: ReportTable, note: string | null = null): string {
  return (
    csvLine(table.columns.map((column) => column.label)) + table.rows.map((row) => csvLine(row)).join('') + (note ? csvLine([note]) : '')
  );
}

function filterText(note: ReportNote, words: ReportWords): string {
  if (note.doctorId) return ` (${words.oneDoctor})`;
  if (note.specialty) return ` (${note.specialty})`;
  return '';
}

function toSchedule(row: ScheduleRow, people: readonly Person[]): ReportSchedule {
  const named = (id: string) => {
    const person = people.find((candidate) => candidate.id === id);
    return person ? { id: person.id, firstName: person.firstName, lastName: person.lastName } : null;
  };
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    frequency: row.frequency,
    doctorId: row.filters.doctorId ?? null,
    specialty: row.filters.specialty ?? null,
    recipients: row.recipients.map(named).filter((person) => person !== null),
    createdBy: row.createdBy ? named(row.createdBy) : null,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    active: row.active,
  };
}
