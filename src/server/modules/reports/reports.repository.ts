import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ReportFormat, ReportFrequency, ReportKind } from '../../../contracts/reports';
import type { Role } from '../../../contracts/roles';
import { reportSchedules, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { effectivePermissions } from '../../platform/effective-permissions';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';

// The report module's queries and its notes on the request's audit event. A download is noted
// first, so its event is named after the export; what the figures' own services read is kept as
// its steps, and a patient list names every patient it returned there. Schedules are the
// organisation's, not a patient's: they name no patient.

export interface ReportNote {
  kind: ReportKind;
  format: ReportFormat;
  from: string | null;
  to: string | null;
  doctorId: string | null;
  specialty: string | null;
}

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Candidates looked at for the recipient list: the organisation's administrators and staff. */
const RECIPIENT_CANDIDATES = 500;

export class ReportsRepository extends Repository {
  noteExport(note: ReportNote): void {
    this.audit.note({ action: 'report.export', resourceType: 'report', resourceId: note.kind, details: { ...note } });
  }

  noteRefused(note: ReportNote, reason: string): void {
    this.audit.note({
      action: 'report.export',
      outcome: 'denied',
      resourceType: 'report',
      resourceId: note.kind,
      details: { ...note, reason },
    });
  }

  // Schedules

  async schedules(limit: number): Promise<ScheduleRow[]> {
    const rows = await this.db.select().from(reportSchedules).orderBy(asc(reportSchedules.createdAt)).limit(limit);
    this.audit.note({ action: 'report.schedule-list', resourceType: 'report_schedule', details: { count: rows.length } });
    return rows;
  }

  async scheduleCount(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(reportSchedules);
    return Number(row?.n ?? 0);
  }

  /** The people with these ids (any that no longer exist are left out). */
  async people(ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  /** Of `ids`, those who may receive a report now: active administrators, or active holders of reports.view.all. */
  async allowedRecipients(ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
      .from(users)
      .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
    const allowed: Person[] = [];
    for (const row of rows) {
      if (await this.mayReceive(row.id, row.role))
        allowed.push({ id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email });
    }
    return allowed;
  }

  /** Everyone who may receive a scheduled report, by name. */
  async recipientCandidates(): Promise<Person[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'staff']), eq(users.isActive, true)))
      .orderBy(asc(users.lastName), asc(users.firstName))
      .limit(RECIPIENT_CANDIDATES);
    return this.allowedRecipients(rows.map((row) => row.id));
  }

  private async mayReceive(userId: string, role: Role): Promise<boolean> {
    if (role === 'admin') return true;
    return (await effectivePermissions(this.db, userId, role)).includes('reports.view.all');
  }

  async createSchedule(values: {
    kind: ReportKind;
    format: ReportFormat;
    frequency: ReportFrequency;
    filters: { doctorId?: string; specialty?: string };
    recipients: string[];
    createdBy: string;
    nextRunAt: Date;
  }): Promise<ScheduleRow> {
    const [row] = await this.db.insert(reportSchedules).values(values).returning();
    this.audit.note({
      action: 'report.schedule-create',
      resourceType: 'report_schedule',
      resourceId: row!.id,
      details: { kind: values.kind, format: values.format, frequency: values.frequency, recipients: values.recipients.length },
    });
    return row!;
  }

  async deleteSchedule(id: string): Promise<void> {
    const [row] = await this.db.delete(reportSchedules).where(eq(reportSchedules.id, id)).returning({ id: reportSchedules.id });
    if (!row) {
      this.audit.missed('report.schedule-delete', 'report_schedule', id);
      throw AppError.notFound();
    }
    this.audit.note({ action: 'report.schedule-delete', resourceType: 'report_schedule', resourceId: id });
  }

  /** Active schedules whose time has come, soonest first. */
  due(now: Date, limit: number): Promise<ScheduleRow[]> {
    return this.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
      .orderBy(asc(reportSchedules.nextRunAt))
      .limit(limit);
  }

  /**
   * Takes one run of a schedule: moves its next run on, if nobody else did since it was read (two
   * instances running the job send it once).
   */
  async claim(row: ScheduleRow, next: Date, now: Date): Promise<boolean> {
    const claimed = await this.db
      .update(reportSchedules)
      .set({ nextRunAt: next, lastRunAt: now })
      .where(and(eq(reportSchedules.id, row.id), eq(reportSchedules.nextRunAt, row.nextRunAt)))
      .returning({ id: reportSchedules.id });
    return claimed.length > 0;
  }

  mail(message: MailMessage): void {
    this.effects.mail(message);
  }

  /** Notes that the size of a report was asked for: the kind, the period and the count, naming nobody. */
  noteSize(kind: ReportKind, period: { from: string; to: string } | null, rows: number | null): void {
    this.audit.note({ action: 'report.size', resourceType: 'report', resourceId: kind, details: { ...period, rows } });
  }

  noteRun(row: ScheduleRow, details: Record<string, unknown>): void {
    this.audit.note({ action: 'report.scheduled-run', resourceType: 'report_schedule', resourceId: row.id, details });
  }
}
