import type { Permission } from '../../../contracts/permission-catalogue';
import {
  REPORT_KINDS_WITH_DOCTOR_FILTER,
  REPORT_MAX_ROWS,
  periodProblem,
  type ReportKind,
  type ReportQuery,
} from '../../../contracts/reports';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AnalyticsService } from '../admin-console/analytics.service';
import { csvLine } from '../audit/audit-csv';
import type { AuditService } from '../audit/audit.service';
import type { PatientsDirectoryService } from '../patients/patients-directory.service';
import { reportPdf } from './report-pdf';
import {
  appointmentsTable,
  auditTable,
  doctorRatesTable,
  newPatientsTable,
  patientTable,
  weekdayRatesTable,
  type ReportTable,
} from './report-table';
import { ReportsRepository, type ReportNote } from './reports.repository';

// Report downloads. The figures come from the services that answer the screens (the analytics,
// the audit trail, the patient directory); this service only lays them out as a CSV or a PDF and
// notes the export. A download needs reports.export (the route checks it) and the read permission
// of what the report shows (checked here, per kind); administrators hold every permission.

/** What each kind shows, and the permission that reads it on its own screen. */
const KINDS: Record<ReportKind, { title: string; reads: Permission }> = {
  appointments: { title: 'Appointments by status and type', reads: 'reports.view.all' },
  'doctor-rates': { title: 'No-show and cancellation rates by doctor', reads: 'reports.view.all' },
  'weekday-rates': { title: 'No-show and cancellation rates by weekday', reads: 'reports.view.all' },
  'new-patients': { title: 'New patients', reads: 'reports.view.all' },
  'audit-trail': { title: 'Audit trail', reads: 'security.audit' },
  'patient-list': { title: 'Patient list', reads: 'patients.view.all' },
};

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

export interface ReportsOptions {
  organisation: () => Promise<{ name: string }>;
  clock?: () => Date;
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
    const table = await this.table(ctx, kind, note);
    const generatedAt = this.clock();
    const clinic = (await this.options.organisation()).name;
    const stamp = period ? `${period.from}-to-${period.to}` : generatedAt.toISOString().slice(0, 10);
    const fileName = `caredeck-${kind}-${stamp}.${query.format}`;
    return query.format === 'csv'
      ? { fileName, contentType: 'text/csv; charset=utf-8', body: reportCsv(table) }
      : {
          fileName,
          contentType: 'application/pdf',
          body: await reportPdf(
            {
              title: KINDS[kind].title,
              clinic,
              period: period
                ? `${period.from} to ${period.to}${filterText(note)}`
                : `all patients as of ${generatedAt.toISOString().slice(0, 10)}`,
              generatedAt: `${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            },
            table,
          ),
        };
  }

  private async table(ctx: AccessContext, kind: ReportKind, note: ReportNote): Promise<ReportTable> {
    if (kind === 'patient-list') {
      return patientTable((await this.patientsDirectory.listForReport(ctx, REPORT_MAX_ROWS)).patients);
    }
    if (kind === 'audit-trail') {
      return auditTable(await this.audit.reportEvents(ctx, { from: note.from!, to: note.to! }, REPORT_MAX_ROWS));
    }
    const analytics = await this.analytics.overview(ctx, {
      from: note.from!,
      to: note.to!,
      ...(note.doctorId ? { doctorId: note.doctorId } : {}),
      ...(note.specialty ? { specialty: note.specialty } : {}),
    });
    if (kind === 'appointments') return appointmentsTable(analytics);
    if (kind === 'doctor-rates') return doctorRatesTable(analytics);
    if (kind === 'weekday-rates') return weekdayRatesTable(analytics);
    return newPatientsTable(analytics);
  }
}

export function reportCsv(table: ReportTable): string {
  return csvLine(table.columns.map((column) => column.label)) + table.rows.map((row) => csvLine(row)).join('');
}

function filterText(note: ReportNote): string {
  if (note.doctorId) return ' (one doctor)';
  if (note.specialty) return ` (${note.specialty})`;
  return '';
}
