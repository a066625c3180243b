import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_REFUSAL_KEYS, DOCUMENT_REFUSALS, type DocumentItem } from '../../../../contracts/documents';
import { json, PATIENT_ID, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import english from '../../../locales/en/validation.json';
import { UploadForm } from './upload-form';

// The upload form: the same checks as the server before sending, a progress bar fed by the upload's
// progress events, cancel, and the server's refusals shown in the reader's words. The network is
// the only thing replaced: XMLHttpRequest by a stand-in the test drives, fetch for the CSRF token.

class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), ...new Array(200).fill(32)]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]);

function documentItem(overrides: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    category: 'lab-report',
    filename: 'results.pdf',
    mimeType: 'application/pdf',
    sizeBytes: PDF.length,
    origin: 'patient',
    uploader: { id: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient' },
    uploadedAt: '2026-02-01T09:00:00.000Z',
    canDelete: true,
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubRoutes({ '/api/csrf-token': () => json({ csrfToken: 'token-123' }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, file: File, category = 'lab-report') {
  await user.selectOptions(screen.getByLabelText('Category'), category);
  await user.upload(screen.getByLabelText('File'), file);
}

describe('upload form', { timeout: 20_000 }, () => {
  it('says in English exactly what the server says', () => {
    const shown = Object.fromEntries(
      Object.entries(DOCUMENT_REFUSAL_KEYS).map(([reason, key]) => [
        reason,
        english.document[key.replace('document.', '') as keyof typeof english.document],
      ]),
    );
    expect(shown).toEqual(DOCUMENT_REFUSALS);
  });

  it('sends the category and file with the CSRF token, shows progress, then reports the upload', async () => {
    const user = userEvent.setup();
    const onUploaded = vi.fn();
    renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={onUploaded} />);
    await fill(user, new File([PDF], 'results.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('selected-file')).toHaveTextContent('results.pdf');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/patients/${PATIENT_ID}/documents`);
    expect(xhr.headers['x-csrf-token']).toBe('token-123');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body?.get('category')).toBe('lab-report');
    expect((xhr.body?.get('file') as File).name).toBe('results.pdf');

    xhr.progress(50, 200);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25% uploaded');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    xhr.progress(200, 200);
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    const item = documentItem();
    xhr.respond(201, { data: item });
    expect(await screen.findByTestId('upload-done')).toHaveTextContent('“results.pdf” was added to your records.');
    expect(onUploaded).toHaveBeenCalledWith(item);
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
  });

  it('refuses a file whose content does not match its name before sending anything', async () => {
    const user = userEvent.setup();
    renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={vi.fn()} />);
    await fill(user, new File([PNG], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('file-error')).toHaveTextContent(DOCUMENT_REFUSALS['content-mismatch']);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).toBeUndefined();
    expect(screen.getByLabelText('File')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file over 10 MB before sending it, and asks for a category', async () => {
    const user = userEvent.setup();
    renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={vi.fn()} />);
    const big = new File([PDF], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: DOCUMENT_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('File'), big);
    expect(await screen.findByTestId('file-error')).toHaveTextContent(DOCUMENT_REFUSALS['too-large']);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('category-error')).toHaveTextContent(DOCUMENT_REFUSALS['category-invalid']);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows the server’s refusal in the reader’s language', async () => {
    await initI18n('de');
    try {
      const user = userEvent.setup();
      renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={vi.fn()} />);
      await user.selectOptions(screen.getByLabelText('Kategorie'), 'other');
      await user.upload(screen.getByLabelText('Datei'), new File([PDF], 'report.pdf', { type: 'application/pdf' }));
      await user.click(screen.getByRole('button', { name: 'Hochladen' }));
      await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
      const message = DOCUMENT_REFUSALS['content-mismatch'];
      FakeXhr.last!.respond(400, { error: { code: 'VALIDATION_FAILED', message, fields: { file: message } } });
      expect(await screen.findByTestId('file-error')).toHaveTextContent('Der Inhalt der Datei passt nicht zu ihrem Namen oder Typ.');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    } finally {
      await initI18n('en');
    }
  });

  it('takes a dropped file and checks it like a chosen one', async () => {
    renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={vi.fn()} />);
    const html = new File(['<!doctype html><script>alert(1)</script>'], 'photo.png', { type: 'image/png' });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [html] } });
    expect(await screen.findByTestId('selected-file')).toHaveTextContent('photo.png');
    expect(await screen.findByTestId('file-error')).toHaveTextContent(DOCUMENT_REFUSALS['content-mismatch']);
  });

  it('cancels an upload in flight', async () => {
    const user = userEvent.setup();
    const onUploaded = vi.fn();
    renderPatientView(<UploadForm patientId={PATIENT_ID} onUploaded={onUploaded} />);
    await fill(user, new File([PDF], 'results.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
    FakeXhr.last!.progress(10, 200);
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(await screen.findByTestId('upload-cancelled')).toHaveTextContent('The upload was cancelled.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
