import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { ClinicalNote, NoteListResponse, NoteTemplate } from '../../../../contracts/clinical-notes';
import { appointment, json, patientUser, renderPatientView } from '../../../lib/clinical/testing';
import { clearFormBackups } from '../../../lib/forms/form-backup';
import { initI18n } from '../../../lib/i18n';
import { ClinicalNotesPage } from './clinical-notes-page';
import { NoteEditorPage } from './note-editor-page';
import { TemplatesPage } from './templates-page';

// The doctor's notes views with real components, i18n and TanStack Query; fetch is the only thing
// replaced. The list, the editor's autosave (saved, failed and kept, retried, stale) and the locked
// note, and the templates list, each with its loading, empty and error states.

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const NOTE_ID = '0d9b3f4e-1c2a-4b5d-8e6f-7a8b9c0d1e2f';
const doctor = patientUser({ id: DOCTOR_ID, role: 'doctor', firstName: 'Maria', lastName: 'Lopez', name: 'Maria Lopez' });
const person = (firstName: string, lastName: string, id: string = crypto.randomUUID()) => ({ id, firstName, lastName });

function note(overrides: Partial<ClinicalNote> = {}): ClinicalNote {
  return {
    id: NOTE_ID,
    patient: person('Ann', 'Patient'),
    doctor: person('Maria', 'Lopez', DOCTOR_ID),
    appointmentId: crypto.randomUUID(),
    visitAt: '2026-11-20T10:00:00.000Z',
    templateId: null,
    status: 'draft',
    subjective: 'Headache for two days.',
    objective: '',
    assessment: '',
    plan: '',
    instructions: '',
    version: 1,
    signedAt: null,
    signedBy: null,
    addenda: [],
    createdAt: '2026-11-20T10:30:00.000Z',
    updatedAt: '2026-11-20T10:30:00.000Z',
    ...overrides,
  };
}

type Handler = (method: string, url: string, body: unknown) => Response | Promise<Response>;

/** Replaces fetch: the CSRF token is given, everything else goes to `handler` (which may throw, like a lost connection). */
function stubFetch(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body);
    }),
  );
  return calls;
}

function renderEditor() {
  return renderPatientView(
    <Routes>
      <Route path="/clinical-notes/:id" element={<NoteEditorPage />} />
    </Routes>,
    { path: `/clinical-notes/${NOTE_ID}`, user: doctor },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearFormBackups();
});

