import { knownDrugCode } from '../../../contracts/drug-catalogue';
import { personNameOf } from '../../../contracts/person-name';
import type { Medication, MedicationListResponse, MedicationStatus } from '../../../contracts/medications';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { MedicationsRepository, type MedicationRowView } from './medications.repository';

// One patient's current and past medications. Reach and audit are the repository's: a patient
// outside the caller's reach answers 404, and each request is one audit event under the patient.

export class MedicationsService {
  constructor(private readonly uow: UnitOfWork) {}

  listForPatient(ctx: AccessContext, patientId: string, status: MedicationStatus | undefined): Promise<MedicationListResponse> {
    return this.uow.read(ctx, async (work) => ({
      data: (await work.use(MedicationsRepository).list(patientId, status)).map(toMedication),
    }));
  }

  /** For the chart, in its work: the chart's repository has checked reach and notes the read. */
  async forChartIn(work: Work, patientId: string): Promise<Medication[]> {
    return (await work.use(MedicationsRepository).forChart(patientId)).map(toMedication);
  }

  /**
   * The active medications a share link shows, in the share-links module's work: whoever holds the
   * link may see them, and that module has checked the link and notes its opening.
   */
  async sharedIn(work: Work, patientId: string): Promise<Medication[]> {
    return (await work.use(MedicationsRepository).sharedBy(patientId)).map(toMedication);
  }
}

function toMedication(row: MedicationRowView): Medication {
  return {
    id: row.id,
    patientId: row.patientId,
    name: row.name,
    drugCode: knownDrugCode(row.drugCode),
    strength: row.strength,
    dosage: row.dosage,
    frequency: row.frequency,
    route: row.route,
    instructions: row.instructions,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    prescriber: row.prescriberFirstName ? personNameOf(row.prescriberFirstName, row.prescriberLastName) : null,
    prescriberId: row.prescriberId,
    createdAt: row.createdAt.toISOString(),
  };
}
