import {
  REFILL_REFUSALS,
  type CreateRefillRequest,
  type RefillRequest,
  type RefillRequestListResponse,
} from '../../../contracts/refill-requests';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import type { EventBus } from '../../platform/events';
import { auditMissedRead, auditPatientReads, type ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RefillRequestsRepository, RefillRequestView } from './refill-requests.repository';

// Issue 7 item 5: a patient asks for a refill of one of their own active medications. The request
// goes to the medication's prescriber as a task (the tasks view) and a notification (the bell,
// pushed at once); a medication_update refreshes the open medication views of both.
//
// A medication prescribed outside the organisation, or whose prescriber no longer works here
// (deactivated, or no longer a doctor), has nobody to decide: the request is refused with a
// message saying so, rather than sent to someone who cannot prescribe it.

export class RefillRequestsService {
  constructor(
    private readonly repository: RefillRequestsRepository,
    private readonly notifications: NotificationsService,
    private readonly events: EventBus,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async request(patientId: string, medicationId: string, input: CreateRefillRequest, context: ReadContext): Promise<RefillRequest> {
    const medication = await this.repository.medicationOf(patientId, medicationId);
    if (!medication) {
      await auditMissedRead(this.audit, context, {
        action: 'medication.refill-request',
        resourceType: 'medication',
        resourceId: medicationId,
      });
      throw AppError.notFound();
    }
    const refuse = async (reason: keyof typeof REFILL_REFUSALS): Promise<never> => {
      await this.audit.record({
        ...context,
        action: 'medication.refill-request',
        outcome: 'failure',
        resourceType: 'medication',
        resourceId: medicationId,
        patientId,
        details: { reason },
      });
      throw new AppError('CONFLICT', REFILL_REFUSALS[reason]);
    };
    if (medication.status !== 'active') return refuse('discontinued');
    const prescriberId = medication.prescriberId;
    if (!prescriberId || medication.prescriberRole !== 'doctor' || !medication.prescriberActive) return refuse('noPrescriber');
    if (await this.repository.hasOpen(medicationId)) return refuse('alreadyRequested');

    const note = input.note ? input.note : null;
    const patientName = `${medication.patientFirstName} ${medication.patientLastName}`;
    const created = await this.repository.createWithTask({
      medicationId,
      patientId,
      prescriberId,
      note,
      taskTitle: `Refill request: ${medication.name} for ${patientName}`,
    });
    // Two requests at once: the database let one through.
    if (!created) return refuse('alreadyRequested');

    await this.audit.record({
      ...context,
      action: 'medication.refill-request',
      outcome: 'success',
      resourceType: 'refill_request',
      resourceId: created.id,
      patientId,
      details: { medicationId, prescriberId, withNote: note !== null },
    });
    await this.notifications.notify(prescriberId, {
      type: 'other',
      priority: 'medium',
      title: 'Refill requested',
      message: `${patientName} asks for a refill of ${medication.name}.`,
      actionUrl: '/tasks',
      metadata: { patientName },
      code: 'medication.refill_requested',
      params: { patient: patientName, medication: medication.name },
    });
    await this.events.publish({
      recipients: [patientId, prescriberId],
      event: {
        type: 'medication_update',
        action: 'updated',
        patientId,
        medicationId,
        doctorId: prescriberId,
        reason: 'refill_requested',
        timestamp: this.now().toISOString(),
      },
    });
    return toRefillRequest({
      ...created,
      prescriberFirstName: medication.prescriberFirstName,
      prescriberLastName: medication.prescriberLastName,
    });
  }

  async listForPatient(scope: PatientScope, patientId: string, context: ReadContext): Promise<RefillRequestListResponse> {
    if (!(await scope.reaches(patientId))) {
      await auditMissedRead(this.audit, context, {
        action: 'medication.refill-requests.list',
        resourceType: 'patient',
        resourceId: patientId,
      });
      throw AppError.notFound();
    }
    const rows = await this.repository.forPatient(patientId);
    await auditPatientReads(
      this.audit,
      context,
      { action: 'medication.refill-requests.list', resourceType: 'patient', resourceId: patientId, details: { count: rows.length } },
      [patientId],
    );
    return { data: rows.map(toRefillRequest) };
  }
}

function toRefillRequest(
  row: Omit<RefillRequestView, 'prescriberFirstName' | 'prescriberLastName'> & {
    prescriberFirstName: string | null;
    prescriberLastName: string | null;
  },
): RefillRequest {
  return {
    id: row.id,
    medicationId: row.medicationId,
    patientId: row.patientId,
    status: row.status,
    note: row.note,
    prescriberId: row.prescriberId,
    prescribedBy: row.prescriberFirstName ? `Dr. ${row.prescriberFirstName} ${row.prescriberLastName}` : null,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
