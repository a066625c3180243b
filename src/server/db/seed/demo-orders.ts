import { asc, eq } from 'drizzle-orm';
import { addCalendarDays } from '../../../contracts/dates';
import { LAB_PANEL_CATALOGUE, flagForResult, type LabPanelKey } from '../../../contracts/order-catalogue';
import { RESULT_REVIEW_DUE_DAYS } from '../../../contracts/orders';
import type { Database } from '../client';
import { careAssignments, labOrders, labResultComponents, tasks, users } from '../schema';

// The demo doctor's orders: results that came back and wait for their review (one panel with a
// value out of range, one all within range), each with its review task, and an imaging study
// still to be done. So the doctor's home counts an abnormal result and the orders view opens on
// real work. They belong to patients in the doctor's care other than the demo patient, whose own
// lab results the patient journeys read.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const DEMO_PATIENT = 'patient@caredeck.demo';
const HOUR = 3_600_000;

/** The middle of each test's reference range (or its one limit), with `overrides` by LOINC code. */
function values(panel: LabPanelKey, overrides: Record<string, number>) {
  return LAB_PANEL_CATALOGUE[panel].tests.map((test) => {
    const typical =
      test.low !== null && test.high !== null ? (test.low + test.high) / 2 : test.high !== null ? test.high * 0.8 : test.low! * 1.3;
    const value = Number((overrides[test.loinc] ?? typical).toFixed(2));
    return {
      loincCode: test.loinc,
      name: test.name,
      value,
      unit: test.unit,
      referenceLow: test.low,
      referenceHigh: test.high,
      flag: flagForResult(value, test),
    };
  });
}

export async function seedDemoOrders(db: Database, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  if (!doctor) return;
  const patients = (
    await db
      .select({ id: careAssignments.patientId, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(careAssignments)
      .innerJoin(users, eq(users.id, careAssignments.patientId))
      .where(eq(careAssignments.doctorId, doctor.id))
      .orderBy(asc(users.email))
  ).filter((patient) => patient.email !== DEMO_PATIENT);
  const [first, second = first] = patients;
  if (!first || !second) return;

  const resulted: { patient: typeof first; panel: LabPanelKey; overrides: Record<string, number>; reason: string }[] = [
    { patient: first, panel: 'cbc', overrides: { '718-7': 10.4, '4544-3': 32.5 }, reason: 'Tiredness and pallor; anaemia?' },
    { patient: second, panel: 'lipid', overrides: {}, reason: 'Cardiovascular risk review' },
  ];
  for (const [index, entry] of resulted.entries()) {
    const orderedAt = new Date(now.getTime() - (52 + index * 20) * HOUR);
    const resultedAt = new Date(orderedAt.getTime() + 30 * HOUR);
    const panel = LAB_PANEL_CATALOGUE[entry.panel];
    const components = values(entry.panel, entry.overrides);
    const [order] = await db
      .insert(labOrders)
      .values({
        patientId: entry.patient.id,
        kind: 'lab',
        panelCode: panel.loinc,
        panelName: panel.name,
        status: 'resulted',
        priority: 'routine',
        reason: entry.reason,
        orderedBy: doctor.id,
        orderedAt,
        collectedAt: new Date(orderedAt.getTime() + 2 * HOUR),
        resultedAt,
        version: 3,
        updatedAt: resultedAt,
      })
      .returning({ id: labOrders.id });
    await db
      .insert(labResultComponents)
      .values(components.map((component) => ({ ...component, orderId: order!.id, patientId: entry.patient.id })));
    await db.insert(tasks).values({
      assigneeId: doctor.id,
      patientId: entry.patient.id,
      kind: 'result-review',
      title: `Review results: ${panel.name} for ${entry.patient.firstName} ${entry.patient.lastName}`,
      priority: components.some((component) => component.flag !== 'normal') ? 'high' : 'medium',
      dueDate: addCalendarDays(resultedAt.toISOString().slice(0, 10), RESULT_REVIEW_DUE_DAYS),
      labOrderId: order!.id,
      createdAt: resultedAt,
    });
  }

  await db.insert(labOrders).values({
    patientId: first.id,
    kind: 'imaging',
    panelCode: '36643-5',
    panelName: 'XR Chest 2 Views',
    status: 'ordered',
    priority: 'urgent',
    reason: 'Cough for three weeks; exclude pneumonia',
    orderedBy: doctor.id,
    orderedAt: new Date(now.getTime() - 3 * HOUR),
  });
}
