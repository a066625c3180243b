import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { CHART_LIMITS, VITAL_TYPES, type VitalType } from '../../../contracts/health-records';
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
import type { Database } from '../../db/client';
import { Repository } from '../../platform/unit-of-work';

// Reads of one patient's chart, for the caller of the work it runs in. Each public read first
// checks the patient is in the caller's reach (404 otherwise, like a missing patient) and notes
// itself on the request's audit event under that patient.

function buildVitals(db: Database, byType: boolean) {
  return db
    .select()
    .from(vitals)
    .where(and(eq(vitals.patientId, sql.placeholder('patientId')), byType ? eq(vitals.type, sql.placeholder('type')) : undefined))
    .orderBy(desc(vitals.measuredAt), asc(vitals.type))
    .limit(sql.placeholder('limit'))
    .prepare(byType ? 'vitals_by_type' : 'vitals_all');
}

/**
 * A patient's vitals are the chart's busiest read (the patient's home and the doctor's chart ask
 * on every visit): prepared once per database handle, so each request only binds its values and
 * PostgreSQL plans the statement once per connection.
 */
const preparedVitals = new WeakMap<Database, Array<ReturnType<typeof buildVitals>>>();

function vitalsStatement(db: Database, byType: boolean) {
  let statements = preparedVitals.get(db);
  if (!statements) {
    statements = [buildVitals(db, false), buildVitals(db, true)];
    preparedVitals.set(db, statements);
  }
  return statements[byType ? 1 : 0]!;
}

interface VitalSeriesRow {
  id: string;
  patient_id: string;
  type: VitalType;
  value: string | number;
  unit: string;
  measured_at: string | Date;
  source: (typeof vitals.$inferSelect)['source'];
  recorded_by: string | null;
  created_at: string | Date;
}

