import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permission } from '../../contracts/permission-catalogue';
import type { Role } from '../../contracts/roles';
import type { Database } from '../db/client';
import { appointments, careAssignments, patientProfiles } from '../db/schema';

// Row-level scoping of patient data. Which patients a caller reaches, whatever permission they
// hold: a patient themself; a doctor the patients in their care (an assignment or an appointment,
// see doctorCare below), or any patient while giving an emergency (break-the-glass) reason, which is
// recorded on the audit event; staff every patient with patients.view.all and none without; admin
// every patient. Repositories add `condition` to their queries, and a record outside it answers
// 404 exactly like a missing one.

export interface ScopeActor {
  userId: string;
  role: Role;
}

export class PatientScope {
  constructor(
    private readonly db: Database,
    readonly actor: ScopeActor,
    private readonly held: ReadonlySet<Permission>,
    private readonly breakGlass = false,
  ) {}

  /** True when the caller may see clinical fields (PHI beyond demographics) of patients in reach. */
  get phiAccess(): boolean {
    return this.actor.role === 'admin' || this.held.has('patients.phi.access');
  }

  /** A condition on a column holding a patient's user id; true for exactly the patients in reach. */
  condition(patientId: AnyPgColumn | SQL): SQL {
    switch (this.actor.role) {
      case 'admin':
        return sql`true`;
      case 'staff':
        return this.held.has('patients.view.all') ? sql`true` : sql`false`;
      case 'doctor':
        return this.breakGlass ? sql`true` : doctorCare(this.actor.userId, patientId);
      case 'patient':
        return sql`${patientId} = ${this.actor.userId}`;
    }
  }

  /**
   * `condition` for a prepared statement: the caller's id is the placeholder `scopeActor`, so one
   * statement serves every caller of the same kind (`shape` names which one it is).
   */
  preparedCondition(patientId: AnyPgColumn | SQL): { shape: string; condition: SQL; values: { scopeActor: string } } {
    const values = { scopeActor: this.actor.userId };
    const actor = sql.placeholder('scopeActor');
    switch (this.actor.role) {
      case 'admin':
        return { shape: 'all', condition: sql`true`, values };
      case 'staff':
        return this.held.has('patients.view.all')
          ? { shape: 'all', condition: sql`true`, values }
          : { shape: 'none', condition: sql`false`, values };
      case 'doctor':
        return this.breakGlass
          ? { shape: 'all', condition: sql`true`, values }
          : { shape: 'doctor', condition: doctorCare(actor, patientId), values };
      case 'patient':
        return { shape: 'patient', condition: sql`${patientId} = ${actor}`, values };
    }
  }

  private readonly reached = new Map<string, Promise<boolean>>();

  /** Whether `patientId` is a patient the caller reaches. False for unknown ids and for non-patients. Asked once per scope. */
  reaches(patientId: string): Promise<boolean> {
    let answer = this.reached.get(patientId);
    if (!answer) {
      answer = this.lookUp(patientId);
      this.reached.set(patientId, answer);
    }
    return answer;
  }

  private async lookUp(patientId: string): Promise<boolean> {
    // A signed-in patient is a patient: their own record needs no lookup.
    if (this.actor.role === 'patient') return patientId === this.actor.userId;
    if (this.actor.role === 'staff' && !this.held.has('patients.view.all')) {
      return false;
    }
    const [row] = await this.db
      .select({ id: patientProfiles.userId })
      .from(patientProfiles)
      .where(and(eq(patientProfiles.userId, patientId), this.condition(patientProfiles.userId)))
      .limit(1);
    return row !== undefined;
  }
}

/**
 * The doctor–patient relation: "an appointment or an assignment". Any appointment counts, a
 * cancelled one too: the doctor may need the chart of a patient who cancelled to follow up.
 * Written as one IN over the doctor's own rows rather than two EXISTS joined by OR: PostgreSQL
 * turns an IN into a semi-join driven by the doctor's (small) set of patients, whereas the OR made
 * it probe both tables once for every patient of the organisation, which grows with the clinic.
 */
function doctorCare(doctorId: string | ReturnType<typeof sql.placeholder>, patientId: AnyPgColumn | SQL): SQL {
  return sql`${patientId} in (select ${careAssignments.patientId} from ${careAssignments} where ${careAssignments.doctorId} = ${doctorId}
    union all select ${appointments.patientId} from ${appointments} where ${appointments.doctorId} = ${doctorId})`;
}
