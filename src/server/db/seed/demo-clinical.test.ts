import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffDocumentType } from '../../../contracts/documents';
import { openMigratedTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';
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
  patientProfiles,
  problems,
  vitals,
} from '../schema';
import { seedDemoOrganisation } from './index';

// The demo seed gives every demo patient a history in each area of the chart.

describe('the demo clinical history', () => {
  let database: TestDatabaseHandle;
  let patientIds: string[];
  const seededAt = Date.now();

  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    await seedDemoOrganisation(database);
    patientIds = (await database.db.select({ id: patientProfiles.userId }).from(patientProfiles)).map((r) => r.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Rows per patient of a table with a patient_id column. */
  async function perPatient(table: PgTable & { patientId: AnyPgColumn }, where?: SQL): Promise<Map<string, number>> {
    const rows = await database.db
      .select({ patientId: sql<string>`${table.patientId}`, n: sql<number>`count(*)::int` })
      .from(table)
      .where(where)
      .groupBy(table.patientId);
    return new Map(rows.map((r) => [r.patientId, r.n]));
  }

  it('reaches every demo patient in every area', async () => {
    const areas = {
      appointments: await perPatient(appointments),
      medications: await perPatient(medications),
      allergies: await perPatient(allergies),
      labOrders: await perPatient(labOrders),
      labComponents: await perPatient(labResultComponents),
      vitals: await perPatient(vitals),
      problems: await perPatient(problems),
      immunizations: await perPatient(immunizations),
      medicalHistory: await perPatient(medicalHistoryEntries),
      familyHistory: await perPatient(familyHistoryEntries),
      documents: await perPatient(documents),
    };
    expect(patientIds.length).toBeGreaterThan(20);
    for (const id of patientIds) {
      for (const [area, counts] of Object.entries(areas)) expect(counts.get(id) ?? 0, `${area} of ${id}`).toBeGreaterThan(0);
      const allergyCount = areas.allergies.get(id)!;
      expect(allergyCount).toBeGreaterThanOrEqual(1);
      expect(allergyCount).toBeLessThanOrEqual(3);
      expect(areas.labOrders.get(id)!).toBeGreaterThanOrEqual(3);
    }
  });

  it('spans about six months of weekly vitals, with blood pressure, heart rate and weight', async () => {
    const rows = await database.db
      .select({
        patientId: vitals.patientId,
        type: vitals.type,
        n: sql<number>`count(*)::int`,
        first: sql<string>`min(${vitals.measuredAt})::text`,
      })
      .from(vitals)
      .groupBy(vitals.patientId, vitals.type);
    for (const id of patientIds) {
      const own = rows.filter((r) => r.patientId === id);
      for (const type of ['blood-pressure-systolic', 'blood-pressure-diastolic', 'heart-rate', 'weight'] as const) {
        const row = own.find((r) => r.type === type);
        expect(row?.n ?? 0, `${type} of ${id}`).toBeGreaterThanOrEqual(24);
        expect(seededAt - new Date(row!.first).getTime()).toBeGreaterThan(150 * 86_400_000);
      }
    }
    expect(rows.some((r) => r.type === 'glucose')).toBe(true);
  });

  it('has past completed and upcoming scheduled appointments for each patient, never two in one doctor’s slot', async () => {
    const rows = await database.db.select().from(appointments);
    for (const id of patientIds) {
      const own = rows.filter((r) => r.patientId === id);
      expect(own.some((r) => r.status === 'completed' && r.startsAt.getTime() < seededAt)).toBe(true);
      expect(own.some((r) => ['scheduled', 'requested'].includes(r.status) && r.startsAt.getTime() > seededAt)).toBe(true);
    }
    const live = rows.filter((r) => r.status !== 'cancelled').map((r) => `${r.doctorId}|${r.startsAt.toISOString()}`);
    expect(new Set(live).size).toBe(live.length);
  });

  it('has current and past medications, some out-of-range lab values and results awaiting release', async () => {
    const active = await perPatient(medications, eq(medications.status, 'active'));
    const past = await perPatient(medications, eq(medications.status, 'discontinued'));
    for (const id of patientIds) {
      expect(active.get(id) ?? 0).toBeGreaterThan(0);
      expect(past.get(id) ?? 0).toBeGreaterThan(0);
    }
    const flagged = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(labResultComponents)
      .where(ne(labResultComponents.flag, 'normal'));
    const components = await database.db.select({ n: sql<number>`count(*)::int` }).from(labResultComponents);
    expect(flagged[0]!.n).toBeGreaterThan(0);
    expect(flagged[0]!.n).toBeLessThan(components[0]!.n / 3);
    const pending = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(labOrders)
      .where(isNull(labOrders.releasedAt));
    const released = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(labOrders)
      .where(isNotNull(labOrders.releasedAt));
    expect(pending[0]!.n).toBeGreaterThan(0);
    expect(released[0]!.n).toBeGreaterThan(pending[0]!.n);
    // Lab panels only: the demo doctor's imaging order (demo-orders.ts) is no lab result.
    const codes = await database.db.selectDistinct({ code: labOrders.panelCode }).from(labOrders).where(eq(labOrders.kind, 'lab'));
    expect(codes.map((c) => c.code).sort()).toEqual(['24323-8', '4548-4', '57698-3', '58410-2']);
  });

  it('gives every patient a released test with two results, so the lab results view has a trend on any day', async () => {
    const rows = await database.db
      .select({ patientId: labResultComponents.patientId, loinc: labResultComponents.loincCode, n: sql<number>`count(*)::int` })
      .from(labResultComponents)
      .innerJoin(labOrders, eq(labOrders.id, labResultComponents.orderId))
      .where(isNotNull(labOrders.releasedAt))
      .groupBy(labResultComponents.patientId, labResultComponents.loincCode);
    for (const id of patientIds) {
      expect(
        rows.some((r) => r.patientId === id && r.n >= 2),
        `a trend for ${id}`,
      ).toBe(true);
    }
  });

  it('has both clinical documents and the patient’s own uploads', async () => {
    const rows = await database.db
      .select({ origin: documents.origin, n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(isNotNull(documents.storageKey)))
      .groupBy(documents.origin);
    expect(rows.map((r) => r.origin).sort()).toEqual(['clinical', 'patient']);
  });

  it('stores real content behind every document: its size, of the type it is listed as', async () => {
    const rows = await database.db
      .select({ mimeType: documents.mimeType, sizeBytes: documents.sizeBytes, content: documentContents.content })
      .from(documents)
      .leftJoin(documentContents, eq(documentContents.storageKey, documents.storageKey));
    expect(rows.length).toBeGreaterThan(patientIds.length);
    for (const row of rows) {
      expect(row.content).not.toBeNull();
      expect(row.content!.length).toBe(row.sizeBytes);
      expect(sniffDocumentType(row.content!.subarray(0, 16))).toBe(row.mimeType);
    }
    const pdf = rows.find((r) => r.mimeType === 'application/pdf')!.content!.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
