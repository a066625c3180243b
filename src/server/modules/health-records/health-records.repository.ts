import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { VitalType } from '../../../contracts/health-records';
import type { Database } from '../../db/client';
import {
  allergies,
  documents,
  familyHistoryEntries,
  immunizations,
  labOrders,
  labResultComponents,
  medicalHistoryEntries,
  patientProfiles,
  problems,
  users,
  vitals,
} from '../../db/schema';

// Reads of one patient's chart. The service checks the patient is in the caller's reach first;
// every query here is bound to that one patient id.

export class HealthRecordsRepository {
  constructor(private readonly db: Database) {}

  async patientSummary(patientId: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        dateOfBirth: users.dateOfBirth,
        gender: users.gender,
        medicalRecordNumber: patientProfiles.medicalRecordNumber,
      })
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(eq(patientProfiles.userId, patientId));
    return row;
  }

  async allergies(patientId: string) {
    return this.db
      .select()
      .from(allergies)
      .where(eq(allergies.patientId, patientId))
      .orderBy(asc(allergies.status), desc(allergies.createdAt));
  }

  /** Panels newest first with their components; only released ones when `releasedOnly`. */
  async labPanels(patientId: string, releasedOnly: boolean) {
    const orders = await this.db
      .select({
        id: labOrders.id,
        patientId: labOrders.patientId,
        panelCode: labOrders.panelCode,
        panelName: labOrders.panelName,
        status: labOrders.status,
        orderedAt: labOrders.orderedAt,
        collectedAt: labOrders.collectedAt,
        releasedAt: labOrders.releasedAt,
        orderedByFirstName: users.firstName,
        orderedByLastName: users.lastName,
      })
      .from(labOrders)
      .leftJoin(users, eq(users.id, labOrders.orderedBy))
      .where(and(eq(labOrders.patientId, patientId), releasedOnly ? isNotNull(labOrders.releasedAt) : undefined))
      .orderBy(desc(labOrders.orderedAt), asc(labOrders.panelName));
    const components =
      orders.length === 0
        ? []
        : await this.db
            .select()
            .from(labResultComponents)
            .where(
              inArray(
                labResultComponents.orderId,
                orders.map((o) => o.id),
              ),
            )
            .orderBy(asc(labResultComponents.name));
    return orders.map((order) => ({ ...order, components: components.filter((c) => c.orderId === order.id) }));
  }

  async vitals(patientId: string, type: VitalType | undefined, limit: number) {
    return this.db
      .select()
      .from(vitals)
      .where(and(eq(vitals.patientId, patientId), type ? eq(vitals.type, type) : undefined))
      .orderBy(desc(vitals.measuredAt), asc(vitals.type))
      .limit(limit);
  }

  /** The newest reading of each vital type. */
  async latestVitals(patientId: string) {
    return this.db
      .selectDistinctOn([vitals.type])
      .from(vitals)
      .where(eq(vitals.patientId, patientId))
      .orderBy(vitals.type, desc(vitals.measuredAt));
  }

  async problems(patientId: string) {
    return this.db
      .select()
      .from(problems)
      .where(eq(problems.patientId, patientId))
      .orderBy(asc(sql`case when ${problems.status} = 'active' then 0 else 1 end`), desc(problems.onsetDate));
  }

  async immunizations(patientId: string) {
    return this.db.select().from(immunizations).where(eq(immunizations.patientId, patientId)).orderBy(desc(immunizations.administeredOn));
  }

  async medicalHistory(patientId: string) {
    return this.db
      .select()
      .from(medicalHistoryEntries)
      .where(eq(medicalHistoryEntries.patientId, patientId))
      .orderBy(desc(medicalHistoryEntries.occurredOn));
  }

  async familyHistory(patientId: string) {
    return this.db
      .select()
      .from(familyHistoryEntries)
      .where(eq(familyHistoryEntries.patientId, patientId))
      .orderBy(asc(familyHistoryEntries.relationship));
  }

  async documents(patientId: string) {
    return this.db.select().from(documents).where(eq(documents.patientId, patientId)).orderBy(desc(documents.createdAt));
  }
}
