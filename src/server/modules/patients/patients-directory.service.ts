import type { PatientDetail, PatientListResponse, PatientSummary } from '../../../contracts/patient-directory';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { RequestContext } from './patients.service';
import type { PatientDetailRow, PatientsDirectoryRepository, PatientSummaryRow } from './patients-directory.repository';

// GET /api/patients and /api/patients/{id}. Every patient whose data leaves the server is on the
// audit trail under their own id (so their access log shows it); a miss is audited without one.

export class PatientsDirectoryService {
  constructor(
    private readonly repository: PatientsDirectoryRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(
    scope: PatientScope,
    query: { search?: string; page: number; pageSize: number },
    context: RequestContext,
  ): Promise<PatientListResponse> {
    const { rows, total } = await this.repository.list(scope, query);
    // The search text is not recorded: it may be a patient's name.
    const details = { page: query.page, count: rows.length, searched: Boolean(query.search) };
    if (rows.length === 0) {
      await this.audit.record({ ...context, action: 'patient.list', outcome: 'success', resourceType: 'patient', details });
    }
    for (const row of rows) {
      await this.audit.record({
        ...context,
        action: 'patient.list',
        outcome: 'success',
        resourceType: 'patient',
        resourceId: row.id,
        patientId: row.id,
        details,
      });
    }
    return { data: rows.map(toSummary), page: query.page, pageSize: query.pageSize, total };
  }

  async read(scope: PatientScope, patientId: string, context: RequestContext): Promise<PatientDetail> {
    const row = await this.repository.find(scope, patientId);
    if (!row) {
      // Not attributed to a patient: the id may name nobody, and out of reach must look the same.
      await this.audit.record({ ...context, action: 'patient.read', outcome: 'failure', resourceType: 'patient', resourceId: patientId });
      throw AppError.notFound();
    }
    await this.audit.record({
      ...context,
      action: 'patient.read',
      outcome: 'success',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
      details: { clinical: scope.phiAccess },
    });
    return toDetail(row, scope.phiAccess);
  }
}

function toSummary(row: PatientSummaryRow): PatientSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    medicalRecordNumber: row.medicalRecordNumber,
  };
}

function toDetail(row: PatientDetailRow, clinical: boolean): PatientDetail {
  return {
    ...toSummary(row),
    address: row.address,
    maritalStatus: row.maritalStatus,
    occupation: row.occupation,
    insuranceProvider: row.insuranceProvider,
    insurancePolicyNumber: row.insurancePolicyNumber,
    emergencyContact: row.emergencyContactName
      ? {
          name: row.emergencyContactName,
          phone: row.emergencyContactPhone ?? '',
          relationship: row.emergencyContactRelationship ?? 'Emergency Contact',
        }
      : null,
    preferredLanguage: row.preferredLanguage,
    country: row.country,
    clinical: clinical
      ? {
          bloodType: row.bloodType,
          allergies: row.reportedAllergies,
          medications: row.reportedMedications,
          medicalHistory: row.reportedConditions,
        }
      : null,
  };
}
