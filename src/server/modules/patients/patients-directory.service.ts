import type { PatientDetail, PatientListResponse, PatientSort, PatientSummary } from '../../../contracts/patient-directory';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { PatientsDirectoryRepository, type PatientDetailRow, type PatientSummaryRow } from './patients-directory.repository';

// GET /api/patients and /api/patients/{id}. Reach and audit are the repository's: one audit event
// per request, naming every patient whose data it returned.

export class PatientsDirectoryService {
  constructor(private readonly uow: UnitOfWork) {}

  list(
    ctx: AccessContext,
    query: { search?: string; dateOfBirth?: string; sort: PatientSort; page: number; pageSize: number },
  ): Promise<PatientListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(PatientsDirectoryRepository).list(query);
      return { data: rows.map(toSummary), page: query.page, pageSize: query.pageSize, total };
    });
  }

  /** The first `limit` patients the caller reaches, by name, for a report; noted as a list naming each one. */
  listForReport(ctx: AccessContext, limit: number): Promise<{ patients: PatientSummary[]; total: number }> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(PatientsDirectoryRepository).list({ sort: 'name', page: 1, pageSize: limit });
      return { patients: rows.map(toSummary), total };
    });
  }

  /** How many patients a patient list report would hold before its row cap. */
  countForReport(ctx: AccessContext): Promise<number> {
    return this.uow.read(ctx, (work) => work.use(PatientsDirectoryRepository).count());
  }

  read(ctx: AccessContext, patientId: string): Promise<{ data: PatientDetail }> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(PatientsDirectoryRepository);
      const row = await repository.find(patientId);
      return { data: toDetail(row, repository.clinical) };
    });
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
