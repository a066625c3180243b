import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createTaskSchema,
  TASK_KIND_RULES,
  TASK_LIST_FILTERS,
  TASK_PRIORITIES,
  type Task,
  type TaskListFilter,
} from '../../../../contracts/tasks';
import { pathForView } from '../../../../contracts/views';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields';
import { z } from 'zod';
import { optionalDaySchema } from '../../../../contracts/dates';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PageSection } from '../../../components/ui/page-section';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { Link } from 'react-router';
import { tasksQuery, useCreateTask, useSetTaskStatus } from '../api/tasks';
import { FilterButtons, useFilterAndPage } from '../../../components/ui/filter-buttons';
import { PagedList } from '../../../components/ui/paged-list';

const PRIORITY_TONES = {
  high: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  low: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
} as const;

/** The caller's tasks: open ones by due date, done ones after; follow-ups added and ticked off here. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<TaskListFilter>('open');
  const query = useQuery({ ...tasksQuery(filter, page), placeholderData: (previous) => previous });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
      </header>
      <NewTask />
      <PageSection title={t('list.title')} testId="tasks">
        <FilterButtons
          values={TASK_LIST_FILTERS}
          value={filter}
          label={t('list.filter')}
          textOf={(value) => t(`list.filters.${value}`)}
          onChange={chooseFilter}
        />
        <PagedList
          query={query}
          page={page}
          onPage={setPage}
          errorText={t('list.loadFailed')}
          emptyText={t(`list.none.${filter}`)}
          pagesLabel={t('list.pages')}
        >
          {(task) => <TaskItem key={task.id} task={task} />}
        </PagedList>
      </PageSection>
    </div>
  );
}

function TaskItem({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const nameOf = usePersonName();
  const setStatus = useSetTaskStatus();
  const manual = TASK_KIND_RULES[task.kind].manual;
  const title =
    task.kind === 'refill-request' && task.medicationName && task.patient
      ? t('kinds.refill-request', { medication: catalogue.drug({ ...task, name: task.medicationName }), patient: nameOf(task.patient) })
      : task.kind === 'result-review' && task.orderName && task.patient
        ? t('kinds.result-review', { order: task.orderName, patient: nameOf(task.patient) })
        : task.kind === 'message'
          ? t('kinds.message')
          : task.title;
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: task.id, status: task.status === 'open' ? 'done' : 'open' });
    } catch (error) {
      toast.error(errorText(t, error, t('list.changeFailed')));
    }
  };
  return (
    <li
      data-testid="task"
      data-status={task.status}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <p className={`font-semibold break-words ${task.status === 'done' ? 'line-through' : ''}`}>{title}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${PRIORITY_TONES[task.priority]}`}>
            {t(`priorities.${task.priority}`)}
          </span>
          <span>{task.dueDate ? t('list.due', { date: format.calendarDate(task.dueDate) }) : t('list.noDue')}</span>
          <span>{t('list.assignee', { name: nameOf(task.assignee) })}</span>
          {task.status === 'done' && task.completedAt ? <span>{t('list.doneOn', { date: format.date(task.completedAt) })}</span> : null}
        </p>
      </div>
      {manual ? (
        <Button
          variant="secondary"
          onClick={() => void toggle()}
          disabled={setStatus.isPending}
          aria-label={t(task.status === 'open' ? 'list.markDoneFor' : 'list.reopenFor', { title })}
        >
          {t(task.status === 'open' ? 'list.markDone' : 'list.reopen')}
        </Button>
      ) : task.status === 'open' && task.kind === 'message' && task.conversationId ? (
        <Link
          to={`${pathForView('messages')}?c=${encodeURIComponent(task.conversationId)}`}
          className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t('list.reply')}
        </Link>
      ) : task.status === 'open' ? (
        <Link
          to={pathForView(task.kind === 'result-review' ? 'orders' : 'medications')}
          className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t(task.kind === 'result-review' ? 'list.review' : 'list.decide')}
        </Link>
      ) : (
        <span className="text-sm text-slate-600 dark:text-slate-400">{t('list.closedBySystem')}</span>
      )}
    </li>
  );
}

// The contract's shape, with an empty date field meaning "no due date".
const newTaskSchema = createTaskSchema.extend({ dueDate: optionalDaySchema() });
type NewTaskValues = z.output<typeof newTaskSchema>;

function NewTask() {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: newTaskSchema, defaultValues: { title: '', dueDate: '', priority: 'medium' } });
  const onSubmit = async (values: NewTaskValues) => {
    setFailure(null);
    await create.mutateAsync({ ...values, dueDate: values.dueDate || null });
    form.reset({ title: '', dueDate: '', priority: 'medium' });
    toast.success(t('new.added'));
  };
  return (
    <PageSection title={t('new.title')} testId="new-task">
      <Form
        form={form}
        onSubmit={onSubmit}
        onFailure={(error) => setFailure(error)}
        className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <TextInput name="title" label={t('new.what')} />
        <DateInput name="dueDate" label={t('new.due')} />
        <SelectInput name="priority" label={t('new.priority')}>
          {TASK_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`priorities.${priority}`)}
            </option>
          ))}
        </SelectInput>
        <SubmitButton pending={t('new.adding')}>{t('new.add')}</SubmitButton>
        {failure ? <FormAlert testId="new-task-error">{errorText(t, failure, t('new.failed'))}</FormAlert> : null}
      </Form>
    </PageSection>
  );
}
