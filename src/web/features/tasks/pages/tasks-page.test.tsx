import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../../contracts/tasks';
import { json, patientUser, PATIENT_ID, renderPatientView, stubApi } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { TasksPage } from './tasks-page';

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const doctor = patientUser({ id: DOCTOR_ID, role: 'doctor', firstName: 'Maria', lastName: 'Lopez', name: 'Maria Lopez' });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: crypto.randomUUID(),
    kind: 'follow-up',
    status: 'open',
    priority: 'medium',
    title: 'StubbedCall the lab',
    dueDate: '2026-12-01',
    assigneeId: DOCTOR_ID,
    assignee: { firstName: 'Maria', lastName: 'Lopez' },
    patientId: null,
    patient: null,
    medicationName: null,
    drugCode: null,
    strength: null,
    refillRequestId: null,
    labOrderId: null,
    orderName: null,
    conversationId: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const list = (data: Task[]) => () => json({ data, page: 1, pageSize: 20, total: data.length });

describe('tasks view', { timeout: 20_000 }, () => {
  it('words a refill task by kind and offers done only for manual tasks', async () => {
    const followUp = task({ priority: 'high' });
    const calls = stubApi({
      'GET /api/tasks': list([
        task({
          kind: 'refill-request',
          title: 'Refill request: X',
          patientId: PATIENT_ID,
          patient: { firstName: 'Ann', lastName: 'Patient' },
          medicationName: 'Lisinopril 10 mg',
          refillRequestId: crypto.randomUUID(),
        }),
        followUp,
      ]),
      [`PATCH /api/tasks/${followUp.id}`]: () => json({ data: { ...followUp, status: 'done' } }),
    });
    const user = userEvent.setup();
    renderPatientView(<TasksPage />, { user: doctor });
    const items = await screen.findAllByTestId('task');
    expect(items[0]).toHaveTextContent('Refill request: Lisinopril 10 mg for Ann Patient');
    expect(within(items[0]!).getByRole('link', { name: 'Decide in Medications' })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('High');
    expect(items[1]).toHaveTextContent('Due Dec 1, 2026');
    await user.click(within(items[1]!).getByRole('button', { name: 'Mark “StubbedCall the lab” done' }));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'done' });
  });

  it('says when nothing is open, and offers a retry when the list fails', async () => {
    let up = false;
    stubApi({ 'GET /api/tasks': () => (up ? list([])() : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)) });
    const user = userEvent.setup();
    renderPatientView(<TasksPage />, { user: doctor });
    const section = screen.getByTestId('tasks');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your tasks could not be loaded.');
    up = true;
    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText('Nothing open: you are up to date.')).toBeInTheDocument();
  });

  it('adds a follow-up with a due date and priority', async () => {
    const calls = stubApi({
      'GET /api/tasks': list([]),
      'POST /api/tasks': (call) => json({ data: task(call.body as Partial<Task>) }, 201),
    });
    const user = userEvent.setup();
    renderPatientView(<TasksPage />, { user: doctor });
    const form = screen.getByTestId('new-task');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByTestId('title-error')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('What needs doing'), 'Review the ECG');
    await user.selectOptions(within(form).getByLabelText('Priority'), 'low');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Review the ECG', dueDate: null, priority: 'low' });
  });
});
