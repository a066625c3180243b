import { knownDrugCode } from '../../../contracts/drug-catalogue';
import { personNameOf } from '../../../contracts/person-name';
import { NOTIFICATION_LINKS, patientNameParams } from '../../../contracts/notifications';
import type {
  CreateRefillRequest,
  DecideRefill,
  PendingRefill,
  RefillRequest,
  RefillRequestListResponse,
} from '../../../contracts/refill-requests';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import { RefillRequestsRepository, type RefillRequestView } from './refill-requests.repository';

// A patient asks for a refill of one of their own active medications (docs/product.md). The request
// goes to the medication's prescriber as a task (the tasks view) and a notification (the bell,
// pushed once the write commits); a medication_update refreshes the open medication views of both.
//
// A medication prescribed outside the organisation, or whose prescriber no longer works here
// (deactivated, or no longer a doctor), has nobody to decide: the request is refused with a
// message saying so, rather than sent to someone who cannot prescribe it.

export class RefillRequestsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's own medication; with an Idempotency-Key, a retry answers the first outcome. */
  request(ctx: AccessContext, medicationId: string, input: CreateRefillRequest): Promise<RefillRequest> {
    return this.uow.write(ctx, async (work) => {
      const refills = work.use(RefillRequestsRepository);
      const medication = await refills.requestable(medicationId);
      const note = input.note ? input.note : null;
      const patient = { firstName: medication.patientFirstName, lastName: medication.patientLastName };
      // The task title and the stored English text are the server's own; the bell and the task list order the parts.
      const patientName = `${patient.firstName} ${patient.lastName}`;
      const timestamp = this.now().toISOString();
      const created = await refills.create(medication, {
        note,
        taskTitle: `Refill request: ${medication.name} for ${patientName}`,
        timestamp,
      });
      await this.notifications.notifyIn(work, medication.prescriberId, {
        type: 'other',
        priority: 'medium',
        title: 'Refill requested',
        message: `${patientName} asks for a refill of ${medication.name}.`,
        actionUrl: NOTIFICATION_LINKS.tasks,
        metadata: patientNameParams(patient),
        code: 'medication.refill_requested',
        params: { ...patientNameParams(patient), medication: medication.name },
      });
      return toRefillRequest({
        ...created,
        prescriberFirstName: medication.prescriberFirstName,
        prescriberLastName: medication.prescriberLastName,
      });
    });
  }

  /** The requests waiting for the calling doctor, with the patient and medication to decide on. */
  pending(ctx: AccessContext): Promise<PendingRefill[]> {
    return this.uow.read(ctx, async (work) =>
      (await work.use(RefillRequestsRepository).pending()).map((row) => ({
        ...toRefillRequest(row),
        patient: { firstName: row.patientFirstName, lastName: row.patientLastName },
        medicationName: row.medicationName,
        drugCode: knownDrugCode(row.drugCode),
        strength: row.strength,
        dosage: row.dosage,
        frequency: row.frequency,
      })),
    );
  }

  /**
   * The prescriber approves or denies a request addressed to them. The patient is told (a
   * notification, pushed), their open views refresh, and the prescriber's task for it closes.
   */
  decide(ctx: AccessContext, requestId: string, input: DecideRefill): Promise<RefillRequest> {
    return this.uow.write(ctx, async (work) => {
      const refills = work.use(RefillRequestsRepository);
      const request = await refills.decidable(requestId);
      const reason = input.decision === 'deny' ? (input.reason ?? null) : null;
      const decided = await refills.decide(request, { decision: input.decision, reason, timestamp: this.now().toISOString() });
      const approved = input.decision === 'approve';
      await this.notifications.notifyIn(work, request.patientId, {
        type: 'other',
        priority: approved ? 'medium' : 'high',
        title: approved ? 'Refill approved' : 'Refill denied',
        message: approved
          ? `Your refill of ${request.medicationName} was approved.`
          : `Your refill of ${request.medicationName} was denied: ${reason}`,
        actionUrl: NOTIFICATION_LINKS.medications,
        metadata: {},
        code: approved ? 'medication.refill_approved' : 'medication.refill_denied',
        params: approved ? { medication: request.medicationName } : { medication: request.medicationName, reason: reason ?? '' },
      });
      return toRefillRequest({
        ...decided,
        prescriberFirstName: request.prescriberFirstName,
        prescriberLastName: request.prescriberLastName,
      });
    });
  }

  listForPatient(ctx: AccessContext, patientId: string): Promise<RefillRequestListResponse> {
    return this.uow.read(ctx, async (work) => ({ data: (await work.use(RefillRequestsRepository).list(patientId)).map(toRefillRequest) }));
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
    prescriber: row.prescriberFirstName ? personNameOf(row.prescriberFirstName, row.prescriberLastName) : null,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}