describe('clinical notes list', { timeout: 20_000 }, () => {
  const page = (data: NoteListResponse['data'], unsigned: number): NoteListResponse => ({
    data,
    page: 1,
    pageSize: 25,
    total: data.length,
    unsigned,
  });

  it('shows what waits for a signature first, and opens a note', async () => {
    const { subjective: _s, objective: _o, assessment: _a, plan: _p, instructions: _i, addenda: _ad, signedBy: _sb, ...summary } = note();
    stubFetch((_method, url) => {
      if (url.startsWith('/api/clinical-notes')) {
        return json(page([summary, { ...summary, id: crypto.randomUUID(), status: 'signed', appointmentId: null, visitAt: null }], 1));
      }
      return json({ data: [], page: 1, pageSize: 100, total: 0 });
    });
    renderPatientView(<ClinicalNotesPage />, { user: doctor });
    expect(await screen.findByTestId('unsigned-count')).toHaveTextContent('1 note waits for your signature.');
    const rows = screen.getAllByTestId('note-row');
    expect(rows[0]).toHaveTextContent('Ann Patient');
    expect(within(rows[0]!).getByTestId('note-status')).toHaveTextContent('Draft');
    expect(rows[0]).toHaveAttribute('href', `/clinical-notes/${NOTE_ID}`);
    expect(rows[1]).toHaveTextContent('Note without a visit');
    expect(within(rows[1]!).getByTestId('note-status')).toHaveTextContent('Signed');
  });

  it('offers the patient’s visits that are under way or over, and not one still to come', async () => {
    const ann = { ...person('Ann', 'Patient'), medicalRecordNumber: 'MRN1001', dateOfBirth: '1980-01-02', email: null, phone: null };
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const visit = (
      reason: string,
      startsAt: string,
      status: 'scheduled' | 'in-progress' | 'completed' | 'cancelled',
      doctorId = DOCTOR_ID,
    ) => appointment({ patientId: ann.id, doctorId, reason, startsAt, endsAt: startsAt, status });
    const visits = [
      visit('Booked for next week', hours(24 * 7), 'scheduled'),
      // Seen ahead of the booked time: under way, though its time is still to come.
      visit('Seen early today', hours(2), 'in-progress'),
      visit('Last month', hours(-24 * 30), 'completed'),
      visit('Called off', hours(-24 * 3), 'cancelled'),
      visit('With a colleague', hours(-24 * 2), 'completed', crypto.randomUUID()),
    ];
    const calls = stubFetch((_method, url) => {
      if (url.startsWith('/api/clinical-notes')) return json(page([], 0));
      if (url.startsWith(`/api/appointments/patient/${ann.id}`))
        return json({ data: visits, page: 1, pageSize: 100, total: visits.length });
      if (url.startsWith('/api/patients')) return json({ data: [ann], page: 1, pageSize: 100, total: 1 });
      return json({ data: [] });
    });
    const user = userEvent.setup();
    renderPatientView(<ClinicalNotesPage />, { user: doctor });
    const patient = await screen.findByTestId('new-note-patient');
    await waitFor(() => expect(patient).toBeEnabled());
    await user.selectOptions(patient, ann.id);
    const choice = screen.getByTestId('new-note-visit');
    await waitFor(() => expect(within(choice).getAllByRole('option')).toHaveLength(3));
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No visit', expect.stringContaining('Seen early today'), expect.stringContaining('Last month')]);
    expect(calls.find((call) => call.url.startsWith('/api/appointments/patient/'))?.url).toContain('when=all');
  });

  it('says when there are no notes, and offers a retry when the list fails', async () => {
    let fail = true;
    stubFetch((_method, url) => {
      if (url.startsWith('/api/clinical-notes'))
        return fail ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) : json(page([], 0));
      return json({ data: [], page: 1, pageSize: 100, total: 0 });
    });
    renderPatientView(<ClinicalNotesPage />, { user: doctor });
    expect(await screen.findByText(/The notes could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
  });
});

describe('note editor', { timeout: 30_000 }, () => {
  it('saves what is typed after a pause, with the version it was based on', async () => {
    let stored = note();
    const calls = stubFetch((method, _url, body) => {
      if (method === 'PUT') {
        stored = { ...stored, ...(body as object), version: stored.version + 1 };
        return json({ data: stored });
      }
      return json({ data: stored });
    });
    renderEditor();
    const subjective = await screen.findByLabelText('Subjective');
    expect(subjective).toHaveValue('Headache for two days.');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved');
    await userEvent.type(subjective, ' Better today.');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Changes not saved yet');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'), { timeout: 5000 });
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toMatchObject({ version: 1, subjective: 'Headache for two days. Better today.' });
  });

  it('keeps the text when the connection is lost, says so, and sends it again on retry', async () => {
    let online = false;
    stubFetch((method, _url, body) => {
      if (method === 'PUT') {
        if (!online) throw new TypeError('Failed to fetch');
        return json({ data: note({ ...(body as object), version: 2 }) });
      }
      return json({ data: note() });
    });
    const first = renderEditor();
    const plan = await screen.findByLabelText('Plan');
    await userEvent.type(plan, 'Rest and fluids.');
    expect(await screen.findByText('Not saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveTextContent('the server could not be reached');
    expect(plan).toHaveValue('Rest and fluids.');

    // Leaving and coming back in the same tab: the unsaved text is still there, and is sent again.
    first.unmount();
    online = true;
    renderEditor();
    expect(await screen.findByLabelText('Plan')).toHaveValue('Rest and fluids.');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'), { timeout: 5000 });
  });

  it('retries on request and tells a stale save apart, offering the latest version', async () => {
    let answer: 'offline' | 'stale' = 'offline';
    stubFetch((method) => {
      if (method === 'PUT') {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return json({ error: { code: 'NOTE_VERSION_CONFLICT', message: 'stale' } }, 409);
      }
      return json({ data: note() });
    });
    renderEditor();
    await userEvent.type(await screen.findByLabelText('Assessment'), 'Tension headache.');
    await userEvent.click(await screen.findByTestId('save-retry', {}, { timeout: 5000 }));
    expect(screen.getByTestId('save-status')).toHaveTextContent('Not saved');
    answer = 'stale';
    await userEvent.click(screen.getByTestId('save-retry'));
    expect(await screen.findByText(/This note was changed elsewhere \(another tab or device\)/)).toBeInTheDocument();
    expect(screen.getByTestId('save-reload')).toHaveTextContent('Load the latest version');
    await userEvent.click(screen.getByTestId('save-reload'));
    await waitFor(() => expect(screen.getByLabelText('Assessment')).toHaveValue(''));
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved');
  });

  it('signs after confirmation and shows the locked note', async () => {
    const signed = note({
      status: 'signed',
      version: 2,
      signedAt: '2026-11-20T11:00:00.000Z',
      signedBy: person('Maria', 'Lopez', DOCTOR_ID),
      instructions: 'Drink water.',
    });
    const calls = stubFetch((method, url) =>
      method === 'POST' && url.endsWith('/sign') ? json({ data: signed }) : json({ data: note() }),
    );
    renderEditor();
    await userEvent.click(await screen.findByTestId('sign-note'));
    const dialog = await screen.findByTestId('sign-dialog');
    expect(dialog).toHaveTextContent('The patient will see your instructions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign now' }));
    expect(await screen.findByTestId('signed-by')).toHaveTextContent('Signed by Dr. Maria Lopez');
    expect(screen.getByTestId('signed-instructions')).toHaveTextContent('Drink water.');
    expect(screen.queryByLabelText('Subjective')).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/sign'))?.body).toEqual({ version: 1 });
  });

  it('takes an addendum on a signed note, checking it is not empty', async () => {
    const signed = note({
      status: 'signed',
      version: 2,
      signedAt: '2026-11-20T11:00:00.000Z',
      signedBy: person('Maria', 'Lopez', DOCTOR_ID),
    });
    stubFetch((method, _url, body) =>
      method === 'POST'
        ? json(
            {
              data: {
                ...signed,
                addenda: [
                  {
                    id: crypto.randomUUID(),
                    text: (body as { text: string }).text,
                    author: signed.doctor,
                    createdAt: '2026-11-21T09:00:00.000Z',
                  },
                ],
              },
            },
            201,
          )
        : json({ data: signed }),
    );
    renderEditor();
    expect(await screen.findByText('No addenda.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('addendum-submit'));
    expect(await screen.findByText('Please write something here')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New addendum'), 'MRI normal.');
    await userEvent.click(screen.getByTestId('addendum-submit'));
    expect(await screen.findByTestId('addenda')).toHaveTextContent('MRI normal.');
  });

  it('says when the note cannot be loaded', async () => {
    stubFetch(() => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    renderEditor();
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});

describe('templates', { timeout: 20_000 }, () => {
  const template = (overrides: Partial<NoteTemplate>): NoteTemplate => ({
    id: crypto.randomUUID(),
    name: 'Follow-up',
    specialty: 'Family Medicine',
    shared: false,
    owner: person('Maria', 'Lopez', DOCTOR_ID),
    mine: true,
    subjective: '',
    objective: '{{vitals}}',
    assessment: '',
    plan: '',
    instructions: '',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

  it('lists own and shared templates; only one’s own can be edited', async () => {
    stubFetch((_method, url) =>
      url.startsWith('/api/note-templates')
        ? json({ data: [template({}), template({ name: 'Chest pain', shared: true, mine: false, owner: person('Omar', 'Haddad') })] })
        : json({ data: { specialty: 'Family Medicine' } }),
    );
    renderPatientView(<TemplatesPage />, { user: doctor });
    const rows = await screen.findAllByTestId('template-row');
    expect(rows[0]).toHaveTextContent('Follow-up');
    expect(rows[0]).toHaveTextContent('Only you');
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Follow-up' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('By Dr. Omar Haddad');
    expect(rows[1]).toHaveTextContent('Shared');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('narrows the list to one specialty on the server', async () => {
    const calls = stubFetch((_method, url) =>
      url.startsWith('/api/note-templates')
        ? json({ data: url.includes('Cardiology') ? [template({ name: 'Chest pain', specialty: 'Cardiology' })] : [template({})] })
        : json({ data: { specialty: 'Family Medicine' } }),
    );
    renderPatientView(<TemplatesPage />, { user: doctor });
    expect(await screen.findByText('Follow-up')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('template-filter'), 'Cardiology');
    expect(await screen.findByText('Chest pain')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/note-templates?specialty=Cardiology');
  });

  it('checks a new template’s name before sending it', async () => {
    const calls = stubFetch((_method, url) =>
      url.startsWith('/api/note-templates') ? json({ data: [] }) : json({ data: { specialty: 'Family Medicine' } }),
    );
    renderPatientView(<TemplatesPage />, { user: doctor });
    expect(await screen.findByText('No templates yet')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('new-template'));
    await userEvent.click(await screen.findByTestId('template-save'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says when the templates cannot be loaded', async () => {
    stubFetch(() => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    renderPatientView(<TemplatesPage />, { user: doctor });
    expect(await screen.findByText(/Something went wrong on our side/)).toBeInTheDocument();
  });
});
