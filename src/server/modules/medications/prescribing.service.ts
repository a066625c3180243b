import { personNameOf } from '../../../contracts/person-name';
import { addCalendarDays } from '../../../contracts/dates';
import { DRUG_CATALOGUE, drugForName, drugProductText, knownDrugCode, type DrugCode } from '../../../contracts/drug-catalogue';
import type { MedicationStatus } from '../../../contracts/medications';
import type {
  CreatePrescription,
  Prescription,
  PrescriptionCheck,
  PrescriptionListResponse,
  PrescriptionWarning,
} from '../../../contracts/prescribing';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { PrescribingRepository, type PrescriptionRowView } from './prescribing.repository';
import { prescriptionWarnings } from './prescription-checks';

// Prescribing by a doctor, for the patients in their care. A prescription with warnings (an active
// allergy, duplicate therapy, a known interaction) is written only with the prescriber's reason to
// go ahead, kept on the medication; without it the server refuses and writes nothing. Renewing
// writes a new prescription from today with the same drug and stops the old one.

export interface PrescribingOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  now?: () => Date;
}

export class PrescribingService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: PrescribingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  listForDoctor(
    ctx: AccessContext,
    doctorId: string,
    query: { status?: MedicationStatus; page: number; pageSize: number },
  ): Promise<PrescriptionListResponse> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(PrescribingRepository);
      await repository.prescriber(doctorId);
      const { rows, total } = await repository.listForDoctor(doctorId, query.status, query.page, query.pageSize);
      return { data: rows.map(toPrescription), page: query.page, pageSize: query.pageSize, total };
    });
  }

  /** The warnings a prescription of this drug for this patient would raise now. */
  check(ctx: AccessContext, input: PrescriptionCheck): Promise<PrescriptionWarning[]> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(PrescribingRepository);
      const { allergies, current } = await repository.checkable(input.patientId, 'medication.check');
      const warnings = prescriptionWarnings(
        drugOf(input),
        allergies,
        current.filter((m) => m.id !== input.renewsMedicationId),
      );
      repository.noteCheck(input.patientId, warnings);
      return warnings;
    });
  }

  prescribe(ctx: AccessContext, input: CreatePrescription): Promise<Prescription> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PrescribingRepository);
      const prescriberId = work.scope.actor.userId;
      const { allergies, current } = await repository.checkable(input.patientId, 'medication.prescribe');
      const drug = drugOf(input);
      const warnings = prescriptionWarnings(drug, allergies, current);
      const overrideReason = input.overrideReason ? input.overrideReason : null;
      if (warnings.length > 0 && !overrideReason) repository.refuseWithoutReason(input.patientId, 'prescribed', warnings);
      const startDate = this.today();
      const durationDays = input.durationDays ?? null;
      const id = await repository.insert(
        {
          patientId: input.patientId,
          name: input.drugCode ? drugProductText(input.drugCode, input.strength) : `${drug.name} ${input.strength}`,
          drugCode: input.drugCode ?? null,
          strength: input.strength,
          dosage: input.dose,
          route: input.route,
          frequency: input.frequency,
          durationDays,
          quantity: input.quantity,
          refills: input.refills,
          instructions: input.instructions ? input.instructions : null,
          startDate,
          endDate: durationDays ? addCalendarDays(startDate, durationDays - 1) : null,
          status: 'active',
          prescribedBy: prescriberId,
          overrideReason: warnings.length > 0 ? overrideReason : null,
        },
        'prescribed',
        { drugCode: input.drugCode ?? null, warnings: warnings.map((w) => w.kind), overridden: warnings.length > 0 },
        this.now().toISOString(),
      );
      return toPrescription(await repository.medication(id, 'medication.renew'));
    });
  }

  discontinue(ctx: AccessContext, medicationId: string, reason: string): Promise<Prescription> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PrescribingRepository);
      const medication = await repository.medication(medicationId, 'medication.discontinue');
      await repository.discontinue(medication, reason, this.today(), this.now().toISOString());
      return toPrescription(await repository.medication(medicationId, 'medication.discontinue'));
    });
  }

  /** A new prescription of the same drug from today by the caller; the old one, if still active, stops. */
  renew(ctx: AccessContext, medicationId: string, input: { overrideReason?: string }): Promise<Prescription> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PrescribingRepository);
      const old = await repository.medication(medicationId, 'medication.renew');
      const { allergies, current } = await repository.checkable(old.patientId, 'medication.prescribe');
      const code = knownDrugCode(old.drugCode) ?? drugForName(old.name);
      const warnings = prescriptionWarnings(
        { code, name: old.name },
        allergies,
        current.filter((m) => m.id !== old.id),
      );
      const overrideReason = input.overrideReason ? input.overrideReason : null;
      if (warnings.length > 0 && !overrideReason) repository.refuseWithoutReason(old.patientId, 'renewed', warnings);
      const timestamp = this.now().toISOString();
      const startDate = this.today();
      if (old.status === 'active') await repository.discontinue(old, 'Renewed', startDate, timestamp, old.id);
      const id = await repository.insert(
        {
          patientId: old.patientId,
          name: old.name,
          drugCode: code,
          strength: old.strength,
          dosage: old.dosage,
          route: old.route,
          frequency: old.frequency,
          durationDays: old.durationDays,
          quantity: old.quantity,
          refills: old.refills,
          instructions: old.instructions,
          startDate,
          endDate: old.durationDays ? addCalendarDays(startDate, old.durationDays - 1) : null,
          status: 'active',
          prescribedBy: work.scope.actor.userId,
          overrideReason: warnings.length > 0 ? overrideReason : null,
        },
        'renewed',
        { renews: old.id, warnings: warnings.map((w) => w.kind), overridden: warnings.length > 0 },
        timestamp,
      );
      return toPrescription(await repository.medication(id, 'medication.renew'));
    });
  }

  /** Today's calendar day at the clinic: a prescription starts on the clinic's day. */
  private today(): string {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: this.options.clinic.timeZone(),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(this.now());
  }
}

function drugOf(input: { drugCode?: DrugCode | null; drugName?: string }): { code: DrugCode | null; name: string } {
  return input.drugCode ? { code: input.drugCode, name: DRUG_CATALOGUE[input.drugCode].name } : { code: null, name: input.drugName ?? '' };
}

function toPrescription(row: PrescriptionRowView): Prescription {
  return {
    id: row.id,
    patientId: row.patientId,
    patient: { firstName: row.patientFirstName, lastName: row.patientLastName },
    name: row.name,
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
    drugCode: knownDrugCode(row.drugCode),
    strength: row.strength,
    quantity: row.quantity,
    refills: row.refills,
    durationDays: row.durationDays,
    overrideReason: row.overrideReason,
    discontinuedReason: row.discontinuedReason,
  };
}
