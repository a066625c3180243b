import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MedicationStatus } from '../../../contracts/medications';
import type { PrescriptionWarning } from '../../../contracts/prescribing';
import { allergies, medications, users, type NewMedicationRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A doctor's prescriptions: what they wrote, and writing, stopping and renewing one. Only patients
// in the caller's reach are found (anyone else answers 404 like a missing one); every change is
// noted with its ids and pushed to the patient and the prescriber once committed.

const prescribers = alias(users, 'prescription_prescriber');
const patients = alias(users, 'prescription_patient');

const columns = {
  id: medications.id,
  patientId: medications.patientId,
  name: medications.name,
  dosage: medications.dosage,
  frequency: medications.frequency,
  route: medications.route,
  instructions: medications.instructions,
  startDate: medications.startDate,
  endDate: medications.endDate,
  status: medications.status,
  prescriberId: medications.prescribedBy,
  prescriberFirstName: prescribers.firstName,
  prescriberLastName: prescribers.lastName,
  createdAt: medications.createdAt,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  drugCode: medications.drugCode,
  strength: medications.strength,
  quantity: medications.quantity,
  refills: medications.refills,
  durationDays: medications.durationDays,
  overrideReason: medications.overrideReason,
  discontinuedReason: medications.discontinuedReason,
};

type Change = 'prescribed' | 'renewed' | 'discontinued';
const ACTIONS = { prescribed: 'medication.prescribe', renewed: 'medication.renew', discontinued: 'medication.discontinue' } as const;

export class PrescribingRepository extends Repository {
  /** Whose prescriptions: the caller's own (a doctor), or any doctor's for an administrator; else 404. */
  async prescriber(doctorId: string) {
    const action = 'medication.prescriptions.list';
    const own = this.scope.actor.role === 'doctor' && doctorId === this.scope.actor.userId;
    const [row] =
      !isUuid(doctorId) || (this.scope.actor.role === 'doctor' && !own)
        ? []
        : await this.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, doctorId), eq(users.role, 'doctor')))
            .limit(1);
    if (!row) {
      this.audit.missed(action, 'doctor', doctorId);
      throw AppError.notFound();
    }
  }

  /** One page of a doctor's prescriptions among the patients the caller reaches: active first, newest first. */
  async listForDoctor(doctorId: string, status: MedicationStatus | undefined, page: number, pageSize: number) {
    const where = and(
      eq(medications.prescribedBy, doctorId),
      status ? eq(medications.status, status) : undefined,
      this.scope.condition(medications.patientId),
    );
    const [total] = await this.db.select({ n: count() }).from(medications).where(where);
    const rows = await this.db
      .select(columns)
      .from(medications)
      .innerJoin(patients, eq(patients.id, medications.patientId))
      .leftJoin(prescribers, eq(prescribers.id, medications.prescribedBy))
      .where(where)
      .orderBy(
        asc(sql`case when ${medications.status} = 'active' then 0 else 1 end`),
        desc(medications.startDate),
        desc(medications.createdAt),
        asc(medications.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    this.audit.read('medication.prescriptions.list', 'doctor', doctorId, [...new Set(rows.map((row) => row.patientId))], {
      count: rows.length,
      status: status ?? 'all',
    });
    return { rows, total: total!.n };
  }

  /** The patient's active allergies and current medicines, for the checks; 404 when out of reach. */
  async checkable(patientId: string, action: 'medication.check' | 'medication.prescribe') {
    await this.reachPatient(patientId, action);
    const allergyRows = await this.db
      .select({ id: allergies.id, allergen: allergies.allergen, severity: allergies.severity, reaction: allergies.reaction })
      .from(allergies)
      .where(and(eq(allergies.patientId, patientId), eq(allergies.status, 'active')));
    const current = await this.db
      .select({ id: medications.id, name: medications.name, drugCode: medications.drugCode })
      .from(medications)
      .where(and(eq(medications.patientId, patientId), eq(medications.status, 'active')));
    return { allergies: allergyRows, current };
  }

  noteCheck(patientId: string, warnings: readonly PrescriptionWarning[]) {
    this.audit.read('medication.check', 'patient', patientId, [patientId], { warnings: warnings.map((w) => w.kind) });
  }

  /** A medication of a patient in reach, with everything a prescription holds; 404 otherwise. */
  async medication(medicationId: string, action: 'medication.discontinue' | 'medication.renew') {
    const [row] = !isUuid(medicationId)
      ? []
      : await this.db
          .select(columns)
          .from(medications)
          .innerJoin(patients, eq(patients.id, medications.patientId))
          .leftJoin(prescribers, eq(prescribers.id, medications.prescribedBy))
          .where(and(eq(medications.id, medicationId), this.scope.condition(medications.patientId)))
          .limit(1);
    if (!row) {
      this.audit.missed(action, 'medication', medicationId);
      throw AppError.notFound();
    }
    return row;
  }

  /** Warnings shown but no reason to go on: refused (noted), nothing written. */
  refuseWithoutReason(patientId: string, change: 'prescribed' | 'renewed', warnings: readonly PrescriptionWarning[]): never {
    this.audit.note({
      action: ACTIONS[change],
      outcome: 'failure',
      resourceType: 'patient',
      resourceId: patientId,
      patients: [patientId],
      details: { reason: 'override_required', warnings: warnings.map((w) => w.kind) },
    });
    throw new AppError('PRESCRIPTION_OVERRIDE_REQUIRED', 'This prescription has warnings; give a reason to go ahead despite them.');
  }

  async insert(
    values: NewMedicationRow & { prescribedBy: string },
    change: 'prescribed' | 'renewed',
    details: Record<string, unknown>,
    timestamp: string,
  ) {
    const [row] = await this.db.insert(medications).values(values).returning({ id: medications.id });
    this.noteChange(row!.id, values.patientId, change, details, timestamp);
    return row!.id;
  }

  /** Stops an active medication; one already stopped is refused (409, noted). */
  async discontinue(
    medication: { id: string; patientId: string; prescriberId: string | null },
    reason: string,
    endDate: string,
    timestamp: string,
    renewedBy?: string,
  ) {
    const at = new Date(timestamp);
    const [row] = await this.db
      .update(medications)
      .set({
        status: 'discontinued',
        discontinuedAt: at,
        discontinuedReason: reason,
        endDate: sql`greatest(${medications.startDate}, ${endDate}::date)`,
        updatedAt: at,
      })
      .where(and(eq(medications.id, medication.id), eq(medications.status, 'active')))
      .returning({ id: medications.id });
    if (!row) {
      this.audit.note({
        action: 'medication.discontinue',
        outcome: 'failure',
        resourceType: 'medication',
        resourceId: medication.id,
        patients: [medication.patientId],
        details: { reason: 'already_discontinued' },
      });
      throw new AppError('CONFLICT', 'This medication is already discontinued.');
    }
    // The prescriber's list changes too when a colleague caring for the patient stops it.
    if (!renewedBy) this.noteChange(medication.id, medication.patientId, 'discontinued', {}, timestamp, medication.prescriberId);
  }

  private noteChange(
    medicationId: string,
    patientId: string,
    change: Change,
    details: Record<string, unknown>,
    timestamp: string,
    prescriberId: string | null = null,
  ) {
    const doctorId = prescriberId ?? this.scope.actor.userId;
    this.audit.note({
      action: ACTIONS[change],
      resourceType: 'medication',
      resourceId: medicationId,
      patients: [patientId],
      details,
    });
    this.effects.push({
      recipients: [...new Set([patientId, this.scope.actor.userId, doctorId])],
      event: {
        type: 'medication_update',
        action: change === 'discontinued' ? 'discontinued' : 'created',
        patientId,
        medicationId,
        doctorId,
        reason: change,
        timestamp,
      },
    });
  }
}

export type PrescriptionRowView = Awaited<ReturnType<PrescribingRepository['medication']>>;
