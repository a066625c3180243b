import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { medications, refillRequests, tasks, users } from '../../db/schema';

// Refill requests of one patient's medications, and the prescriber's task that goes with each.
// Every query names the patient: a medication of someone else matches nothing.

const prescribers = alias(users, 'refill_prescriber');
const patients = alias(users, 'refill_patient');

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class RefillRequestsRepository {
  constructor(private readonly db: Database) {}

  /** The patient's medication with its prescriber's account and the patient's name (for the prescriber's notice). */
  async medicationOf(patientId: string, medicationId: string) {
    const [row] = await this.db
      .select({
        id: medications.id,
        name: medications.name,
        status: medications.status,
        prescriberId: medications.prescribedBy,
        prescriberRole: prescribers.role,
        prescriberActive: prescribers.isActive,
        prescriberFirstName: prescribers.firstName,
        prescriberLastName: prescribers.lastName,
        patientFirstName: patients.firstName,
        patientLastName: patients.lastName,
      })
      .from(medications)
      .innerJoin(patients, eq(patients.id, medications.patientId))
      .leftJoin(prescribers, eq(prescribers.id, medications.prescribedBy))
      .where(and(eq(medications.id, medicationId), eq(medications.patientId, patientId)))
      .limit(1);
    return row;
  }

  /** The request and the prescriber's task, together or not at all; null when one is already open. */
  async createWithTask(values: { medicationId: string; patientId: string; prescriberId: string; note: string | null; taskTitle: string }) {
    try {
      return await this.db.transaction(async (tx) => {
        const [request] = await tx
          .insert(refillRequests)
          .values({ medicationId: values.medicationId, patientId: values.patientId, prescriberId: values.prescriberId, note: values.note })
          .returning();
        await tx.insert(tasks).values({
          assigneeId: values.prescriberId,
          patientId: values.patientId,
          kind: 'refill-request',
          title: values.taskTitle,
          refillRequestId: request!.id,
        });
        return request!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async hasOpen(medicationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refillRequests.id })
      .from(refillRequests)
      .where(and(eq(refillRequests.medicationId, medicationId), eq(refillRequests.status, 'requested')))
      .limit(1);
    return row !== undefined;
  }

  /** Newest first. */
  async forPatient(patientId: string) {
    return this.db
      .select({
        id: refillRequests.id,
        medicationId: refillRequests.medicationId,
        patientId: refillRequests.patientId,
        status: refillRequests.status,
        note: refillRequests.note,
        prescriberId: refillRequests.prescriberId,
        prescriberFirstName: prescribers.firstName,
        prescriberLastName: prescribers.lastName,
        createdAt: refillRequests.createdAt,
        decidedAt: refillRequests.decidedAt,
      })
      .from(refillRequests)
      .leftJoin(prescribers, eq(prescribers.id, refillRequests.prescriberId))
      .where(eq(refillRequests.patientId, patientId))
      .orderBy(desc(refillRequests.createdAt), desc(refillRequests.id));
  }
}

export type RefillRequestView = Awaited<ReturnType<RefillRequestsRepository['forPatient']>>[number];
