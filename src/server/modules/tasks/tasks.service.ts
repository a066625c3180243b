import { knownDrugCode } from '../../../contracts/drug-catalogue';
import {
  MESSAGE_TASK_DUE_DAYS,
  type CreateTask,
  type Task,
  type TaskListQuery,
  type TaskListResponse,
  type UpdateTask,
} from '../../../contracts/tasks';
import { addCalendarDays } from '../../../contracts/dates';
import { personNameOf } from '../../../contracts/person-name';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { TasksRepository, type TaskRowView } from './tasks.repository';

// A member of the organisation's own work list. System tasks (a refill request) are created and
// closed by the module whose work they stand for; manual ones are added and ticked off here.

export class TasksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(ctx: AccessContext, query: TaskListQuery): Promise<TaskListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(TasksRepository).list(query.status, query.page, query.pageSize);
      return { data: rows.map(toTask), page: query.page, pageSize: query.pageSize, total };
    });
  }

  openCount(ctx: AccessContext): Promise<{ open: number }> {
    return this.uow.read(ctx, async (work) => ({ open: await work.use(TasksRepository).openCount() }));
  }

  create(ctx: AccessContext, input: CreateTask): Promise<Task> {
    return this.uow.write(ctx, async (work) =>
      toTask(
        await work
          .use(TasksRepository)
          .create({ title: input.title, dueDate: input.dueDate ?? null, priority: input.priority ?? 'medium' }),
      ),
    );
  }

  /**
   * Inside another module's write: a task for the staff inbox conversation, given to the member of
   * `candidates` with the fewest open tasks. Returns the assignee (null when there is nobody).
   */
  async openForConversationIn(
    work: Work,
    input: { conversationId: string; patientId: string | null; candidates: readonly string[] },
  ): Promise<string | null> {
    const repository = work.use(TasksRepository);
    const assigneeId = await repository.leastBusy(input.candidates);
    if (!assigneeId) return null;
    const due = addCalendarDays(this.now().toISOString().slice(0, 10), MESSAGE_TASK_DUE_DAYS);
    await repository.openForConversation({
      assigneeId,
      conversationId: input.conversationId,
      patientId: input.patientId,
      title: 'Reply to a message in the staff inbox',
      dueDate: due,
    });
    return assigneeId;
  }

  /** Inside another module's write: the conversation was answered, so its task is done. */
  closeForConversationIn(work: Work, conversationId: string): Promise<string | null> {
    return work.use(TasksRepository).closeForConversation(conversationId, this.now());
  }

  update(ctx: AccessContext, id: string, input: UpdateTask): Promise<Task> {
    return this.uow.write(ctx, async (work) => toTask(await work.use(TasksRepository).setStatus(id, input.status, this.now())));
  }
}

function toTask(row: TaskRowView): Task {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    priority: row.priority,
    title: row.title,
    dueDate: row.dueDate,
    assigneeId: row.assigneeId,
    assignee: { firstName: row.assigneeFirstName, lastName: row.assigneeLastName },
    patientId: row.patientId,
    patient: row.patientId ? personNameOf(row.patientFirstName, row.patientLastName) : null,
    medicationName: row.medicationName,
    drugCode: knownDrugCode(row.drugCode),
    strength: row.strength,
    refillRequestId: row.refillRequestId,
    labOrderId: row.labOrderId,
    orderName: row.orderName,
    conversationId: row.conversationId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
