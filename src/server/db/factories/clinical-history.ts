import { VITAL_DEFINITIONS, type VitalType } from '../../../contracts/health-records';
import { bulkInsert } from '../bulk-insert';
import type { Database } from '../client';
import {
  allergies,
  appointments,
  documentContents,
  documents,
  familyHistoryEntries,
  immunizations,
  labOrders,
  labResultComponents,
  medicalHistoryEntries,
  medications,
  parkingReservations,
  problems,
  vitals,
  type NewAllergyRow,
  type NewAppointmentRow,
  type NewDocumentContentRow,
  type NewDocumentRow,
  type NewFamilyHistoryEntryRow,
  type NewImmunizationRow,
  type NewLabOrderRow,
  type NewLabResultComponentRow,
  type NewMedicalHistoryEntryRow,
  type NewMedicationRow,
  type NewParkingReservationRow,
  type NewProblemRow,
  type NewVitalRow,
} from '../schema';
import { buildAppointment, freeSlot, type ClinicCalendar } from './appointments';
import {
  ALLERGENS,
  CONDITIONS,
  FAMILY_CONDITIONS,
  PAST_HISTORY,
  PAST_MEDICATIONS,
  RELATIVES,
  RESOLVED_PROBLEMS,
  VACCINES,
} from './clinical-profiles';
import { buildLabOrder, panel, type LabTendencies } from './lab-panels';
import type { Random } from './random';
import { simplePdf } from './simple-pdf';
import { cardPng } from './simple-png';

// A patient's whole history as rows, built in memory and inserted in bulk (the demo seed does this
// for every patient in a few statements). Everything is drawn from the seeded Random, relative to
// `now`, so "upcoming" appointments stay upcoming whenever the seed runs.

const DAY = 86_400_000;
const WEEK = 7 * DAY;

export interface ClinicalHistory {
  appointments: NewAppointmentRow[];
  parking: NewParkingReservationRow[];
  medications: NewMedicationRow[];
  allergies: NewAllergyRow[];
  labOrders: NewLabOrderRow[];
  labComponents: NewLabResultComponentRow[];
  vitals: NewVitalRow[];
  problems: NewProblemRow[];
  immunizations: NewImmunizationRow[];
  medicalHistory: NewMedicalHistoryEntryRow[];
  familyHistory: NewFamilyHistoryEntryRow[];
  documents: NewDocumentRow[];
  /** The bytes of each document, by its storage key. */
  documentContents: NewDocumentContentRow[];
}

