import type { Medication, MedicationListResponse, MedicationStatus } from '../../../contracts/medications';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { MedicationsRepository, type MedicationRowView } from './medications.repository';

// One patient's current and past medications. Reach and audit are the repository's: a patient
// outside the caller's reach answers 404, and each request is one audit event under the patient.

export interface MedicationsServiceOptions {
  /** The context of work done for nobody signed in (a share link opened by anyone holding it). */
  system: () => AccessContext;
}

export class MedicationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: MedicationsServiceOptions,
  ) {}

  listForPatient(ctx: AccessContext, patientId: string, status: MedicationStatus | undefined): Promise<MedicationListResponse> {
    return this.uow.read(ctx, async (work) => ({
      data: (await work.use(MedicationsRepository).list(patientId, status)).map(toMedication),
    }));
  }

  /** For the chart, in its work: the chart's repository has checked reach and notes the read. */
  async forChartIn(work: Work, patientId: string): Promise<Medication[]> {
    return (await work.use(MedicationsRepository).forChart(patientId)).map(toMedication);
  }

  /** The active medications a share link shows: the caller holds the link, and notes its opening. */
  sharedBy(patientId: string): Promise<Medication[]> {
    return this.uow.read(this.options.system(), async (work) =>
      (await work.use(MedicationsRepository).sharedBy(patientId)).map(toMedication),
    );
  }
}

function toMedication(row: MedicationRowView): Medication {
  return {
    id: row.id,
    patientId: row.patientId,
    name: row.name,
    dosage: row.dosage,
    frequency: row.frequency,
    route: row.route,
    instructions: row.instructions,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    prescribedBy: row.prescriberFirstName ? `Dr. ${row.prescriberFirstName} ${row.prescriberLastName}` : null,
    prescriberId: row.prescriberId,
    createdAt: row.createdAt.toISOString(),
  };
}
