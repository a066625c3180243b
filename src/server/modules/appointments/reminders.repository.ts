import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { appointmentActionLinks, appointmentReminders, appointments, users } from '../../db/schema';
import type { AppointmentLinkAction } from '../../../contracts/appointment-links';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';
import { selectAppointments, type AppointmentListRow } from './appointments.repository';

// What the reminder job reads and writes. It runs for nobody in particular (the system), over every
// patient's booked appointments: its reads name no patient until a reminder is sent, and each sent
// reminder is noted under its patient. A reminder of one kind is stored once per appointment
// (its primary key): the insert that claims it, the links, the mail and the notification commit
// together, so two instances running at once send it once.

export interface DueAppointment {
  id: string;
  startsAt: Date;
  sentKinds: string[];
}

export class RemindersRepository extends Repository {
  /** Booked appointments starting in (now, until], with the reminder kinds already sent. Times and ids only. */
  async due(now: Date, until: Date, limit: number): Promise<DueAppointment[]> {
    const rows = await this.db
      .select({ id: appointments.id, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.status, 'scheduled'), gt(appointments.startsAt, now), lte(appointments.startsAt, until)))
      .orderBy(appointments.startsAt)
      .limit(limit);
    if (rows.length === 0) return [];
    const sent = await this.db
      .select({ appointmentId: appointmentReminders.appointmentId, kind: appointmentReminders.kind })
      .from(appointmentReminders)
      .where(
        inArray(
          appointmentReminders.appointmentId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((row) => ({ ...row, sentKinds: sent.filter((s) => s.appointmentId === row.id).map((s) => s.kind) }));
  }

  /** Claims the reminder `kind` of an appointment; false when it was sent already (by this instance or another). */
  async claim(appointmentId: string, kind: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(appointmentReminders)
      .values({ appointmentId, kind, sentAt: now })
      .onConflictDoNothing()
      .returning({ appointmentId: appointmentReminders.appointmentId });
    return rows.length > 0;
  }

  /** The appointment a reminder is about, still booked, with the patient's address; undefined otherwise. */
  async booked(appointmentId: string): Promise<(AppointmentListRow & { patientEmail: string }) | undefined> {
    const [row] = await selectAppointments(this.db)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'scheduled')))
      .limit(1);
    if (!row) return undefined;
    const [person] = await this.db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, row.patientId))
      .limit(1);
    if (!person?.isActive) return undefined;
    return { ...row, patientEmail: person.email };
  }

  /** Stores the links (their token hashes) of a reminder; each works until `expiresAt`. */
  async createLinks(
    row: AppointmentListRow,
    links: { action: AppointmentLinkAction; tokenHash: string }[],
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insert(appointmentActionLinks)
      .values(links.map((link) => ({ appointmentId: row.id, patientId: row.patientId, expiresAt, ...link })));
  }

  /** The reminder mail, sent once the write commits. */
  mail(message: MailMessage): void {
    this.effects.mail(message);
  }

  /** The reminder, noted under its patient (the kind only). */
  sent(row: AppointmentListRow, kind: string): void {
    this.audit.note({
      action: 'appointment.remind',
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { kind },
    });
  }
}
