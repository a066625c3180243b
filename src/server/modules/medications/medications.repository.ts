import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MedicationStatus } from '../../../contracts/medications';
import { medications, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// Reads of one patient's medications, for the caller of the work it runs in: a patient outside the
// caller's reach answers 404 like a missing one, and the list is noted on the request's audit event.

export class MedicationsRepository extends Repository {
  /** Current first (newest start first), then past ones by when they ended. */
  async list(patientId: string, status?: MedicationStatus) {
    await this.reachPatient(patientId, 'medication.list');
    const rows = await this.ofPatient(patientId, status);
    this.audit.read('medication.list', 'patient', patientId, [patientId], { count: rows.length });
    return rows;
  }

  /** For the chart: reach is checked (once per work, so the chart's own check answers it), the chart notes the read. */
  async forChart(patientId: string) {
    await this.reachPatient(patientId, 'chart.read');
    return this.ofPatient(patientId);
  }

  /**
   * For a share link opened by anyone holding it: the link names the patient, and the share-links
   * module notes the opening. Nobody's scope applies.
   */
  async sharedBy(patientId: string) {
    return this.ofPatient(patientId, 'active');
  }

  private async ofPatient(patientId: string, status?: MedicationStatus) {
    return this.db
      .select({
        id: medications.id,
        patientId: medications.patientId,
        name: medications.name,
        drugCode: medications.drugCode,
        strength: medications.strength,
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

export type MedicationRowView = Awaited<ReturnType<MedicationsRepository['list']>>[number];
