import { and, desc, eq } from 'drizzle-orm';
import type { LiveEvent } from '../../../contracts/live-events';
import type { VitalType } from '../../../contracts/health-records';
import {
  allergies,
  careAssignments,
  immunizations,
  problems,
  vitals,
  type NewAllergyRow,
  type NewImmunizationRow,
  type NewProblemRow,
} from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A clinician's changes to a chart, in the write they run in. Each checks the patient is in the
// caller's reach first (404 otherwise, like a missing patient), notes the change on the request's
// audit event under the patient (ids, changed field names and versions: never the values) and
// pushes the change to the patient and their doctors once the write commits.

type Section = 'allergies' | 'problems' | 'immunizations';

/** The tables whose entries carry a version, and how an entry's changes are named on the audit trail. */
const ENTRY_TABLES = { allergies, problems, immunizations } as const;
const ACTIONS = {
  allergies: { create: 'allergy.create', update: 'allergy.update', resource: 'allergy' },
  problems: { create: 'problem.create', update: 'problem.update', resource: 'problem' },
  immunizations: { create: 'immunization.create', update: 'immunization.update', resource: 'immunization' },
} as const;

export const STALE_MESSAGE = 'This entry was changed by someone else since it was read. Nothing was saved.';

export class ChartEntriesRepository extends Repository {
  /** 404 unless the caller reaches the patient; for a route's check before its body is read. */
  async reach(
    patientId: string,
    action:
      | 'vitals.record'
      | 'allergy.create'
      | 'allergy.update'
      | 'problem.create'
      | 'problem.update'
      | 'immunization.create'
      | 'immunization.update',
  ): Promise<void> {
    await this.reachPatient(patientId, action);
  }

  /** The newest reading of `type`, for body mass index from a weight or height entered alone. */
  async latest(patientId: string, type: VitalType): Promise<number | null> {
    const [row] = await this.db
      .select({ value: vitals.value })
      .from(vitals)
      .where(and(eq(vitals.patientId, patientId), eq(vitals.type, type)))
      .orderBy(desc(vitals.measuredAt))
      .limit(1);
    return row ? Number(row.value) : null;
  }

  /** One sitting's readings, all at `measuredAt`. */
  async recordVitals(patientId: string, readings: { type: VitalType; value: number; unit: string }[], measuredAt: Date, timestamp: string) {
    await this.reachPatient(patientId, 'vitals.record');
    const rows = await this.db
      .insert(vitals)
      .values(
        readings.map((reading) => ({ ...reading, patientId, measuredAt, source: 'clinic' as const, recordedBy: this.scope.actor.userId })),
      )
      .returning();
    this.audit.note({
      action: 'vitals.record',
      resourceType: 'vitals',
      resourceId: null,
      patients: [patientId],
      details: { ids: rows.map((row) => row.id), types: rows.map((row) => row.type) },
    });
    await this.pushToCareTeam(patientId, { type: 'vitals_update', action: 'created', patientId, timestamp });
    return rows;
  }

  async addAllergy(patientId: string, values: Omit<NewAllergyRow, 'patientId' | 'recordedBy'>, timestamp: string) {
    await this.reachPatient(patientId, 'allergy.create');
    const [row] = await this.db
      .insert(allergies)
      .values({ ...values, patientId, recordedBy: this.scope.actor.userId })
      .returning();
    await this.created('allergies', patientId, row!.id, timestamp);
    return row!;
  }

  async addProblem(patientId: string, values: Omit<NewProblemRow, 'patientId' | 'recordedBy'>, timestamp: string) {
    await this.reachPatient(patientId, 'problem.create');
    const [row] = await this.db
      .insert(problems)
      .values({ ...values, patientId, recordedBy: this.scope.actor.userId })
      .returning();
    await this.created('problems', patientId, row!.id, timestamp);
    return row!;
  }

