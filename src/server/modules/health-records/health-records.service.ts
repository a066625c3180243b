import { ageInYears } from '../../../contracts/patient-age';
import {
  CHART_LIMITS,
  type Allergy,
  type ChartAlert,
  type LabPanel,
  type LabResultListResponse,
  type PatientChart,
  type Vital,
  type VitalListResponse,
  type VitalType,
} from '../../../contracts/health-records';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { ClinicalNotesService } from '../clinical-notes/clinical-notes.service';
import type { MedicationsService } from '../medications/medications.service';
import { HealthRecordsRepository } from './health-records.repository';

// Reads of a patient's chart: vitals, lab results, allergies, and the whole chart at once. Reach
// and audit are the repository's: a patient outside the caller's reach answers 404, and each
// request is one audit event under the patient.

type Repo = HealthRecordsRepository;

export class HealthRecordsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly appointments: AppointmentsService,
    private readonly medications: MedicationsService,
    private readonly clinicalNotes: Pick<ClinicalNotesService, 'summariesForChartIn'>,
    /** The clock the chart's ages are counted on. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  vitals(ctx: AccessContext, patientId: string, query: { type?: VitalType; limit: number }): Promise<VitalListResponse> {
    return this.uow.read(ctx, async (work) => {
      const rows = await work.use(HealthRecordsRepository).vitals(patientId, query.type, query.limit);
      return { data: rows.map(toVital) };
    });
  }

  labResults(ctx: AccessContext, patientId: string): Promise<LabResultListResponse> {
    return this.uow.read(ctx, async (work) => {
      const panels = await work.use(HealthRecordsRepository).labResults(patientId);
      return { data: panels.map(toLabPanel) };
    });
  }

  allergies(ctx: AccessContext, patientId: string): Promise<{ data: Allergy[] }> {
    return this.uow.read(ctx, async (work) => {
      const rows = await work.use(HealthRecordsRepository).allergyList(patientId);
      return { data: rows.map(toAllergy) };
    });
  }

  /** GET /api/patients/{id}/complete: everything at once, one audit event. */
  chart(ctx: AccessContext, patientId: string): Promise<{ data: PatientChart }> {
    return this.uow.read(ctx, async (work) => {
      const chart = await work.use(HealthRecordsRepository).chart(patientId);
      const [medications, appointments, visitSummaries] = await Promise.all([
        this.medications.forChartIn(work, patientId),
        this.appointments.forChartIn(work, patientId, CHART_LIMITS.appointments),
        this.clinicalNotes.summariesForChartIn(work, patientId),
      ]);
      const { patient } = chart;
      const labResults = chart.labPanels.map(toLabPanel);
      const allergies = chart.allergies.map(toAllergy);
      return {
        data: {
          patient: {
            id: patient.id,
            firstName: patient.firstName,
            lastName: patient.lastName,
            name: `${patient.firstName} ${patient.lastName}`,
            email: patient.email,
            phone: patient.phone,
            dateOfBirth: patient.dateOfBirth,
            gender: patient.gender,
            medicalRecordNumber: patient.medicalRecordNumber,
          },
          header: {
            age: ageInYears(patient.dateOfBirth, this.now().toISOString().slice(0, 10)),
            bloodType: patient.bloodType,
            alerts: alertsOf(allergies, labResults),
          },
          demographics: {
            address: patient.address,
            preferredLanguage: patient.preferredLanguage,
            country: patient.country,
            maritalStatus: patient.maritalStatus,
            occupation: patient.occupation,
            insuranceProvider: patient.insuranceProvider,
            insurancePolicyNumber: patient.insurancePolicyNumber,
            emergencyContact: patient.emergencyContactName
              ? {
                  name: patient.emergencyContactName,
                  phone: patient.emergencyContactPhone ?? '',
                  relationship: patient.emergencyContactRelationship ?? 'Emergency Contact',
                }
              : null,
          },
          allergies,
          medications,
          problems: chart.problems.map((p) => ({
            id: p.id,
            icd10Code: p.icd10Code,
            description: p.description,
            status: p.status,
            onsetDate: p.onsetDate,
            resolvedDate: p.resolvedDate,
            version: p.version,
          })),
          immunizations: chart.immunizations.map((i) => ({
            id: i.id,
            cvxCode: i.cvxCode,
            name: i.name,
            administeredOn: i.administeredOn,
            doseNumber: i.doseNumber,
            lotNumber: i.lotNumber,
            version: i.version,
          })),
          medicalHistory: chart.medicalHistory.map((m) => ({
            id: m.id,
            category: m.category,
            description: m.description,
            occurredOn: m.occurredOn,
            notes: m.notes,
          })),
          familyHistory: chart.familyHistory.map((f) => ({
            id: f.id,
            relationship: f.relationship,
            condition: f.condition,
            icd10Code: f.icd10Code,
            onsetAge: f.onsetAge,
          })),
          latestVitals: chart.latestVitals.map(toVital),
          vitalSeries: chart.vitalSeries.map(toVital),
          labResults,
          appointments,
          visitSummaries,
          documents: chart.documents.map((d) => ({
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
    });
  }
}

type ChartParts = Awaited<ReturnType<Repo['chart']>>;

/** What the header flags: a severe allergy still active, a critical result, results not yet released. */
function alertsOf(allergies: readonly Allergy[], labResults: readonly LabPanel[]): ChartAlert[] {
  const alerts: ChartAlert[] = [];
  if (allergies.some((a) => a.status === 'active' && a.severity === 'severe')) alerts.push('severe-allergy');
  if (labResults.some((panel) => panel.components.some((c) => c.flag === 'critical'))) alerts.push('critical-lab-result');
  // Only a clinician's chart holds unreleased panels: a patient's never does.
  if (labResults.some((panel) => panel.releasedAt === null && panel.status === 'resulted')) alerts.push('unreleased-lab-results');
  return alerts;
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

function toAllergy(row: ChartParts['allergies'][number]): Allergy {
  return {
    id: row.id,
    patientId: row.patientId,
    allergen: row.allergen,
    code: row.code,
    type: row.type,
    severity: row.severity,
    reaction: row.reaction,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

function toLabPanel(row: ChartParts['labPanels'][number]): LabPanel {
  return {
    id: row.id,
    patientId: row.patientId,
    panelCode: row.panelCode,
    panelName: row.panelName,
    status: row.status,
    orderer: row.orderedByFirstName ? { firstName: row.orderedByFirstName, lastName: row.orderedByLastName ?? '' } : null,
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
