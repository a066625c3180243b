import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditActionCode } from '../../../contracts/audit';
import type { VideoRole } from '../../../contracts/video-visits';
import { appointments, careAssignments, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A video visit is for the two people of its appointment: the patient and the doctor. Anyone
// else, staff and admins included, finds nothing (404, noted without naming anyone), so the
// signalling relay can never be pointed at someone else's visit.

const patient = alias(users, 'video_patient');
const doctor = alias(users, 'video_doctor');

export interface VideoVisitRow {
  id: string;
  patientId: string;
  doctorId: string;
  startsAt: Date;
  durationMinutes: number;
  type: 'in-person' | 'video';
  status: (typeof appointments.$inferSelect)['status'];
  patientFirstName: string;
  patientLastName: string;
  doctorFirstName: string;
  doctorLastName: string;
}

export class VideoVisitsRepository extends Repository {
  /** The caller's own appointment, as its patient or its doctor; 404 (noted) for any other or a missing one. */
  async participant(id: string, action: AuditActionCode): Promise<VideoVisitRow & { role: VideoRole }> {
    const own = this.ownCondition();
    const [row] =
      own && isUuid(id)
        ? await this.db
            .select({
              id: appointments.id,
              patientId: appointments.patientId,
              doctorId: appointments.doctorId,
              startsAt: appointments.startsAt,
              durationMinutes: appointments.durationMinutes,
              type: appointments.type,
              status: appointments.status,
              patientFirstName: patient.firstName,
              patientLastName: patient.lastName,
              doctorFirstName: doctor.firstName,
              doctorLastName: doctor.lastName,
            })
            .from(appointments)
            .innerJoin(patient, eq(patient.id, appointments.patientId))
            .innerJoin(doctor, eq(doctor.id, appointments.doctorId))
            .where(and(eq(appointments.id, id), own))
            .limit(1)
        : [];
    if (!row) {
      this.audit.missed(action, 'appointment', id);
      throw AppError.notFound();
    }
    return { ...row, role: this.scope.actor.role === 'doctor' ? 'doctor' : 'patient' };
  }

  /** The caller looked at the visit (names and times of their own appointment). */
  noteRead(row: VideoVisitRow): void {
    this.audit.read('appointment.video', 'appointment', row.id, [row.patientId]);
  }

  /** The caller joined the visit's call. */
  noteJoin(row: VideoVisitRow, role: VideoRole): void {
    this.audit.note({
      action: 'appointment.video-join',
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { role },
    });
  }

  /** A visit the caller may not hold now (its type, status or time), noted under its patient. */
  noteRefused(action: AuditActionCode, row: VideoVisitRow, reason: string): void {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { reason, status: row.status, type: row.type },
    });
  }

  /** The doctor caring for the signed-in patient the longest; undefined when nobody does. */
  async ownDoctor(): Promise<string | undefined> {
    const { userId } = this.scope.actor;
    const [row] = await this.db
      .select({ doctorId: careAssignments.doctorId })
      .from(careAssignments)
      .where(and(eq(careAssignments.patientId, userId), this.scope.condition(careAssignments.patientId)))
      .orderBy(asc(careAssignments.createdAt), asc(careAssignments.doctorId))
      .limit(1);
    return row?.doctorId;
  }

  /** A video visit of the signed-in patient with `doctorId`, starting at `startsAt`; noted, and pushed to both. */
  async bookNow(doctorId: string, startsAt: Date, durationMinutes: number, reason: string): Promise<string> {
    const { userId } = this.scope.actor;
    const [row] = await this.db
      .insert(appointments)
      .values({
        patientId: userId,
        doctorId,
        startsAt,
        durationMinutes,
        type: 'video',
        status: 'scheduled',
        reason,
        bookedBy: userId,
        bookedByRole: 'patient',
      })
      .returning({ id: appointments.id });
    const id = row!.id;
    this.audit.note({
      action: 'appointment.create',
      resourceType: 'appointment',
      resourceId: id,
      patients: [userId],
      details: { type: 'video', demo: true },
    });
    this.effects.push({
      recipients: [userId, doctorId],
      event: {
        type: 'appointment_update',
        action: 'created',
        appointmentId: id,
        patientId: userId,
        doctorId,
        timestamp: startsAt.toISOString(),
      },
    });
    return id;
  }

  /** Patients reach their own appointments (within their scope); doctors the ones they hold; nobody else any. */
  private ownCondition(): SQL | undefined {
    const { userId, role } = this.scope.actor;
    if (role === 'patient') return and(eq(appointments.patientId, userId), this.scope.condition(appointments.patientId));
    if (role === 'doctor') return eq(appointments.doctorId, userId);
    return undefined;
  }
}
