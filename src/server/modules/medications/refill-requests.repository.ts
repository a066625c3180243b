import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFILL_REFUSALS, type RefillDecision } from '../../../contracts/refill-requests';
import { addCalendarDays } from '../../../contracts/dates';
import { REFILL_TASK_DUE_DAYS } from '../../../contracts/tasks';
import { medications, refillRequests, tasks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Refill requests of one patient's medications, and the prescriber's task that goes with each. A
// medication is found only within the caller's scope: anyone else's answers 404 like a missing
// one. Refusals, the request and the list are noted on the request's audit event.

const prescribers = alias(users, 'refill_prescriber');
const patients = alias(users, 'refill_patient');

type Refusal = keyof typeof REFILL_REFUSALS;

/** Each refusal's code: an open request is the route's one CONFLICT. */
const REFUSAL_CODES = {
  alreadyRequested: 'CONFLICT',
  discontinued: 'REFILL_DISCONTINUED',
  noPrescriber: 'REFILL_NO_PRESCRIBER',
} as const;

const ACTION = 'medication.refill-request';

export class RefillRequestsRepository extends Repository {
  /**
   * The caller's medication that may be refilled now, with its prescriber (an active doctor here)
   * and the patient's name; 404 or a refusal (noted) otherwise.
   */
  async requestable(medicationId: string) {
    const [row] = !isUuid(medicationId)
      ? []
      : await this.db
          .select({
            id: medications.id,
            patientId: medications.patientId,
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
          .where(and(eq(medications.id, medicationId), this.scope.condition(medications.patientId)))
          .limit(1);
    if (!row) {
      this.audit.missed(ACTION, 'medication', medicationId);
      throw AppError.notFound();
    }
    if (row.status !== 'active') this.refuse(row, 'discontinued');
    const prescriberId = row.prescriberId;
    if (!prescriberId || row.prescriberRole !== 'doctor' || !row.prescriberActive) this.refuse(row, 'noPrescriber');
    if (await this.hasOpen(medicationId)) this.refuse(row, 'alreadyRequested');
    return { ...row, prescriberId };
  }

  /**
   * The request and the prescriber's task, and a medication_update to both once committed. A
   * request already open (two at once: the partial unique index lets one through) is refused.
   */
  async create(
    medication: { id: string; patientId: string; prescriberId: string },
    values: { note: string | null; taskTitle: string; timestamp: string },
  ) {
    const { id: medicationId, patientId, prescriberId } = medication;
    const [request] = await this.db
      .insert(refillRequests)
      .values({ medicationId, patientId, prescriberId, note: values.note })
      .onConflictDoNothing()
      .returning();
    if (!request) this.refuse(medication, 'alreadyRequested');
    await this.db.insert(tasks).values({
      assigneeId: prescriberId,
      patientId,
      kind: 'refill-request',
      title: values.taskTitle,
      dueDate: addCalendarDays(values.timestamp.slice(0, 10), REFILL_TASK_DUE_DAYS),
      refillRequestId: request.id,
    });
    this.audit.note({
      action: ACTION,
      resourceType: 'refill_request',
      resourceId: request.id,
      patients: [patientId],
      details: { medicationId, prescriberId, withNote: values.note !== null },
    });
    this.effects.push({
      recipients: [patientId, prescriberId],
      event: {
        type: 'medication_update',
        action: 'updated',
        patientId,
        medicationId,
        doctorId: prescriberId,
        reason: 'refill_requested',
        timestamp: values.timestamp,
      },
    });
    return request;
  }

  /** A patient's requests, newest first, noted under the patient. */
  async list(patientId: string) {
    const action = 'medication.refill-requests.list';
    await this.reachPatient(patientId, action);
    const rows = await this.db
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
        decisionReason: refillRequests.decisionReason,
      })
      .from(refillRequests)
      .leftJoin(prescribers, eq(prescribers.id, refillRequests.prescriberId))
      .where(eq(refillRequests.patientId, patientId))
      .orderBy(desc(refillRequests.createdAt), desc(refillRequests.id));
    this.audit.read(action, 'patient', patientId, [patientId], { count: rows.length });
    return rows;
  }

  /** The requests waiting for the caller's decision, oldest first, among the patients they reach. */
  async pending() {
    const rows = await this.db
      .select({
        ...this.decisionColumns(),
        drugCode: medications.drugCode,
        strength: medications.strength,
        dosage: medications.dosage,
        frequency: medications.frequency,
      })
      .from(refillRequests)
      .innerJoin(medications, eq(medications.id, refillRequests.medicationId))
      .innerJoin(patients, eq(patients.id, refillRequests.patientId))
      .leftJoin(prescribers, eq(prescribers.id, refillRequests.prescriberId))
      .where(
        and(
          eq(refillRequests.prescriberId, this.scope.actor.userId),
          eq(refillRequests.status, 'requested'),
          this.scope.condition(refillRequests.patientId),
        ),
      )
      .orderBy(asc(refillRequests.createdAt), asc(refillRequests.id));
    this.audit.read('medication.refill-requests.pending', 'refill_request', null, [...new Set(rows.map((row) => row.patientId))], {
      count: rows.length,
    });
    return rows;
  }

  /**
   * A request addressed to the caller, among the patients they reach (anyone else's answers 404,
   * noted without naming anybody); one already decided is refused (409, noted).
   */
  async decidable(requestId: string) {
    const action = 'medication.refill-decision';
    const [row] = !isUuid(requestId)
      ? []
      : await this.db
          .select(this.decisionColumns())
          .from(refillRequests)
          .innerJoin(medications, eq(medications.id, refillRequests.medicationId))
          .innerJoin(patients, eq(patients.id, refillRequests.patientId))
          .leftJoin(prescribers, eq(prescribers.id, refillRequests.prescriberId))
          .where(
            and(
              eq(refillRequests.id, requestId),
              eq(refillRequests.prescriberId, this.scope.actor.userId),
              this.scope.condition(refillRequests.patientId),
            ),
          )
          .limit(1);
    if (!row) {
      this.audit.missed(action, 'refill_request', requestId);
      throw AppError.notFound();
    }
    if (row.status !== 'requested') this.alreadyDecided(row);
    return row;
  }

  /**
   * Records the decision, closes the prescriber's task for it (the system's own task: nobody ticks
   * it by hand), and refreshes the open medication views of the patient and the prescriber.
   */
  async decide(
    request: { id: string; patientId: string; medicationId: string; prescriberId: string | null },
    values: { decision: RefillDecision; reason: string | null; timestamp: string },
  ) {
    const decidedAt = new Date(values.timestamp);
    const [decided] = await this.db
      .update(refillRequests)
      .set({
        status: values.decision === 'approve' ? 'approved' : 'denied',
        decidedBy: this.scope.actor.userId,
        decidedAt,
        decisionReason: values.decision === 'deny' ? values.reason : null,
        updatedAt: decidedAt,
      })
      .where(and(eq(refillRequests.id, request.id), eq(refillRequests.status, 'requested')))
      .returning();
    // Two decisions at once: the row lock lets the first through, the second finds it decided.
    if (!decided) this.alreadyDecided(request);
    await this.db
      .update(tasks)
      .set({ status: 'done', completedAt: decidedAt, updatedAt: decidedAt })
      .where(and(eq(tasks.refillRequestId, request.id), eq(tasks.status, 'open')));
    this.audit.note({
      action: 'medication.refill-decision',
      resourceType: 'refill_request',
      resourceId: request.id,
      patients: [request.patientId],
      details: { decision: values.decision, medicationId: request.medicationId },
    });
    this.effects.push({
      recipients: [...new Set([request.patientId, this.scope.actor.userId])],
      event: {
        type: 'medication_update',
        action: 'updated',
        patientId: request.patientId,
        medicationId: request.medicationId,
        doctorId: this.scope.actor.userId,
        reason: values.decision === 'approve' ? 'refill_approved' : 'refill_denied',
        timestamp: values.timestamp,
      },
    });
    return decided;
  }

  private decisionColumns() {
    return {
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
      decisionReason: refillRequests.decisionReason,
      medicationName: medications.name,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    };
  }

  private alreadyDecided(request: { id: string; patientId: string }): never {
    this.audit.note({
      action: 'medication.refill-decision',
      outcome: 'failure',
      resourceType: 'refill_request',
      resourceId: request.id,
      patients: [request.patientId],
      details: { reason: 'already_decided' },
    });
    throw new AppError('CONFLICT', 'This refill request is already decided.');
  }

  private async hasOpen(medicationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refillRequests.id })
      .from(refillRequests)
      .where(and(eq(refillRequests.medicationId, medicationId), eq(refillRequests.status, 'requested')))
      .limit(1);
    return row !== undefined;
  }

  private refuse(medication: { id: string; patientId: string }, reason: Refusal): never {
    this.audit.note({
      action: ACTION,
      outcome: 'failure',
      resourceType: 'medication',
      resourceId: medication.id,
      patients: [medication.patientId],
      details: { reason },
    });
    throw new AppError(REFUSAL_CODES[reason], REFILL_REFUSALS[reason]);
  }
}

export type RefillRequestView = Awaited<ReturnType<RefillRequestsRepository['list']>>[number];
