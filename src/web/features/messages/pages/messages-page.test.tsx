import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../contracts/messages';
import { json, patientUser, PATIENT_ID, renderPatientView, stubApi } from '../../../lib/clinical/testing';
import { clinicalFormat } from '../../../lib/clinical/format';
import { i18next, initI18n } from '../../../lib/i18n';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';
import { fakeEnvironment } from '../../../lib/realtime/testing/fake-environment';
import { SessionContext } from '../../../lib/session/use-session';
import { MemoryRouter } from 'react-router';
import { messagesReactions } from '../api/reactions';
import { splitLinks } from '../lib/linkify';
import { MessagesPage } from './messages-page';

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const CONVERSATION_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    subject: 'Question about my blood test',
    topic: null,
    patientId: PATIENT_ID,
    participants: [
      { userId: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient', position: null, readUpTo: null, readAt: null },
      { userId: DOCTOR_ID, firstName: 'Maria', lastName: 'Lopez', role: 'doctor', position: null, readUpTo: null, readAt: null },
    ],
    unread: 0,
    archived: false,
    lastMessage: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

function message(body: string, overrides: Partial<Message> = {}): Message {
  return {
    id: crypto.randomUUID(),
    conversationId: CONVERSATION_ID,
    senderId: DOCTOR_ID,
    sender: { firstName: 'Maria', lastName: 'Lopez' },
    senderRole: 'doctor',
    body,
    attachments: [],
    createdAt: '2026-11-01T09:05:00.000Z',
    ...overrides,
  };
}

const list = (data: Conversation[]) => () => json({ data, page: 1, pageSize: 20, total: data.length });

describe('messages view', { timeout: 20_000 }, () => {
  it('says there are no conversations yet, and offers a retry when the list fails', async () => {
    let up = false;
    stubApi({ 'GET /api/conversations': () => (up ? list([])() : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)) });
    const user = userEvent.setup();
    renderPatientView(<MessagesPage />);
    const region = screen.getByTestId('conversation-list');
    expect(await within(region).findByRole('alert')).toHaveTextContent('Your conversations could not be loaded.');
    up = true;
    await user.click(within(region).getByRole('button', { name: 'Try Again' }));
    expect(await within(region).findByText('No conversations yet. Start one with New message.')).toBeInTheDocument();
  });

  it('shows the unread count, and opening the conversation marks it read; markup in a body stays text', async () => {
    const hostile = '<img src=x onerror="alert(1)"> see https://example.org/info. <b>thanks</b>';
    let unread = 2;
    const calls = stubApi({
      'GET /api/conversations': () => list([conversation({ unread })])(),
      [`GET /api/conversations/${CONVERSATION_ID}`]: () =>
        json({ data: { conversation: conversation({ unread }), messages: [message('Hello Ann'), message(hostile)], hasOlder: false } }),
      [`POST /api/conversations/${CONVERSATION_ID}/read`]: () => {
        unread = 0;
        return json({ unread: 0 });
      },
    });
    const user = userEvent.setup();
    const { container } = renderPatientView(<MessagesPage />);
    const item = await screen.findByTestId('conversation');
    expect(within(item).getByText('2 unread messages')).toBeInTheDocument();
    await user.click(item);
    const thread = await screen.findByTestId('thread');
    const bodies = await within(thread).findAllByTestId('message-body');
    expect(bodies[1]!.textContent).toBe(hostile);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const link = within(bodies[1]!).getByRole('link', { name: 'https://example.org/info' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/read'))).toBe(true);
    expect(await screen.findByTestId('conversation')).toHaveAttribute('data-unread', '0');
  });

  it('shows each file of a message as a download link with its name and size', async () => {
    const attachmentId = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
    const letter = message('Your letter', {
      attachments: [{ id: attachmentId, filename: 'Discharge letter.pdf', mimeType: 'application/pdf', sizeBytes: 52_000 }],
    });
    stubApi({
      'GET /api/conversations': list([conversation()]),
      [`GET /api/conversations/${CONVERSATION_ID}`]: () =>
        json({ data: { conversation: conversation(), messages: [letter], hasOlder: false } }),
    });
    const user = userEvent.setup();
    renderPatientView(<MessagesPage />);
    await user.click(await screen.findByTestId('conversation'));
    const files = await screen.findByRole('list', { name: 'Attached files' });
    const link = within(files).getByRole('link', { name: 'Download Discharge letter.pdf, 51 kB' });
    expect(link).toHaveAttribute('href', `/api/message-attachments/${attachmentId}`);
    expect(link).toHaveAttribute('download', 'Discharge letter.pdf');
  });

  it('names the people of a conversation in the reader’s order: in Chinese, family name first and unspaced', async () => {
    await i18next.changeLanguage('zh');
    try {
      const doctorWang = {
        userId: DOCTOR_ID,
        firstName: '伟',
        lastName: '王',
        role: 'doctor' as const,
        position: null,
        readUpTo: null,
        readAt: null,
      };
      const chat = conversation({ participants: [conversation().participants[0]!, doctorWang] });
      stubApi({
        'GET /api/conversations': list([chat]),
        [`GET /api/conversations/${CONVERSATION_ID}`]: () =>
          json({
            data: {
              conversation: chat,
              messages: [message('你好', { sender: { firstName: '伟', lastName: '王' } })],
              hasOlder: false,
            },
          }),
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: () => json({ unread: 0 }),
      });
      const user = userEvent.setup();
      renderPatientView(<MessagesPage />);
      const item = await screen.findByTestId('conversation');
      expect(item).toHaveTextContent('王伟 医生');
      await user.click(item);
      const thread = await screen.findByTestId('thread');
      await within(thread).findAllByTestId('message-body');
      expect(thread).toHaveTextContent('王伟 医生');
      expect(thread).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('starts a conversation with a file as one form; a file the server refuses is said in the reader’s words and nothing typed is lost', async () => {
    const sent: Array<{ url: string; body: FormData }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === '/api/csrf-token') return json({ csrfToken: 'token-1' });
        if (input.startsWith('/api/conversations/recipients'))
          return json({
            data: [{ id: DOCTOR_ID, firstName: 'Maria', lastName: 'Lopez', role: 'doctor', position: null }],
            topics: ['other'],
          });
        if ((init?.method ?? 'GET') === 'POST') {
          sent.push({ url: input, body: init!.body as FormData });
          const refusal = 'Only PDF, PNG, JPEG and WebP files can be uploaded.';
          return json({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: refusal, fields: { files: refusal } } }, 415);
        }
        return json({ data: [], page: 1, pageSize: 20, total: 0 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderPatientView(<MessagesPage />, { path: '/', user: patientUser() });
    await user.click(await screen.findByTestId('new-conversation'));
    const dialog = await screen.findByTestId('new-conversation-dialog');
    await within(dialog).findByRole('option', { name: 'Dr. Maria Lopez (doctor)' });
    await user.selectOptions(within(dialog).getByLabelText('To'), `person:${DOCTOR_ID}`);
    await user.type(within(dialog).getByLabelText('Subject'), 'My referral');
    await user.type(within(dialog).getByLabelText('Message'), 'From my GP');
    const pdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), ...new Array(200).fill(32)]);
    await user.upload(within(dialog).getByLabelText('Attach files'), new File([pdf], 'referral.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('list', { name: 'Files to send' })).toHaveTextContent('referral.pdf');
    await user.click(within(dialog).getByTestId('start-conversation'));

    expect(await within(dialog).findByTestId('new-conversation-error')).toHaveTextContent(
      'Only PDF, PNG, JPEG and WebP files can be uploaded.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/conversations/with-attachments');
    expect(sent[0]!.body.get('recipientId')).toBe(DOCTOR_ID);
    expect(sent[0]!.body.get('topic')).toBeNull();
    expect(sent[0]!.body.get('subject')).toBe('My referral');
    expect(sent[0]!.body.get('body')).toBe('From my GP');
    expect((sent[0]!.body.getAll('files') as File[]).map((file) => file.name)).toEqual(['referral.pdf']);
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('My referral');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('From my GP');
    expect(within(dialog).getByRole('list', { name: 'Files to send' })).toHaveTextContent('referral.pdf');
  });

  it('keeps a draft when sending fails, and says so', async () => {
    stubApi({
      'GET /api/conversations': list([conversation()]),
      [`GET /api/conversations/${CONVERSATION_ID}`]: () =>
        json({ data: { conversation: conversation(), messages: [message('Hello Ann')], hasOlder: false } }),
      [`POST /api/conversations/${CONVERSATION_ID}/messages`]: () =>
        json({ error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }, 429),
    });
    const user = userEvent.setup();
    renderPatientView(<MessagesPage />, { path: `/?c=${CONVERSATION_ID}`, user: patientUser() });
    const composer = await screen.findByTestId('composer');
    await user.type(within(composer).getByLabelText('Message'), 'Thank you, doctor');
    await user.click(within(composer).getByRole('button', { name: 'Send' }));
    expect(await within(composer).findByTestId('composer-error')).toHaveTextContent('You are sending messages very quickly');
    expect(within(composer).getByLabelText('Message')).toHaveValue('Thank you, doctor');
  });

  it('shows “Sent” under the patient’s latest message, and “Read” with the time once the doctor’s read arrives live', async () => {
    const mine = message('Is it fine to take it with food?', {
      senderId: PATIENT_ID,
      sender: { firstName: 'Ann', lastName: 'Patient' },
      senderRole: 'patient',
      createdAt: '2026-11-01T09:06:00.000Z',
    });
    const readAt = '2026-11-01T09:42:00.000Z';
    let doctorRead = false;
    const chat = () =>
      conversation({
        participants: [
          conversation().participants[0]!,
          { ...conversation().participants[1]!, readUpTo: doctorRead ? mine.createdAt : null, readAt: doctorRead ? readAt : null },
        ],
      });
    stubApi({
      'GET /api/conversations': () => list([chat()])(),
      [`GET /api/conversations/${CONVERSATION_ID}`]: () =>
        json({ data: { conversation: chat(), messages: [message('Take one a day.'), mine], hasOlder: false } }),
      'GET /api/conversations/unread': () => json({ unread: 0 }),
    });
    const fake = fakeEnvironment();
    const session = {
      status: 'authenticated' as const,
      user: patientUser(),
      signIn: vi.fn(),
      signOut: vi.fn(async () => {}),
      refresh: vi.fn(async () => {}),
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[`/?c=${CONVERSATION_ID}`]}>
            <RealtimeProvider environment={fake.env} reactions={messagesReactions}>
              <MessagesPage />
            </RealtimeProvider>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    act(() => fake.connectNow());
    const thread = await screen.findByTestId('thread');
    const [theirs, own] = await within(thread).findAllByTestId('message');
    expect(within(own!).getByTestId('message-sent')).toHaveTextContent('Sent');
    expect(within(theirs!).queryByTestId('message-sent')).toBeNull();
    expect(within(thread).queryByTestId('message-read')).toBeNull();

    // The doctor reads on their side; the server tells this tab, which asks for the thread again.
    doctorRead = true;
    act(() =>
      fake
        .last()
        .receive({ type: 'message_read', conversationId: CONVERSATION_ID, readerId: DOCTOR_ID, lastReadSeq: 7, timestamp: readAt }),
    );
    const read = await within(thread).findByTestId('message-read');
    expect(read).toHaveTextContent(`Read ${clinicalFormat('en').dateTime(readAt)}`);
    expect(within(own!).getByTestId('message-read')).toBe(read);
    expect(within(thread).queryByTestId('message-sent')).toBeNull();
  });
});

describe('links in a message', () => {
  it('turns only http and https addresses into links, without trailing punctuation', () => {
    expect(splitLinks('see https://a.example/x?y=1. and javascript:alert(1) or ftp://b')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://a.example/x?y=1' },
      { kind: 'text', text: '. and javascript:alert(1) or ftp://b' },
    ]);
  });
});