export interface HistoryOptions {
  patientId: string;
  /** The patient's usual doctor first, then specialists they see; at least one. */
  careTeam: readonly string[];
  now: Date;
  /** "doctorId|iso" of slots already booked, shared across patients (see factories/appointments.ts). */
  takenSlots?: Set<string>;
  /** Months of weekly vitals. */
  months?: number;
  /** The clinic's zone and the doctors' working days, where appointments fall (UTC, Monday to Friday by default). */
  clinic?: ClinicCalendar;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

export function buildClinicalHistory(random: Random, options: HistoryOptions): ClinicalHistory {
  const { patientId, careTeam, now, clinic } = options;
  const taken = options.takenSlots ?? new Set<string>();
  const primary = careTeam[0]!;
  const conditions = random.sample(CONDITIONS, random.int(1, 2));
  const tendencies: LabTendencies = {};
  for (const condition of conditions) {
    for (const [loinc, shift] of Object.entries(condition.labs ?? {})) tendencies[loinc] = (tendencies[loinc] ?? 0) + shift!;
  }
  const history: ClinicalHistory = {
    appointments: [],
    parking: [],
    medications: [],
    allergies: [],
    labOrders: [],
    labComponents: [],
    vitals: [],
    problems: [],
    immunizations: [],
    medicalHistory: [],
    familyHistory: [],
    documents: [],
    documentContents: [],
  };

  // Appointments: past visits over about six months, then one or two coming up.
  const pastDays = [-random.int(150, 175), -random.int(95, 120), -random.int(45, 70), -random.int(8, 25)];
  for (const [index, days] of pastDays.entries()) {
    const doctorId = index === 1 && careTeam.length > 1 ? random.pick(careTeam.slice(1)) : primary;
    const roll = random.next();
    const status = index === 0 || roll < 0.8 ? 'completed' : roll < 0.9 ? 'cancelled' : 'no-show';
    const startsAt = freeSlot(random, now, doctorId, days, taken, clinic);
    history.appointments.push(buildAppointment(random, { patientId, doctorId, startsAt, status }));
  }
  const upcoming = [random.int(2, 12)];
  if (random.next() < 0.6) upcoming.push(random.int(16, 40));
  for (const days of upcoming) {
    const doctorId = random.next() < 0.7 ? primary : random.pick(careTeam);
    const startsAt = freeSlot(random, now, doctorId, days, taken, clinic);
    const appointment = buildAppointment(random, {
      patientId,
      doctorId,
      startsAt,
      status: random.next() < 0.85 ? 'scheduled' : 'requested',
    });
    history.appointments.push(appointment);
    if (appointment.type === 'in-person' && random.next() < 0.5) {
      history.parking.push({
        id: random.uuid(),
        appointmentId: appointment.id,
        patientId,
        licensePlate: `${String.fromCharCode(65 + random.int(0, 25), 65 + random.int(0, 25), 65 + random.int(0, 25))}-${random.int(1000, 9999)}`,
        arrivalAt: new Date(startsAt.getTime() - 20 * 60_000),
        departureAt: new Date(startsAt.getTime() + 90 * 60_000),
        status: 'reserved',
      });
    }
  }
  const visits = history.appointments.filter((a) => a.status === 'completed');

  // Problems: the chronic conditions, plus sometimes a resolved episode.
  for (const condition of conditions) {
    history.problems.push({
      patientId,
      icd10Code: condition.icd10,
      description: condition.description,
      status: 'active',
      onsetDate: isoDate(new Date(now.getTime() - random.int(1, 12) * 365 * DAY)),
      recordedBy: primary,
    });
  }
  if (random.next() < 0.6) {
    const episode = random.pick(RESOLVED_PROBLEMS);
    const onset = new Date(now.getTime() - random.int(200, 900) * DAY);
    history.problems.push({
      patientId,
      icd10Code: episode.icd10,
      description: episode.description,
      status: 'resolved',
      onsetDate: isoDate(onset),
      resolvedDate: isoDate(new Date(onset.getTime() + random.int(7, 30) * DAY)),
      recordedBy: primary,
    });
  }

  // Medications: the conditions' current ones, and one or two finished courses.
  for (const condition of conditions) {
    for (const template of condition.medications.slice(0, random.int(1, condition.medications.length))) {
      history.medications.push({
        patientId,
        ...template,
        instructions: template.instructions ?? null,
        startDate: isoDate(new Date(now.getTime() - random.int(90, 1500) * DAY)),
        status: 'active',
        prescribedBy: primary,
      });
    }
  }
  for (const template of random.sample(PAST_MEDICATIONS, random.int(1, 2))) {
    const start = new Date(now.getTime() - random.int(120, 700) * DAY);
    const end = new Date(start.getTime() + random.int(7, 60) * DAY);
    const { reason, ...fields } = template;
    history.medications.push({
      patientId,
      ...fields,
      instructions: null,
      startDate: isoDate(start),
      endDate: isoDate(end),
      status: 'discontinued',
      discontinuedAt: end,
      discontinuedReason: reason,
      prescribedBy: random.pick(careTeam),
    });
  }

  for (const allergen of random.sample(ALLERGENS, random.int(1, 3))) {
    history.allergies.push({
      patientId,
      allergen: allergen.allergen,
      code: allergen.code,
      type: allergen.type,
      severity: random.pick(['mild', 'moderate', 'moderate', 'severe'] as const),
      reaction: allergen.reaction,
      status: 'active',
      recordedBy: primary,
      createdAt: new Date(now.getTime() - random.int(200, 2000) * DAY),
    });
  }

  // Labs: a full set at the first visit, metabolic and A1c again later; the newest panel may still
  // await release (clinicians see it, the patient not yet). A1c at both of the first two visits
  // means every patient has at least one released result with a trend, whatever the later draws.
  const labDays = [visits[0], visits[1] ?? visits[0], visits.at(-1) ?? visits[0]].map((a) => a!.startsAt as Date);
  const orders = [
    buildLabOrder(random, { patientId, panel: panel('cbc'), orderedAt: labDays[0]!, orderedBy: primary, tendencies }),
    buildLabOrder(random, { patientId, panel: panel('lipid'), orderedAt: labDays[0]!, orderedBy: primary, tendencies }),
    buildLabOrder(random, { patientId, panel: panel('hba1c'), orderedAt: labDays[0]!, orderedBy: primary, tendencies }),
    buildLabOrder(random, { patientId, panel: panel('cmp'), orderedAt: labDays[1]!, orderedBy: primary, tendencies }),
    buildLabOrder(random, { patientId, panel: panel('hba1c'), orderedAt: labDays[1]!, orderedBy: primary, tendencies }),
  ];
  if (random.next() < 0.7) {
    const recent = labDays[2]!;
    const released = now.getTime() - recent.getTime() > 5 * DAY && random.next() < 0.7;
    orders.push(buildLabOrder(random, { patientId, panel: panel('cmp'), orderedAt: recent, orderedBy: primary, tendencies, released }));
  }
  for (const { order, components } of orders) {
    history.labOrders.push(order);
    history.labComponents.push(...components);
  }

  buildVitals(random, history, { patientId, now, conditions, visits, months: options.months ?? 6 });

  for (const vaccine of random.sample(VACCINES, random.int(2, 4))) {
    history.immunizations.push({
      patientId,
      cvxCode: vaccine.cvx,
      name: vaccine.name,
      administeredOn: isoDate(new Date(now.getTime() - random.int(30, 2500) * DAY)),
      doseNumber: random.next() < 0.5 ? random.int(1, 3) : null,
      lotNumber: `${String.fromCharCode(65 + random.int(0, 25))}${random.int(10000, 99999)}`,
    });
  }
  for (const entry of random.sample(PAST_HISTORY, random.int(1, 2))) {
    history.medicalHistory.push({
      patientId,
      category: entry.category,
      description: entry.description,
      occurredOn: isoDate(new Date(now.getTime() - random.int(3, 30) * 365 * DAY)),
    });
  }
  for (const relative of random.sample(RELATIVES, random.int(1, 3))) {
    const condition = random.pick(FAMILY_CONDITIONS);
    history.familyHistory.push({
      patientId,
      relationship: relative,
      condition: condition.condition,
      icd10Code: condition.icd10,
      onsetAge: random.int(38, 78),
    });
  }

  buildDocuments(random, history, patientId, visits, primary);
  return history;
}

function buildVitals(
  random: Random,
  history: ClinicalHistory,
  options: {
    patientId: string;
    now: Date;
    conditions: readonly { systolic?: number; homeGlucose?: boolean }[];
    visits: readonly NewAppointmentRow[];
    months: number;
  },
): void {
  const { patientId, now } = options;
  const push = (type: VitalType, value: number, measuredAt: Date, source: NewVitalRow['source']) =>
    history.vitals.push({ patientId, type, value, unit: VITAL_DEFINITIONS[type].unit, measuredAt, source });
  const systolicBase = 116 + random.int(0, 10) + options.conditions.reduce((sum, c) => sum + (c.systolic ?? 0), 0);
  const heightCm = random.int(155, 192);
  let weight = round(heightCm - 100 + random.int(-12, 18), 1);
  const glucoseBase = options.conditions.some((c) => c.homeGlucose) ? 150 : 0;
  const weeks = Math.round((options.months * 30) / 7);

  // Weekly home readings: blood pressure, heart rate and weight (a slow drift), glucose for diabetics.
  for (let week = weeks; week >= 1; week -= 1) {
    const at = new Date(now.getTime() - week * WEEK + random.int(7, 9) * 3_600_000);
    // Treatment works: pressure eases a little over the months.
    const systolic = Math.round(systolicBase - (weeks - week) * 0.25 + random.int(-7, 7));
    push('blood-pressure-systolic', systolic, at, 'device');
    push('blood-pressure-diastolic', Math.round(systolic * 0.63 + random.int(-4, 4)), at, 'device');
    push('heart-rate', random.int(60, 86), at, 'device');
    weight = round(weight + (random.next() - 0.55) * 0.6, 1);
    push('weight', weight, at, 'patient-reported');
    if (glucoseBase > 0) push('glucose', glucoseBase + random.int(-30, 45), at, 'device');
  }
  // At each completed visit the clinic takes the full set.
  for (const visit of options.visits) {
    const at = new Date((visit.startsAt as Date).getTime() + 10 * 60_000);
    const systolic = Math.round(systolicBase + random.int(-5, 9));
    push('blood-pressure-systolic', systolic, at, 'clinic');
    push('blood-pressure-diastolic', Math.round(systolic * 0.64 + random.int(-3, 3)), at, 'clinic');
    push('heart-rate', random.int(62, 90), at, 'clinic');
    push('temperature', round(36.4 + random.next() * 0.8, 1), at, 'clinic');
    push('respiratory-rate', random.int(12, 18), at, 'clinic');
    push('oxygen-saturation', random.int(95, 99), at, 'clinic');
    push('height', heightCm, at, 'clinic');
    push('weight', weight, at, 'clinic');
    push('bmi', round(weight / (heightCm / 100) ** 2, 1), at, 'clinic');
  }
}

// Every document has real content behind it (a small PDF, or a PNG for the scanned card), so each
// one listed can be downloaded and opened. The size drawn for each is still drawn, unused, so the
// draws after it (and so the rest of the seed) stay as they were.
const DEMO_NOTE = 'Caredeck demo document: generated sample data, not a real medical record.';

function buildDocuments(
  random: Random,
  history: ClinicalHistory,
  patientId: string,
  visits: readonly NewAppointmentRow[],
  primary: string,
): void {
  const add = (row: Omit<NewDocumentRow, 'patientId' | 'storageKey' | 'sizeBytes'>, content: Buffer) => {
    const storageKey = `documents/${patientId}/${random.uuid()}`;
    history.documents.push({ ...row, patientId, storageKey, sizeBytes: content.length });
    history.documentContents.push({ storageKey, content });
  };
  for (const visit of visits.slice(-2)) {
    const at = visit.startsAt as Date;
    random.int(40_000, 180_000);
    add(
      {
        category: 'visit-summary',
        filename: `visit-summary-${isoDate(at)}.pdf`,
        mimeType: 'application/pdf',
        origin: 'clinical',
        uploadedBy: visit.doctorId,
        createdAt: new Date(at.getTime() + 2 * 3_600_000),
      },
      simplePdf('Visit summary', [`Date of visit: ${isoDate(at)}`, `Visit type: ${visit.type}`, `Reason: ${visit.reason}`, '', DEMO_NOTE]),
    );
  }
  const released = history.labOrders.filter((order) => order.releasedAt);
  const lastLab = released.at(-1);
  if (lastLab) {
    random.int(60_000, 250_000);
    const results = history.labComponents
      .filter((c) => c.orderId === lastLab.id)
      .map((c) => `${c.name}: ${c.value} ${c.unit} (${c.flag ?? 'normal'})`);
    add(
      {
        category: 'lab-report',
        filename: `lab-report-${isoDate(lastLab.releasedAt!)}.pdf`,
        mimeType: 'application/pdf',
        origin: 'clinical',
        uploadedBy: primary,
        createdAt: lastLab.releasedAt!,
      },
      simplePdf(`Laboratory report: ${lastLab.panelName}`, [`Released: ${isoDate(lastLab.releasedAt!)}`, '', ...results, '', DEMO_NOTE]),
    );
  }
  if (random.next() < 0.5) {
    random.int(90_000, 400_000);
    const at = (visits[0]?.startsAt as Date | undefined) ?? new Date();
    add(
      {
        category: 'imaging',
        filename: 'chest-x-ray-report.pdf',
        mimeType: 'application/pdf',
        origin: 'clinical',
        uploadedBy: primary,
        createdAt: at,
      },
      simplePdf('Chest X-ray report', [
        `Examination date: ${isoDate(at)}`,
        'Views: PA and lateral.',
        'Findings: lungs clear, no effusion, heart size normal.',
        'Impression: no acute cardiopulmonary abnormality.',
        '',
        DEMO_NOTE,
      ]),
    );
  }
  random.int(150_000, 900_000);
  add(
    {
      category: 'insurance',
      filename: 'insurance-card.png',
      mimeType: 'image/png',
      origin: 'patient',
      uploadedBy: patientId,
      createdAt: (visits[0]?.createdAt as Date | undefined) ?? new Date(),
    },
    cardPng(480, 300, [37, 99, 235]),
  );
}

/** Inserts the histories of many patients with one statement per table, parents first. */
export async function insertClinicalHistories(db: Database, histories: readonly ClinicalHistory[]): Promise<void> {
  await bulkInsert(
    db,
    appointments,
    histories.flatMap((h) => h.appointments),
  );
  await bulkInsert(
    db,
    parkingReservations,
    histories.flatMap((h) => h.parking),
  );
  await bulkInsert(
    db,
    medications,
    histories.flatMap((h) => h.medications),
  );
  await bulkInsert(
    db,
    allergies,
    histories.flatMap((h) => h.allergies),
  );
  await bulkInsert(
    db,
    labOrders,
    histories.flatMap((h) => h.labOrders),
  );
  await bulkInsert(
    db,
    labResultComponents,
    histories.flatMap((h) => h.labComponents),
  );
  await bulkInsert(
    db,
    vitals,
    histories.flatMap((h) => h.vitals),
  );
  await bulkInsert(
    db,
    problems,
    histories.flatMap((h) => h.problems),
  );
  await bulkInsert(
    db,
    immunizations,
    histories.flatMap((h) => h.immunizations),
  );
  await bulkInsert(
    db,
    medicalHistoryEntries,
    histories.flatMap((h) => h.medicalHistory),
  );
  await bulkInsert(
    db,
    familyHistoryEntries,
    histories.flatMap((h) => h.familyHistory),
  );
  await bulkInsert(
    db,
    documents,
    histories.flatMap((h) => h.documents),
  );
  // Bytes go in modest batches: one statement with every file would be a needlessly large message.
  const contents = histories.flatMap((h) => h.documentContents);
  for (let i = 0; i < contents.length; i += 100) await db.insert(documentContents).values(contents.slice(i, i + 100));
}

/** One patient's full history, inserted: what an integration test of the chart starts from. */
export async function createClinicalHistory(db: Database, random: Random, options: HistoryOptions): Promise<ClinicalHistory> {
  const history = buildClinicalHistory(random, options);
  await insertClinicalHistories(db, [history]);
  return history;
}
