// Work items for a member of the organisation (spec §2 "tasks" view, issue 7 item 5 first). A task
// points at what it is about; the tasks view lists a person's open ones.

export const TASK_KINDS = ['refill-request'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
