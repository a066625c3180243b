import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, PATIENT_ID, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { MessagesSection } from './messages-section';

// A file in a patient's conversation, downloaded from her chart under an emergency reading: a link
// cannot carry the reason, so the file is fetched with it and handed to the browser's downloads;
// a refusal is told beside the file.

const doctor = sessionUser({ id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', role: 'doctor', firstName: 'Maria', lastName: 'Lopez' });
const CONVERSATION = '7a2b3c4d-5e6f-4a70-8b8c-9d0e1f2a3b4c';
const FILE = '0d5e6f70-8192-4ca3-9ebf-2a3b4c5d6e7f';
const REASON = 'Unconscious on arrival, no one to ask';
const summary = {
  id: CONVERSATION,
  subject: 'My knee',
  topic: null,
  participants: [{ userId: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient' as const, position: null }],
  messageCount: 1,
  lastMessageAt: '2026-03-02T10:00:00.000Z',
  participating: false,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const thread = {
  conversation: summary,
  hasOlder: false,
  messages: [
    {
      id: '9c4d5e6f-7081-4b92-8dae-1f2a3b4c5d6e',
      conversationId: CONVERSATION,
      senderId: PATIENT_ID,
      sender: { firstName: 'Ann', lastName: 'Patient' },
      senderRole: 'patient',
      body: 'The scan from the other clinic.',
      attachments: [{ id: FILE, filename: 'Röntgen knee.pdf', mimeType: 'application/pdf', sizeBytes: 2048 }],
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
};
const FILE_URL = `/api/patients/${PATIENT_ID}/conversations/${CONVERSATION}/attachments/${FILE}`;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(file: () => Response) {
  const calls: Array<{ url: string; reason: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ url: input, reason: new Headers(init?.headers).get('x-break-glass-reason') });
      if (input.startsWith(`/api/patients/${PATIENT_ID}/conversations?`)) return json({ data: [summary], page: 1, pageSize: 20, total: 1 });
      if (input === `/api/patients/${PATIENT_ID}/conversations/${CONVERSATION}`) return json({ data: thread });
      if (input === FILE_URL) return file();
      return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

async function openThread() {
  const user = userEvent.setup();
  renderPatientView(<MessagesSection patientId={PATIENT_ID} emergencyReason={REASON} />, { user: doctor });
  await user.click(await screen.findByRole('button', { name: 'Read' }));
  const shown = await screen.findByTestId('chart-thread');
  return { user, link: within(shown).getByRole('link', { name: 'Download Röntgen knee.pdf (2 kB)' }), shown };
}

describe('a file downloaded from the chart in an emergency', () => {
  it('is fetched with the emergency reason and saved under its own name', async () => {
    const calls = stub(() => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(() => 'blob:file');
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, link } = await openThread();
    await user.click(link);
    await vi.waitFor(() => expect(saved).toEqual(['Röntgen knee.pdf']));
    expect(calls.find((call) => call.url === FILE_URL)).toEqual({ url: FILE_URL, reason: encodeURIComponent(REASON) });
    // Every reading of the chart carried the reason too.
    expect(calls.every((call) => call.reason === encodeURIComponent(REASON))).toBe(true);
    click.mockRestore();
  });

  it('tells the reader when the file could not be downloaded', async () => {
    stub(() => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    const { user, link, shown } = await openThread();
    await user.click(link);
    expect(await within(shown).findByRole('alert')).toHaveTextContent('This could not be found. It may have been removed.');
  });
});
