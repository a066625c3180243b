import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../../../contracts/documents';
import type { Message } from '../../../../contracts/messages';
import { json, renderPatientView } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { Composer } from './composer';

// The reply box's files: each chosen file checked by the server's rules before anything is sent
// (type from its first bytes, size, emptiness, how many), in the reader's language; a file removed
// by its own button; the text kept whatever goes wrong; the text and files sent as one form.

const CONVERSATION_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), ...new Array(200).fill(32)]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]);

interface Sent {
  url: string;
  body: FormData | string | undefined;
}

/** fetch answering the CSRF token and a message send; returns what was sent. */
function stubSend(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/csrf-token') return json({ csrfToken: 'token-1' });
      if ((init?.method ?? 'GET') === 'POST') {
        sent.push({ url: input, body: init?.body as FormData | string | undefined });
        return answer();
      }
      return json({ data: [], page: 1, pageSize: 20, total: 0 });
    }),
  );
  return sent;
}

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: crypto.randomUUID(),
    conversationId: CONVERSATION_ID,
    senderId: crypto.randomUUID(),
    sender: { firstName: 'Ann', lastName: 'Patient' },
    senderRole: 'patient',
    body: 'Here it is',
    attachments: [],
    createdAt: '2026-11-01T09:05:00.000Z',
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const setup = () => userEvent.setup({ applyAccept: false });

describe('the composer’s files', { timeout: 20_000 }, () => {
  it('lists the chosen files with a remove button each, and sends the text and files as one form', async () => {
    const sent = stubSend(() => json({ data: message() }, 201));
    const user = setup();
    renderPatientView(<Composer conversationId={CONVERSATION_ID} />);
    const picker = screen.getByLabelText('Attach files');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAccessibleDescription(/Up to 5 files: PDF, PNG, JPEG or WebP, each at most 10 MB/);

    await user.upload(picker, [
      new File([PDF], 'letter.pdf', { type: 'application/pdf' }),
      new File([PNG], 'scan.png', { type: 'image/png' }),
    ]);
    const chosen = await screen.findByRole('list', { name: 'Files to send' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['letter.pdf (209 bytes)', 'scan.png (48 bytes)']);

    await user.click(screen.getByRole('button', { name: 'Remove scan.png' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(picker).toHaveFocus();

    await user.type(screen.getByLabelText('Message'), 'My letter');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`/api/conversations/${CONVERSATION_ID}/attachment-messages`);
    const form = sent[0]!.body as FormData;
    expect(form.get('body')).toBe('My letter');
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['letter.pdf']);
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('refuses a wrong file at once, in the reader’s words, without adding it or touching the text', async () => {
    const sent = stubSend(() => json({ data: message() }, 201));
    const user = setup();
    renderPatientView(<Composer conversationId={CONVERSATION_ID} />);
    await user.type(screen.getByLabelText('Message'), 'Kept text');
    const picker = screen.getByLabelText('Attach files');

    await user.upload(picker, [
      new File([PNG], 'letter.pdf', { type: 'application/pdf' }),
      new File(['<html></html>'], 'page.html', { type: 'text/html' }),
      new File([], 'empty.png', { type: 'image/png' }),
      new File([PDF, new Uint8Array(DOCUMENT_MAX_BYTES)], 'huge.pdf', { type: 'application/pdf' }),
      new File([PNG], 'good.png', { type: 'image/png' }),
    ]);
    const errors = await screen.findByTestId('file-errors');
    expect(errors).toHaveAttribute('role', 'alert');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'letter.pdf: The file’s content does not match its name or type. Please upload the original file.',
      'page.html: Only PDF, PNG, JPEG and WebP files can be uploaded.',
      'empty.png: The file is empty.',
      'huge.pdf: The file is larger than 10 MB. Please choose a smaller file.',
    ]);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveAccessibleDescription(/The file is empty/);
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByLabelText('Message')).toHaveValue('Kept text');
    expect(sent).toEqual([]);
  });

  it('takes at most five files, saying so in the reader’s language', async () => {
    stubSend(() => json({ data: message() }, 201));
    await i18next.changeLanguage('de');
    const user = setup();
    renderPatientView(<Composer conversationId={CONVERSATION_ID} />);
    const picker = screen.getByLabelText('Dateien anhängen');
    const pages = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => new File([PNG], `page-${from + i}.png`, { type: 'image/png' }));
    await user.upload(picker, pages(4));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Zu sendende Dateien' })).getAllByRole('listitem')).toHaveLength(4),
    );
    await user.upload(picker, pages(2, 4));
    expect(await screen.findByTestId('file-errors')).toHaveTextContent('Eine Nachricht kann höchstens 5 Dateien enthalten.');
    expect(within(screen.getByRole('list', { name: 'Zu sendende Dateien' })).getAllByRole('listitem')).toHaveLength(4);
    await user.upload(picker, pages(1, 6));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Zu sendende Dateien' })).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(screen.queryByTestId('file-errors')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a file in the reader’s words and keeps the text and the files', async () => {
    const sent = stubSend(() =>
      json(
        {
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Only PDF, PNG, JPEG and WebP files can be uploaded.',
            fields: { files: 'Only PDF, PNG, JPEG and WebP files can be uploaded.' },
          },
        },
        415,
      ),
    );
    await i18next.changeLanguage('fr');
    const user = setup();
    renderPatientView(<Composer conversationId={CONVERSATION_ID} />);
    await user.upload(screen.getByLabelText('Joindre des fichiers'), new File([PDF], 'lettre.pdf', { type: 'application/pdf' }));
    await screen.findByRole('list', { name: 'Fichiers à envoyer' });
    await user.type(screen.getByLabelText('Message'), 'Ma lettre');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByTestId('composer-error')).toHaveTextContent(
      'Seuls les fichiers PDF, PNG, JPEG et WebP peuvent être envoyés.',
    );
    expect(sent.map((call) => call.url)).toEqual([`/api/conversations/${CONVERSATION_ID}/attachment-messages`]);
    expect(screen.getByLabelText('Message')).toHaveValue('Ma lettre');
    expect(within(screen.getByRole('list', { name: 'Fichiers à envoyer' })).getAllByRole('listitem')).toHaveLength(1);
  });
});
