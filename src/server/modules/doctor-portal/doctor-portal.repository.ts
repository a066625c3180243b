import { and, count, countDistinct, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { labOrders, labResultComponents, refillRequests, tasks } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The counts on a doctor's home that are not appointments: refill requests waiting for their
// decision, their open tasks, and abnormal lab results of their patients a clinician has not yet
// released (or imaging reports and referral replies flagged abnormal or urgent). Counts only, each limited to the signed-in doctor (and, for labs, to the patients
// their scope reaches); nobody's record leaves the server.

export class DoctorPortalRepository extends Repository {
  async pendingRefills(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(refillRequests)
      .where(and(eq(refillRequests.prescriberId, this.scope.actor.userId), eq(refillRequests.status, 'requested')));
    return row?.n ?? 0;
  }

  async openTasks(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.assigneeId, this.scope.actor.userId), eq(tasks.status, 'open')));
    return row?.n ?? 0;
  }

  /** Resulted orders with a component out of range, or a report flagged abnormal or urgent, not yet released to the patient. */
  async abnormalUnreleasedLabs(): Promise<number> {
    const [row] = await this.db
      .select({ n: countDistinct(labOrders.id) })
      .from(labOrders)
      .leftJoin(labResultComponents, eq(labResultComponents.orderId, labOrders.id))
      .where(
        and(
          this.scope.condition(labOrders.patientId),
          eq(labOrders.status, 'resulted'),
          isNull(labOrders.releasedAt),
          or(ne(labResultComponents.flag, 'normal'), inArray(labOrders.reportFlag, ['abnormal', 'urgent'])),
        ),
      );
    return row?.n ?? 0;
  }

  /** The home's counts were read: noted without naming anyone (they are figures, not records). */
  noteStats(details: Record<string, number | string>): void {
    this.audit.read('doctor.dashboard-stats', 'doctor', this.scope.actor.userId, [], details);
  }
}
