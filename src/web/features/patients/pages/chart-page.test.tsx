import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientChart } from '../../../../contracts/health-records';
import type { ChartConversation } from '../../../../contracts/messages';
import { allergy, json, PATIENT_ID, renderPatientView, stubRoutes, vital } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { ChartPage } from './chart-page';

// The chart as a doctor opens it: the header in view with allergies and alerts, the states of the
// page (loading, not in care with emergency access, error), and the vitals form's checks and body
// mass index before anything is sent.

const doctor = sessionUser({ id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', role: 'doctor', firstName: 'Maria', lastName: 'Lopez' });
const CHART = `/api/patients/${PATIENT_ID}/complete`;

function chart(overrides: Partial<PatientChart> = {}): PatientChart {
  return {
    patient: {
      id: PATIENT_ID,
      firstName: 'Ann',
      lastName: 'Patient',
      name: 'Ann Patient',
      email: 'ann@example.org',
      phone: null,
      dateOfBirth: '1980-04-02',
      gender: 'female',
      medicalRecordNumber: 'MRN00100001',
    },
    header: { age: 46, bloodType: 'O+', alerts: ['severe-allergy'] },
    demographics: {
      address: null,
      preferredLanguage: null,
      country: null,
      maritalStatus: null,
      occupation: null,
      insuranceProvider: null,
      insurancePolicyNumber: null,
      emergencyContact: null,
    },
    allergies: [allergy({ allergen: 'Penicillin', severity: 'severe' })],
    medications: [],
    problems: [],
    immunizations: [],
    medicalHistory: [],
    familyHistory: [],
    latestVitals: [vital({ type: 'height', value: 180, unit: 'cm' })],
    vitalSeries: [],
    labResults: [],
    appointments: [],
    documents: [],
    visitSummaries: [],
    ...overrides,
  };
}

function renderChart() {
  return renderPatientView(
    <Routes>
      <Route path="/patient/:id" element={<ChartPage />} />
    </Routes>,
    { path: `/patient/${PATIENT_ID}`, user: doctor },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the patient chart', { timeout: 20_000 }, () => {
  it('keeps the header with age, sex, record number, allergies and alerts above every section', async () => {
    stubRoutes({ [CHART]: () => json({ data: chart() }) });
    renderChart();
    const header = await screen.findByTestId('chart-header');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('Ann Patient');
    expect(header).toHaveTextContent('46 years');
    expect(header).toHaveTextContent('Female');
    expect(within(header).getByTestId('chart-mrn')).toHaveTextContent('MRN00100001');
    expect(within(header).getByTestId('chart-allergies')).toHaveTextContent('Penicillin · Severe');
    expect(within(header).getByTestId('chart-alerts')).toHaveTextContent('Severe allergy');
    for (const section of [
      'vitals',
      'allergies',
      'problems',
      'medications',
      'labs',
      'immunizations',
      'history',
      'demographics',
      'documents',
      'appointments',
    ]) {
      expect(screen.getByTestId(`chart-section-${section}`)).toBeInTheDocument();
    }
  });

  it('checks the vitals on the device: an implausible value gets its message and nothing is sent; the BMI shows from weight and the height on record', async () => {
    const asked = stubRoutes({ [CHART]: () => json({ data: chart() }) });
    const user = userEvent.setup();
    renderChart();
    const form = await screen.findByTestId('vitals-form');
    await user.type(within(form).getByLabelText('Weight (kg)'), '81');
    expect(within(form).getByTestId('bmi-preview')).toHaveTextContent(/^Body mass index: \u206825 kg\/m²\u2069$/);
    await user.type(within(form).getByLabelText('Temperature (°C)'), '370');
    await user.click(within(form).getByTestId('vitals-save'));
    expect(await within(form).findByText('This value is outside the plausible range')).toBeInTheDocument();
    expect(asked.filter((url) => url.endsWith('/vitals'))).toEqual([]);
  });

  it('offers a doctor emergency access to a chart outside their care, and sends the reason with the next reading', async () => {
    let calls = 0;
    const headers: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input !== CHART) return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
        calls += 1;
        headers.push(new Headers(init?.headers).get('x-break-glass-reason'));
        return calls === 1 ? json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404) : json({ data: chart() });
      }),
    );
    const user = userEvent.setup();
    renderChart();
    expect(await screen.findByText('This patient is not in your care')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason for emergency access'), 'short');
    await user.click(screen.getByRole('button', { name: 'Open the chart in an emergency' }));
    expect(await screen.findByText('Please give a reason of 10 to 500 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason for emergency access'), ' of breath, unconscious on arrival');
    await user.click(screen.getByRole('button', { name: 'Open the chart in an emergency' }));
    expect(await screen.findByText(/Opened in an emergency/)).toBeInTheDocument();
    expect(headers).toEqual([null, encodeURIComponent('short of breath, unconscious on arrival')]);
  });

  it('lists the patient’s conversations in a Messages section and reads one read-only; one the doctor is in links to his messages', async () => {
    const mine = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const others = '7a2b3c4d-5e6f-4a70-8b8c-9d0e1f2a3b4c';
    const ann = { userId: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient' as const, position: null };
    const chen = {
      userId: '8b3c4d5e-6f70-4a81-9c9d-0e1f2a3b4c5d',
      firstName: 'Michael',
      lastName: 'Chen',
      role: 'doctor' as const,
      position: null,
    };
    const me = { userId: doctor.id, firstName: 'Maria', lastName: 'Lopez', role: 'doctor' as const, position: null };
    const conversation = (id: string, subject: string, participants: ChartConversation['participants'], participating: boolean) => ({
      id,
      subject,
      topic: null,
      participants,
      messageCount: 2,
      lastMessageAt: '2026-03-02T10:00:00.000Z',
      participating,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const knee = conversation(others, 'My knee', [ann, chen], false);
    stubRoutes({
      [CHART]: () => json({ data: chart() }),
      [`/api/patients/${PATIENT_ID}/conversations`]: () =>
        json({ data: [conversation(mine, 'My results', [ann, me], true), knee], page: 1, pageSize: 20, total: 2 }),
      [`/api/patients/${PATIENT_ID}/conversations/${others}`]: () =>
        json({
          data: {
            conversation: knee,
            hasOlder: false,
            messages: [
              {
                id: '9c4d5e6f-7081-4b92-8dae-1f2a3b4c5d6e',
                conversationId: others,
                senderId: PATIENT_ID,
                sender: { firstName: 'Ann', lastName: 'Patient' },
                senderRole: 'patient',
                body: 'It hurts on the stairs.',
                attachments: [
                  { id: '0d5e6f70-8192-4ca3-9ebf-2a3b4c5d6e7f', filename: 'x-ray.pdf', mimeType: 'application/pdf', sizeBytes: 10 },
                ],
                createdAt: '2026-03-01T10:00:00.000Z',
              },
            ],
          },
        }),
    });
    const user = userEvent.setup();
    renderChart();
    const section = await screen.findByTestId('chart-section-messages');
    expect(within(section).getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    const items = await within(section).findAllByTestId('chart-conversation');
    expect(items[0]).toHaveTextContent('My results');
    expect(within(items[0]!).getByRole('link', { name: 'Open in my messages' })).toHaveAttribute('href', `/messages?c=${mine}`);
    expect(items[1]).toHaveTextContent('Between Ann Patient, Dr. Michael Chen');
    expect(items[1]).toHaveTextContent('2 messages');
    expect(within(items[1]!).queryByRole('link', { name: 'Open in my messages' })).toBeNull();
    await user.click(within(items[1]!).getByRole('button', { name: 'Read' }));
    const thread = await within(section).findByTestId('chart-thread');
    expect(thread).toHaveTextContent('It hurts on the stairs.');
    // Its file downloads from the chart, under the patient and the conversation.
    expect(within(thread).getByRole('link', { name: 'Download x-ray.pdf (10 bytes)' })).toHaveAttribute(
      'href',
      `/api/patients/${PATIENT_ID}/conversations/${others}/attachments/0d5e6f70-8192-4ca3-9ebf-2a3b4c5d6e7f`,
    );
    expect(thread).toHaveTextContent('Read-only');
    // Read-only: nowhere to write.
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('loads a long conversation’s earlier messages on request, above the ones shown, until there are none', async () => {
    const long = '7a2b3c4d-5e6f-4a70-8b8c-9d0e1f2a3b4c';
    const ann = { userId: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient' as const, position: null };
    const summary = {
      id: long,
      subject: 'A long story',
      topic: null,
      participants: [ann],
      messageCount: 120,
      lastMessageAt: '2026-03-02T10:00:00.000Z',
      participating: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    // 120 messages, numbered in the order sent; the server answers pages of 50 before an anchor.
    const all = Array.from({ length: 120 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      conversationId: long,
      senderId: PATIENT_ID,
      sender: { firstName: 'Ann', lastName: 'Patient' },
      senderRole: 'patient' as const,
      body: `Message ${i + 1}`,
      attachments: [],
      createdAt: '2026-03-01T10:00:00.000Z',
    }));
    const asked: string[] = [];
    let release: (() => void) | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === CHART) return json({ data: chart() });
        if (url.pathname === `/api/patients/${PATIENT_ID}/conversations`) return json({ data: [summary], page: 1, pageSize: 20, total: 1 });
        if (url.pathname !== `/api/patients/${PATIENT_ID}/conversations/${long}`)
          return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
        asked.push(url.search);
        const before = url.searchParams.get('before');
        const end = before ? all.findIndex((message) => message.id === before) : all.length;
        // The second page waits, so the button's loading state can be seen.
        if (before) await new Promise<void>((resolve) => (release = resolve));
        const messages = all.slice(Math.max(0, end - 50), end);
        return json({ data: { conversation: summary, messages, hasOlder: end > 50 } });
      }),
    );
    const user = userEvent.setup();
    renderChart();
    const section = await screen.findByTestId('chart-section-messages');
    await user.click(within(await within(section).findByTestId('chart-conversation')).getByRole('button', { name: 'Read' }));
    const thread = await within(section).findByTestId('chart-thread');
    const bodies = () =>
      within(thread)
        .getAllByTestId('chart-message')
        .map((item) => item.querySelector('p.text-sm')!.textContent);
    expect(bodies()).toEqual(all.slice(70).map((message) => message.body));

    const earlier = within(thread).getByRole('button', { name: 'Show earlier messages' });
    await user.click(earlier);
    expect(await within(thread).findByRole('button', { name: 'Loading earlier messages…' })).toHaveAttribute('aria-busy', 'true');
    release!();
    await within(thread).findByText('Message 21');
    expect(bodies()).toEqual(all.slice(20).map((message) => message.body));
    await user.click(within(thread).getByRole('button', { name: 'Show earlier messages' }));
    release!();
    await within(thread).findByText('Message 1');
    // Every message once, in the order sent; nothing earlier to ask for.
    expect(bodies()).toEqual(all.map((message) => message.body));
    expect(within(thread).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    expect(asked).toEqual(['', `?before=${all[70]!.id}`, `?before=${all[20]!.id}`]);
  });

  it('says when the chart cannot be loaded, with a retry', async () => {
    stubRoutes({});
    renderChart();
    // The server's code, in the reader's words.
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