  async addImmunization(patientId: string, values: Omit<NewImmunizationRow, 'patientId' | 'recordedBy'>, timestamp: string) {
    await this.reachPatient(patientId, 'immunization.create');
    const [row] = await this.db
      .insert(immunizations)
      .values({ ...values, patientId, recordedBy: this.scope.actor.userId })
      .returning();
    await this.created('immunizations', patientId, row!.id, timestamp);
    return row!;
  }

  updateAllergy(patientId: string, entryId: string, version: number, changes: Partial<typeof allergies.$inferInsert>, timestamp: string) {
    return this.update('allergies', patientId, entryId, version, changes, timestamp) as Promise<typeof allergies.$inferSelect>;
  }

  updateProblem(patientId: string, entryId: string, version: number, changes: Partial<typeof problems.$inferInsert>, timestamp: string) {
    return this.update('problems', patientId, entryId, version, changes, timestamp) as Promise<typeof problems.$inferSelect>;
  }

  updateImmunization(
    patientId: string,
    entryId: string,
    version: number,
    changes: Partial<typeof immunizations.$inferInsert>,
    timestamp: string,
  ) {
    return this.update('immunizations', patientId, entryId, version, changes, timestamp) as Promise<typeof immunizations.$inferSelect>;
  }

  /**
   * Changes an entry read at `version`: 404 for an entry that is not this patient's (or a patient out
   * of reach), 409 STALE_RECORD when it was saved since, and the write then keeps nothing. The
   * update itself also names the version, so two saves racing cannot both pass the check.
   */
  private async update(
    section: Section,
    patientId: string,
    entryId: string,
    version: number,
    changes: Record<string, unknown>,
    timestamp: string,
  ) {
    const actions = ACTIONS[section];
    await this.reachPatient(patientId, actions.update);
    const table = ENTRY_TABLES[section];
    const [current] = isUuid(entryId)
      ? await this.db
          .select()
          .from(table)
          .where(and(eq(table.id, entryId), eq(table.patientId, patientId)))
          .limit(1)
      : [];
    if (!current) {
      this.audit.missed(actions.update, actions.resource, entryId);
      throw AppError.notFound();
    }
    if (current.version !== version) {
      // Noted so the refusal is on the trail: the failed write turns it into a failure.
      this.audit.note({
        action: actions.update,
        resourceType: actions.resource,
        resourceId: entryId,
        patients: [patientId],
        details: { reason: 'stale', fromVersion: version, currentVersion: current.version },
      });
      throw new AppError('STALE_RECORD', STALE_MESSAGE);
    }
    const changed = Object.keys(changes).filter((field) => (current as Record<string, unknown>)[field] !== changes[field]);
    const [row] = await this.db
      .update(table)
      .set({ ...changes, version: version + 1, updatedAt: new Date(timestamp) })
      .where(and(eq(table.id, entryId), eq(table.version, version)))
      .returning();
    if (!row) throw new AppError('STALE_RECORD', STALE_MESSAGE);
    this.audit.note({
      action: actions.update,
      resourceType: actions.resource,
      resourceId: entryId,
      patients: [patientId],
      details: { changed, fromVersion: version, toVersion: version + 1 },
    });
    await this.pushToCareTeam(patientId, { type: 'patient_update', action: 'updated', patientId, section, timestamp });
    return row;
  }

  private async created(section: Section, patientId: string, entryId: string, timestamp: string) {
    const actions = ACTIONS[section];
    this.audit.note({
      action: actions.create,
      resourceType: actions.resource,
      resourceId: entryId,
      patients: [patientId],
      details: { version: 1 },
    });
    await this.pushToCareTeam(patientId, { type: 'patient_update', action: 'created', patientId, section, timestamp });
  }

  /** The patient, the clinician who made the change and the patient's assigned doctors: whoever may have the chart open. */
  private async pushToCareTeam(patientId: string, event: LiveEvent): Promise<void> {
    const team = await this.db
      .select({ doctorId: careAssignments.doctorId })
      .from(careAssignments)
      .where(eq(careAssignments.patientId, patientId))
      .limit(50);
    const recipients = [...new Set([patientId, this.scope.actor.userId, ...team.map((row) => row.doctorId)])];
    this.effects.push({ recipients, event });
  }
}