/** From readings newest first, the first of each type, by type (as a DISTINCT ON (type) gives them). */
function latestOfEachType<T extends { type: VitalType }>(newestFirst: readonly T[]): T[] {
  const latest = new Map<VitalType, T>();
  for (const row of newestFirst) if (!latest.has(row.type)) latest.set(row.type, row);
  return [...latest.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

export class HealthRecordsRepository extends Repository {
  async vitals(patientId: string, type: VitalType | undefined, limit: number) {
    await this.reachPatient(patientId, 'vitals.list');
    const rows = await vitalsStatement(this.db, type !== undefined).execute({ patientId, type: type ?? '', limit });
    this.audit.read('vitals.list', 'patient', patientId, [patientId], { count: rows.length, type: type ?? null });
    return rows;
  }

  /** Patients see released panels only; clinicians review them before release. */
  async labResults(patientId: string) {
    await this.reachPatient(patientId, 'lab-result.list');
    const panels = await this.labPanels(patientId, this.releasedOnly);
    this.audit.read('lab-result.list', 'patient', patientId, [patientId], { count: panels.length });
    return panels;
  }

  async allergyList(patientId: string) {
    await this.reachPatient(patientId, 'allergy.list');
    const rows = await this.allergies(patientId);
    this.audit.read('allergy.list', 'patient', patientId, [patientId], { count: rows.length });
    return rows;
  }

  /** The chart's own parts at once (medications and appointments come from their modules). */
  async chart(patientId: string) {
    await this.reachPatient(patientId, 'chart.read');
    const [patient, allergyRows, problemRows, immunizationRows, medicalHistory, familyHistory, vitalSeries, panels, documentRows] =
      await Promise.all([
        this.patientSummary(patientId),
        this.allergies(patientId, CHART_LIMITS.entries),
        this.problems(patientId),
        this.immunizations(patientId),
        this.medicalHistory(patientId),
        this.familyHistory(patientId),
        this.vitalSeries(patientId),
        this.labPanels(patientId, this.releasedOnly, CHART_LIMITS.labPanels),
        this.documents(patientId),
      ]);
    // A clinician's emergency (break-the-glass) reason rides on the request's event by itself
    // (access-context.ts), so the patient's access log shows that reading too.
    this.audit.read('chart.read', 'patient', patientId, [patientId], { labPanels: panels.length });
    return {
      patient: patient!,
      vitalSeries,
      allergies: allergyRows,
      problems: problemRows,
      immunizations: immunizationRows,
      medicalHistory,
      familyHistory,
      // The newest of each type is the first of its series.
      latestVitals: latestOfEachType(vitalSeries),
      labPanels: panels,
      documents: documentRows,
    };
  }

  private get releasedOnly(): boolean {
    return this.scope.actor.role === 'patient';
  }

  private async patientSummary(patientId: string) {
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
        address: users.address,
        preferredLanguage: users.preferredLanguage,
        country: users.country,
        bloodType: patientProfiles.bloodType,
        maritalStatus: patientProfiles.maritalStatus,
        occupation: patientProfiles.occupation,
        insuranceProvider: patientProfiles.insuranceProvider,
        insurancePolicyNumber: patientProfiles.insurancePolicyNumber,
        emergencyContactName: patientProfiles.emergencyContactName,
        emergencyContactPhone: patientProfiles.emergencyContactPhone,
        emergencyContactRelationship: patientProfiles.emergencyContactRelationship,
      })
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(eq(patientProfiles.userId, patientId));
    return row;
  }

  private async allergies(patientId: string, limit?: number) {
    const query = this.db
      .select()
      .from(allergies)
      .where(eq(allergies.patientId, patientId))
      .orderBy(asc(allergies.status), desc(allergies.createdAt));
    return limit ? query.limit(limit) : query;
  }

  /**
   * Lab panels with results (not imaging or referrals, nor orders still waiting for a sample or
   * results: those are the orders view's) newest first; only released ones when `releasedOnly`.
   */
  private async labPanels(patientId: string, releasedOnly: boolean, limit?: number) {
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
      .where(
        and(
          eq(labOrders.patientId, patientId),
          eq(labOrders.kind, 'lab'),
          inArray(labOrders.status, ['resulted', 'reviewed']),
          releasedOnly ? isNotNull(labOrders.releasedAt) : undefined,
        ),
      )
      .orderBy(desc(labOrders.orderedAt), asc(labOrders.panelName))
      .limit(limit ?? Number.MAX_SAFE_INTEGER);
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

  /**
   * The newest readings of each vital type, at most CHART_LIMITS.vitalsPerType of each, newest
   * first. One short index scan per type (vitals_patient_type_measured_idx read backwards) rather
   * than ranking every reading the patient ever had: ten years of weekly readings are thousands of
   * rows, of which the chart shows a couple of hundred.
   */
  private async vitalSeries(patientId: string) {
    const types = sql.join(
      VITAL_TYPES.map((type) => sql`${type}`),
      sql`, `,
    );
    const result = (await this.db.execute(sql`
      select v.id, v.patient_id, v.type, v.value, v.unit, v.measured_at, v.source, v.recorded_by, v.created_at
      from unnest(array[${types}]::text[]) as wanted(type)
      cross join lateral (
        select * from ${vitals}
        where ${vitals.patientId} = ${patientId} and ${vitals.type} = wanted.type
        order by ${vitals.measuredAt} desc, ${vitals.id}
        limit ${CHART_LIMITS.vitalsPerType}
      ) v
      order by v.measured_at desc, v.type`)) as unknown as { rows: VitalSeriesRow[] };
    return result.rows.map((row) => ({
      id: row.id,
      patientId: row.patient_id,
      type: row.type,
      value: Number(row.value),
      unit: row.unit,
      measuredAt: new Date(row.measured_at),
      source: row.source,
      recordedBy: row.recorded_by,
      createdAt: new Date(row.created_at),
    }));
  }

  private async problems(patientId: string) {
    return this.db
      .select()
      .from(problems)
      .where(eq(problems.patientId, patientId))
      .orderBy(asc(sql`case when ${problems.status} = 'active' then 0 else 1 end`), desc(problems.onsetDate))
      .limit(CHART_LIMITS.entries);
  }

  private async immunizations(patientId: string) {
    return this.db
      .select()
      .from(immunizations)
      .where(eq(immunizations.patientId, patientId))
      .orderBy(desc(immunizations.administeredOn))
      .limit(CHART_LIMITS.entries);
  }

  private async medicalHistory(patientId: string) {
    return this.db
      .select()
      .from(medicalHistoryEntries)
      .where(eq(medicalHistoryEntries.patientId, patientId))
      .orderBy(desc(medicalHistoryEntries.occurredOn))
      .limit(CHART_LIMITS.entries);
  }

  private async familyHistory(patientId: string) {
    return this.db
      .select()
      .from(familyHistoryEntries)
      .where(eq(familyHistoryEntries.patientId, patientId))
      .orderBy(asc(familyHistoryEntries.relationship))
      .limit(CHART_LIMITS.entries);
  }

  /** A report's attachment reaches its patient only with the report, once the order is released. */
  private async documents(patientId: string) {
    const released = exists(
      this.db
        .select({ id: labOrders.id })
        .from(labOrders)
        .where(and(eq(labOrders.id, documents.orderId), isNotNull(labOrders.releasedAt))),
    );
    return this.db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, patientId), this.releasedOnly ? or(isNull(documents.orderId), released) : undefined))
      .orderBy(desc(documents.createdAt))
      .limit(CHART_LIMITS.documents);
  }
}
