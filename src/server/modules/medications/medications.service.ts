import type { Medication, MedicationListResponse, MedicationStatus } from '../../../contracts/medications';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import { auditMissedRead, auditPatientReads, type ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { Database } from '../../db/client';
import type { Work } from '../../platform/unit-of-work';
import { MedicationsRepository, type MedicationRowView } from './medications.repository';

// GET /api/medications/patient/{id}: one patient's current and past medications, audited.
export class MedicationsService {
  constructor(
    private readonly repository: MedicationsRepository,
    private readonly audit: AuditLog,
  ) {}

  async listForPatient(
    scope: PatientScope,
    patientId: string,
    status: MedicationStatus | undefined,
    context: ReadContext,
  ): Promise<MedicationListResponse> {
    if (!(await scope.reaches(patientId))) {
      await auditMissedRead(this.audit, context, { action: 'medication.list', resourceType: 'patient', resourceId: patientId });
      throw AppError.notFound();
    }
    const rows = await this.repository.forPatient(patientId, status);
    await auditPatientReads(
      this.audit,
      context,
      { action: 'medication.list', resourceType: 'patient', resourceId: patientId, details: { count: rows.length } },
      [patientId],
    );
    return { data: rows.map(toMedication) };
  }

  /** For the chart: the caller has checked reach and audits the chart read. */
  async forChart(patientId: string): Promise<Medication[]> {
    return (await this.repository.forPatient(patientId)).map(toMedication);
  }

  /** For the chart, in its work: the chart's repository has checked reach and notes the read. */
  async forChartIn(work: Work, patientId: string): Promise<Medication[]> {
    return (await new MedicationsRepository(work.db).forPatient(patientId)).map(toMedication);
  }
}

/** The service on `db`: how other modules (the chart) use medications without this module's repository. */
export function createMedicationsService(db: Database, audit: AuditLog): MedicationsService {
  return new MedicationsService(new MedicationsRepository(db), audit);
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
