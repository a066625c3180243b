// Work items for a member of the organisation (the "tasks" view; refill requests came first). A task
// points at what it is about; the tasks view lists a person's open ones.

export const TASK_KINDS = ['refill-request'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
