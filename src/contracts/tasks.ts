import { z } from 'zod';
import { boundedDateSchema } from './dates';
import { DRUG_CODES } from './drug-catalogue';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { personNameSchema } from './person-name';

// Work items for a member of the organisation (the "tasks" view; refill requests came first). A task
// points at what it is about; the tasks view lists a person's own tasks, open ones first.

/**
 * The kinds of task, as data: whether its assignee ticks it off by hand (`manual`), or the system
 * closes it when the work it stands for is done (a refill request once decided). A new kind is a
 * row here, words in the tasks texts, and (for a system kind) the module that closes it.
 */
export const TASK_KIND_RULES = {
  'refill-request': { manual: false },
  // Results entered on an order, for its ordering doctor; closes when they are reviewed and released.
  'result-review': { manual: false },
  'follow-up': { manual: true },
  /** A conversation in the staff inbox, waiting for a staff member's reply; closes when staff reply. */
  message: { manual: false },
} as const satisfies Record<string, { manual: boolean }>;
export type TaskKind = keyof typeof TASK_KIND_RULES;
export const TASK_KINDS = Object.keys(TASK_KIND_RULES) as [TaskKind, ...TaskKind[]];
export const MANUAL_TASK_KINDS = TASK_KINDS.filter((kind) => TASK_KIND_RULES[kind].manual);

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** A refill request's task is due this many days after the request. */
export const REFILL_TASK_DUE_DAYS = 2;
/** A staff inbox message's task is due this many days after it arrived. */
export const MESSAGE_TASK_DUE_DAYS = 1;
export const TASK_TITLE_MAX = 200;
export const TASKS_PAGE_SIZE = 20;

export const taskSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TASK_KINDS),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** What the assignee typed (a manual task) or the English summary (a system task, worded by kind on the web). */
  title: z.string(),
  dueDate: z.iso.date().nullable(),
  assigneeId: z.uuid(),
  /** The assignee's name in parts, which the web orders in the reader's language. */
  assignee: personNameSchema,
  patientId: z.uuid().nullable(),
  /** The patient's name in parts; null for a task about no patient. */
  patient: personNameSchema.nullable(),
  /** The medication a refill-request task is about, with the drug list's code and strength the web words it by. */
  medicationName: z.string().nullable(),
  drugCode: z.enum(DRUG_CODES).nullable(),
  strength: z.string().nullable(),
  refillRequestId: z.uuid().nullable(),
  /** The order whose results a result-review task is about, and its English name. */
  labOrderId: z.uuid().nullable(),
  orderName: z.string().nullable(),
  /** The staff inbox conversation a message task is about. */
  conversationId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_LIST_FILTERS = ['open', 'done', 'all'] as const;
export type TaskListFilter = (typeof TASK_LIST_FILTERS)[number];

export const taskListQuerySchema = z
  .object({
    status: z.enum(TASK_LIST_FILTERS, 'choice.invalid').default('open'),
    ...pageQueryFields(TASKS_PAGE_SIZE),
  })
  .strict();
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListResponseSchema = pagedResponseSchema(taskSchema);
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const taskCountResponseSchema = z.object({ open: z.number().int() });

export const createTaskSchema = z
  .object({
    title: z.string('required').trim().min(1, 'required').max(TASK_TITLE_MAX, 'text.tooLong'),
    dueDate: boundedDateSchema().nullable().optional(),
    priority: z.enum(TASK_PRIORITIES, 'choice.invalid').default('medium'),
  })
  .strict();
export type CreateTask = z.input<typeof createTaskSchema>;

export const updateTaskSchema = z.object({ status: z.enum(TASK_STATUSES, 'choice.invalid') }).strict();
export type UpdateTask = z.infer<typeof updateTaskSchema>;

export const taskResponseSchema = z.object({ data: taskSchema });

/**
 * The caller's own tasks. Someone else's task answers 404 like a missing one; a task the system
 * closes by itself (TASK_KIND_RULES) cannot be ticked off by hand (TASK_SYSTEM_MANAGED).
 */
export const tasksApi = {
  list: defineRoute({ method: 'GET', path: '/api/tasks', query: taskListQuerySchema, response: taskListResponseSchema }),
  count: defineRoute({ method: 'GET', path: '/api/tasks/count', response: taskCountResponseSchema }),
  create: defineRoute({ method: 'POST', path: '/api/tasks', body: createTaskSchema, response: taskResponseSchema, status: 201 }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/tasks/:id',
    params: idParamsSchema,
    body: updateTaskSchema,
    response: taskResponseSchema,
    errors: ['NOT_FOUND', 'TASK_SYSTEM_MANAGED'],
  }),
};
