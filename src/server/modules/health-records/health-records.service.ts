import type {
  Allergy,
  LabPanel,
  LabResultListResponse,
  PatientChart,
  Vital,
  VitalListResponse,
  VitalType,
} from '../../../contracts/health-records';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import { auditMissedRead, auditPatientReads, type ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { MedicationsService } from '../medications/medications.service';
import type { HealthRecordsRepository } from './health-records.repository';

// Reads of a patient's chart: vitals, lab results, allergies, and the whole chart at once. Each
// request is one audit event under the patient (or one failure when out of reach). Lab panels
// reach the patient only once released; clinicians see them as soon as they are resulted.

type Repo = HealthRecordsRepository;

export class HealthRecordsService {
  constructor(
    private readonly repository: Repo,
    private readonly audit: AuditLog,
    private readonly appointments: AppointmentsService,
    private readonly medications: MedicationsService,
  ) {}

  async vitals(
    scope: PatientScope,
    patientId: string,
    query: { type?: VitalType; limit: number },
    context: ReadContext,
  ): Promise<VitalListResponse> {
    await this.reach(scope, patientId, 'vitals.list', context);
    const rows = await this.repository.vitals(patientId, query.type, query.limit);
    await this.audited(context, 'vitals.list', patientId, { count: rows.length, type: query.type ?? null });
    return { data: rows.map(toVital) };
  }

  async labResults(scope: PatientScope, patientId: string, context: ReadContext): Promise<LabResultListResponse> {
    await this.reach(scope, patientId, 'lab-result.list', context);
    const panels = await this.repository.labPanels(patientId, releasedOnly(scope));
    await this.audited(context, 'lab-result.list', patientId, { count: panels.length });
    return { data: panels.map(toLabPanel) };
  }

  async allergies(scope: PatientScope, patientId: string, context: ReadContext): Promise<{ data: Allergy[] }> {
    await this.reach(scope, patientId, 'allergy.list', context);
    const rows = await this.repository.allergies(patientId);
    await this.audited(context, 'allergy.list', patientId, { count: rows.length });
    return { data: rows.map(toAllergy) };
  }

  /** GET /api/patients/{id}/complete: everything at once, one audit event. */
  async chart(scope: PatientScope, patientId: string, context: ReadContext): Promise<{ data: PatientChart }> {
    await this.reach(scope, patientId, 'chart.read', context);
    const r = this.repository;
    const [
      patient,
      allergyRows,
      medications,
      problems,
      immunizations,
      medicalHistory,
      familyHistory,
      latestVitals,
      panels,
      appointments,
      documents,
    ] = await Promise.all([
      r.patientSummary(patientId),
      r.allergies(patientId),
      this.medications.forChart(patientId),
      r.problems(patientId),
      r.immunizations(patientId),
      r.medicalHistory(patientId),
      r.familyHistory(patientId),
      r.latestVitals(patientId),
      r.labPanels(patientId, releasedOnly(scope)),
      this.appointments.forChart(patientId),
      r.documents(patientId),
    ]);
    if (!patient) throw AppError.notFound();
    await this.audited(context, 'chart.read', patientId, { labPanels: panels.length, appointments: appointments.length });
    return {
      data: {
        patient: { ...patient, name: `${patient.firstName} ${patient.lastName}` },
        allergies: allergyRows.map(toAllergy),
        medications,
        problems: problems.map((p) => ({
          id: p.id,
          icd10Code: p.icd10Code,
          description: p.description,
          status: p.status,
          onsetDate: p.onsetDate,
          resolvedDate: p.resolvedDate,
        })),
        immunizations: immunizations.map((i) => ({
          id: i.id,
          cvxCode: i.cvxCode,
          name: i.name,
          administeredOn: i.administeredOn,
          doseNumber: i.doseNumber,
          lotNumber: i.lotNumber,
        })),
        medicalHistory: medicalHistory.map((m) => ({
          id: m.id,
          category: m.category,
          description: m.description,
          occurredOn: m.occurredOn,
          notes: m.notes,
        })),
        familyHistory: familyHistory.map((f) => ({
          id: f.id,
          relationship: f.relationship,
          condition: f.condition,
          icd10Code: f.icd10Code,
          onsetAge: f.onsetAge,
        })),
        latestVitals: latestVitals.map(toVital),
        labResults: panels.map(toLabPanel),
        appointments,
        documents: documents.map((d) => ({
          id: d.id,
          category: d.category,
          filename: d.filename,
          mimeType: d.mimeType,
          sizeBytes: d.sizeBytes,
          origin: d.origin,
          uploadedAt: d.createdAt.toISOString(),
        })),
      },
    };
  }

  /** 404 (audited, attributed to nobody) unless the patient is in the caller's reach. */
  private async reach(scope: PatientScope, patientId: string, action: string, context: ReadContext): Promise<void> {
    if (await scope.reaches(patientId)) return;
    await auditMissedRead(this.audit, context, { action, resourceType: 'patient', resourceId: patientId });
    throw AppError.notFound();
  }

  private audited(context: ReadContext, action: string, patientId: string, details: Record<string, unknown>): Promise<void> {
    return auditPatientReads(this.audit, context, { action, resourceType: 'patient', resourceId: patientId, details }, [patientId]);
  }
}

/** Patients see released results only; clinicians review them before release. */
function releasedOnly(scope: PatientScope): boolean {
  return scope.actor.role === 'patient';
}

function toVital(row: Awaited<ReturnType<Repo['vitals']>>[number]): Vital {
  return {
    id: row.id,
    patientId: row.patientId,
    type: row.type,
    value: row.value,
    unit: row.unit,
    measuredAt: row.measuredAt.toISOString(),
    source: row.source,
  };
}

function toAllergy(row: Awaited<ReturnType<Repo['allergies']>>[number]): Allergy {
  return {
    id: row.id,
    patientId: row.patientId,
    allergen: row.allergen,
    type: row.type,
    severity: row.severity,
    reaction: row.reaction,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function toLabPanel(row: Awaited<ReturnType<Repo['labPanels']>>[number]): LabPanel {
  return {
    id: row.id,
    patientId: row.patientId,
    panelCode: row.panelCode,
    panelName: row.panelName,
    status: row.status,
    orderedBy: row.orderedByFirstName ? `Dr. ${row.orderedByFirstName} ${row.orderedByLastName}` : null,
    orderedAt: row.orderedAt.toISOString(),
    collectedAt: row.collectedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    components: row.components.map((c) => ({
      id: c.id,
      loincCode: c.loincCode,
      name: c.name,
      value: c.value,
      unit: c.unit,
      referenceLow: c.referenceLow,
      referenceHigh: c.referenceHigh,
      flag: c.flag,
    })),
  };
}
