import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MedicationStatus } from '../../../contracts/medications';
import type { Database } from '../../db/client';
import { medications, users } from '../../db/schema';

// Reads of one patient's medications. The service checks the patient is in the caller's reach
// first; nothing here is reachable without that patient id.

export class MedicationsRepository {
  constructor(private readonly db: Database) {}

  /** Current first (newest start first), then past ones by when they ended. */
  async forPatient(patientId: string, status?: MedicationStatus) {
    return this.db
      .select({
        id: medications.id,
        patientId: medications.patientId,
        name: medications.name,
        dosage: medications.dosage,
        frequency: medications.frequency,
        route: medications.route,
        instructions: medications.instructions,
        startDate: medications.startDate,
        endDate: medications.endDate,
        status: medications.status,
        prescriberId: medications.prescribedBy,
        prescriberFirstName: users.firstName,
        prescriberLastName: users.lastName,
        createdAt: medications.createdAt,
      })
      .from(medications)
      .leftJoin(users, eq(users.id, medications.prescribedBy))
      .where(and(eq(medications.patientId, patientId), status ? eq(medications.status, status) : undefined))
      .orderBy(asc(sql`case when ${medications.status} = 'active' then 0 else 1 end`), desc(medications.startDate), asc(medications.name));
  }
}

export type MedicationRowView = Awaited<ReturnType<MedicationsRepository['forPatient']>>[number];
