import { PROBLEM_CODES, VACCINE_CODES } from '../../../contracts/clinical-catalogue';
import { VITAL_DEFINITIONS, type Allergy, type Vital, type VitalType } from '../../../contracts/health-records';
import {
  bodyMassIndex,
  ENTERED_VITALS,
  type allergyCreateSchema,
  type allergyUpdateSchema,
  type immunizationCreateSchema,
  type immunizationUpdateSchema,
  type problemCreateSchema,
  type problemUpdateSchema,
  type VitalsEntry,
} from '../../../contracts/patient-chart';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import type { z } from 'zod';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { ChartEntriesRepository } from './chart-entries.repository';

// A clinician's changes to a chart, one write each: the change, its audit event and the pushes to
// the patient and their doctors commit together. Values are checked by the contract (plausible
// ranges, allow-listed codes); what needs the clock or the chart is checked here.

type Out<S extends z.ZodType> = z.output<S>;
type ReachAction = Parameters<ChartEntriesRepository['reach']>[1];

/** A reading may be entered a little ahead of the server's clock (a device's), never later than this. */
const CLOCK_SKEW_MS = 5 * 60_000;

export class ChartEntriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** 404 before the body is read, for a patient out of the caller's reach. */
  reach(ctx: AccessContext, patientId: string, action: ReachAction): Promise<void> {
    return this.uow.read(ctx, (work) => work.use(ChartEntriesRepository).reach(patientId, action));
  }

  /**
   * POST /api/patients/{id}/vitals. Each reading in its unit; a body mass index is added whenever a
   * weight or a height is entered and the other is known (entered now, or the latest on record).
   */
  recordVitals(ctx: AccessContext, patientId: string, entry: VitalsEntry): Promise<{ data: Vital[] }> {
    const now = this.now();
    const measuredAt = entry.measuredAt ? new Date(entry.measuredAt) : now;
    if (measuredAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { measuredAt: englishValidationMessage('date.future') });
    }
    if (measuredAt.getUTCFullYear() < 1900) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { measuredAt: englishValidationMessage('date.outOfRange') });
    }
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(ChartEntriesRepository);
      await repository.reach(patientId, 'vitals.record');
      const readings: { type: VitalType; value: number; unit: string }[] = ENTERED_VITALS.flatMap((type) => {
        const value = entry[type];
        return value === undefined ? [] : [{ type, value, unit: VITAL_DEFINITIONS[type].unit }];
      });
      if (entry.weight !== undefined || entry.height !== undefined) {
        const weight = entry.weight ?? (await repository.latest(patientId, 'weight'));
        const height = entry.height ?? (await repository.latest(patientId, 'height'));
        if (weight !== null && height !== null)
          readings.push({ type: 'bmi', value: bodyMassIndex(weight, height), unit: VITAL_DEFINITIONS.bmi.unit });
      }
      const rows = await repository.recordVitals(patientId, readings, measuredAt, now.toISOString());
      return {
        data: rows.map((row) => ({
          id: row.id,
          patientId: row.patientId,
          type: row.type,
          value: Number(row.value),
          unit: row.unit,
          measuredAt: row.measuredAt.toISOString(),
          source: row.source,
        })),
      };
    });
  }

  addAllergy(ctx: AccessContext, patientId: string, input: Out<typeof allergyCreateSchema>): Promise<{ data: Allergy }> {
    return this.uow.write(ctx, async (work) => {
      const row = await work
        .use(ChartEntriesRepository)
        .addAllergy(patientId, { ...input, reaction: input.reaction ?? null, status: 'active' }, this.now().toISOString());
      return { data: toAllergy(row) };
    });
  }

  updateAllergy(
    ctx: AccessContext,
    patientId: string,
    entryId: string,
    input: Out<typeof allergyUpdateSchema>,
  ): Promise<{ data: Allergy }> {
    const { version, ...changes } = input;
    return this.uow.write(ctx, async (work) => {
      const row = await work
        .use(ChartEntriesRepository)
        .updateAllergy(patientId, entryId, version, { ...changes, reaction: changes.reaction ?? null }, this.now().toISOString());
      return { data: toAllergy(row) };
    });
  }

  addProblem(ctx: AccessContext, patientId: string, input: Out<typeof problemCreateSchema>) {
    return this.uow.write(ctx, async (work) => {
      const row = await work.use(ChartEntriesRepository).addProblem(
        patientId,
        {
          icd10Code: input.icd10Code,
          description: PROBLEM_CODES[input.icd10Code],
          status: input.status,
          onsetDate: input.onsetDate,
          resolvedDate: input.resolvedDate,
        },
        this.now().toISOString(),
      );
      return { data: toProblem(row) };
    });
  }

  updateProblem(ctx: AccessContext, patientId: string, entryId: string, input: Out<typeof problemUpdateSchema>) {
    const { version, ...changes } = input;
    return this.uow.write(ctx, async (work) => {
      const row = await work.use(ChartEntriesRepository).updateProblem(patientId, entryId, version, changes, this.now().toISOString());
      return { data: toProblem(row) };
    });
  }

  addImmunization(ctx: AccessContext, patientId: string, input: Out<typeof immunizationCreateSchema>) {
    return this.uow.write(ctx, async (work) => {
      const row = await work.use(ChartEntriesRepository).addImmunization(
        patientId,
        {
          cvxCode: input.cvxCode,
          name: VACCINE_CODES[input.cvxCode],
          administeredOn: input.administeredOn,
          doseNumber: input.doseNumber,
          lotNumber: input.lotNumber ?? null,
        },
        this.now().toISOString(),
      );
      return { data: toImmunization(row) };
    });
  }

  updateImmunization(ctx: AccessContext, patientId: string, entryId: string, input: Out<typeof immunizationUpdateSchema>) {
    const { version, ...changes } = input;
    return this.uow.write(ctx, async (work) => {
      const row = await work
        .use(ChartEntriesRepository)
        .updateImmunization(patientId, entryId, version, { ...changes, lotNumber: changes.lotNumber ?? null }, this.now().toISOString());
      return { data: toImmunization(row) };
    });
  }
}

type AllergyRow = Awaited<ReturnType<ChartEntriesRepository['addAllergy']>>;
type ProblemRow = Awaited<ReturnType<ChartEntriesRepository['addProblem']>>;
type ImmunizationRow = Awaited<ReturnType<ChartEntriesRepository['addImmunization']>>;

function toAllergy(row: AllergyRow): Allergy {
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

function toProblem(row: ProblemRow) {
  return {
    id: row.id,
    icd10Code: row.icd10Code,
    description: row.description,
    status: row.status,
    onsetDate: row.onsetDate,
    resolvedDate: row.resolvedDate,
    version: row.version,
  };
}

function toImmunization(row: ImmunizationRow) {
  return {
    id: row.id,
    cvxCode: row.cvxCode,
    name: row.name,
    administeredOn: row.administeredOn,
    doseNumber: row.doseNumber,
    lotNumber: row.lotNumber,
    version: row.version,
  };
}
