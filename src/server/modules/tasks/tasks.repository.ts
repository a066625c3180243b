import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MANUAL_TASK_KINDS, type TaskListFilter, type TaskPriority, type TaskStatus } from '../../../contracts/tasks';
import { labOrders, medications, refillRequests, tasks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// The caller's own tasks: each query is limited to tasks assigned to the caller, so anyone else's
// answers 404 like a missing one. Lists note the patients they name.

const assignees = alias(users, 'task_assignee');
const patients = alias(users, 'task_patient');

const columns = {
  id: tasks.id,
  kind: tasks.kind,
  status: tasks.status,
  priority: tasks.priority,
  title: tasks.title,
  dueDate: tasks.dueDate,
  assigneeId: tasks.assigneeId,
  assigneeFirstName: assignees.firstName,
  assigneeLastName: assignees.lastName,
  patientId: tasks.patientId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  medicationName: medications.name,
  drugCode: medications.drugCode,
  strength: medications.strength,
  refillRequestId: tasks.refillRequestId,
  labOrderId: tasks.labOrderId,
  orderName: labOrders.panelName,
  conversationId: tasks.conversationId,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
};

const PRIORITY_ORDER = sql`case ${tasks.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

export class TasksRepository extends Repository {
  private get mine() {
    return eq(tasks.assigneeId, this.scope.actor.userId);
  }

  /** Open ones by due date (none last), then priority; done ones newest first. */
  async list(filter: TaskListFilter, page: number, pageSize: number) {
    const where = and(this.mine, filter === 'all' ? undefined : eq(tasks.status, filter));
    const [total] = await this.db.select({ n: count() }).from(tasks).where(where);
    const rows = await this.selectTasks()
      .where(where)
      .orderBy(
        asc(sql`case when ${tasks.status} = 'open' then 0 else 1 end`),
        asc(sql`case when ${tasks.status} = 'open' then ${tasks.dueDate} end`),
        asc(PRIORITY_ORDER),
        desc(tasks.completedAt),
        desc(tasks.createdAt),
        asc(tasks.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const named = [...new Set(rows.flatMap((row) => (row.patientId ? [row.patientId] : [])))];
    this.audit.read('task.list', 'task', null, named, { count: rows.length, status: filter });
    return { rows, total: total!.n };
  }

  /** How many open tasks the caller has (the sidebar's count): no patient is named, nothing to note. */
  async openCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(tasks)
      .where(and(this.mine, eq(tasks.status, 'open')));
    return row!.n;
  }

  async create(values: { title: string; dueDate: string | null; priority: TaskPriority }) {
    const [row] = await this.db
      .insert(tasks)
      .values({ assigneeId: this.scope.actor.userId, kind: 'follow-up', ...values })
      .returning({ id: tasks.id });
    this.audit.note({
      action: 'task.create',
      resourceType: 'task',
      resourceId: row!.id,
      patients: [],
      details: { priority: values.priority },
    });
    return this.one(row!.id);
  }

  /**
   * Ticks a manual task done or open again. A system task (a refill request) closes when its work is
   * done and is refused here (409, noted); anyone else's task answers 404.
   */
  async setStatus(id: string, status: TaskStatus, at: Date) {
    const [row] = !isUuid(id)
      ? []
      : await this.db
          .select({ id: tasks.id, kind: tasks.kind, patientId: tasks.patientId })
          .from(tasks)
          .where(and(eq(tasks.id, id), this.mine))
          .limit(1);
    if (!row) {
      this.audit.missed('task.update', 'task', id);
      throw AppError.notFound();
    }
    const patientsNamed = row.patientId ? [row.patientId] : [];
    if (!(MANUAL_TASK_KINDS as readonly string[]).includes(row.kind)) {
      this.audit.note({
        action: 'task.update',
        outcome: 'failure',
        resourceType: 'task',
        resourceId: id,
        patients: patientsNamed,
        details: { reason: 'system_managed' },
      });
      throw new AppError('TASK_SYSTEM_MANAGED', 'This task closes by itself when its work is done.');
    }
    await this.db
      .update(tasks)
      .set({ status, completedAt: status === 'done' ? at : null, updatedAt: at })
      .where(and(eq(tasks.id, id), this.mine, inArray(tasks.kind, MANUAL_TASK_KINDS)));
    this.audit.note({ action: 'task.update', resourceType: 'task', resourceId: id, patients: patientsNamed, details: { status } });
    return this.one(id);
  }

  /**
   * Of `candidates`, the one with the fewest open tasks (ties by id, so the choice is stable): who
   * a new staff inbox conversation goes to. Null when there is nobody.
   */
  async leastBusy(candidates: readonly string[]): Promise<string | null> {
    if (candidates.length === 0) return null;
    const open = sql`(select count(*) from ${tasks} where ${tasks.assigneeId} = ${users.id} and ${tasks.status} = 'open')`;
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...candidates]))
      .orderBy(asc(open), asc(users.id))
      .limit(1);
    return rows[0]?.id ?? null;
  }

  /** A system task for a staff inbox conversation, unless one is open for it already. */
  async openForConversation(values: {
    assigneeId: string;
    conversationId: string;
    patientId: string | null;
    title: string;
    dueDate: string;
  }) {
    const [existing] = await this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.conversationId, values.conversationId), eq(tasks.status, 'open')))
      .limit(1);
    if (existing) return existing.id;
    const [row] = await this.db
      .insert(tasks)
      .values({ ...values, kind: 'message', priority: 'medium' })
      .returning({ id: tasks.id });
    this.audit.note({
      action: 'task.create',
      resourceType: 'task',
      resourceId: row!.id,
      patients: values.patientId ? [values.patientId] : [],
      details: { kind: 'message' },
    });
    return row!.id;
  }

  /** Closes the open task of a staff inbox conversation (a staff member answered); returns its assignee, if any. */
  async closeForConversation(conversationId: string, at: Date): Promise<string | null> {
    const closed = await this.db
      .update(tasks)
      .set({ status: 'done', completedAt: at, updatedAt: at })
      .where(and(eq(tasks.conversationId, conversationId), eq(tasks.status, 'open')))
      .returning({ id: tasks.id, assigneeId: tasks.assigneeId, patientId: tasks.patientId });
    for (const row of closed) {
      this.audit.note({
        action: 'task.update',
        resourceType: 'task',
        resourceId: row.id,
        patients: row.patientId ? [row.patientId] : [],
        details: { status: 'done', kind: 'message' },
      });
    }
    return closed[0]?.assigneeId ?? null;
  }

  private async one(id: string) {
    const [row] = await this.selectTasks().where(eq(tasks.id, id)).limit(1);
    return row!;
  }

  private selectTasks() {
    return this.db
      .select(columns)
      .from(tasks)
      .innerJoin(assignees, eq(assignees.id, tasks.assigneeId))
      .leftJoin(patients, eq(patients.id, tasks.patientId))
      .leftJoin(refillRequests, eq(refillRequests.id, tasks.refillRequestId))
      .leftJoin(medications, eq(medications.id, refillRequests.medicationId))
      .leftJoin(labOrders, eq(labOrders.id, tasks.labOrderId))
      .$dynamic();
  }
}

export type TaskRowView = Awaited<ReturnType<TasksRepository['one']>>;
