import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentItem } from '../../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../../contracts/health-records';
import { json, PATIENT_ID, renderPatientView } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { RecordsPage } from './records-page';

// The records view: documents by category with counts, real download links, delete of own uploads
// after a confirmation, and its loading-error and empty states. fetch answers like the server does.

const LIST = `/api/patients/${PATIENT_ID}/documents`;

function doc(overrides: Partial<DocumentItem>): DocumentItem {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    category: 'lab-report',
    filename: 'lab-report.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 2048,
    origin: 'clinical',
    uploader: { id: crypto.randomUUID(), firstName: 'Maria', lastName: 'Lopez', role: 'doctor' },
    uploadedAt: '2026-02-01T09:00:00.000Z',
    canDelete: false,
    ...overrides,
  };
}

/** A stand-in for the document routes over `documents`; `failList` answers every list with a 500. */
function fakeServer(documents: DocumentItem[], { failList = false } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${input}`);
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (method === 'GET' && url.pathname === LIST) {
        if (failList) return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
        const category = url.searchParams.get('category');
        const shown = documents.filter((d) => !category || d.category === category);
        const counts = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, documents.filter((d) => d.category === c).length]));
        return json({ data: shown, page: 1, pageSize: 20, total: shown.length, counts });
      }
      const deleting = /^\/api\/documents\/([^/]+)$/.exec(url.pathname);
      if (method === 'DELETE' && deleting) {
        const index = documents.findIndex((d) => d.id === deleting[1]);
        if (index < 0) return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
        if (documents[index]!.origin === 'clinical') {
          return json({ error: { code: 'FORBIDDEN', message: 'Documents from your care team … cannot be deleted.' } }, 403);
        }
        documents.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('records view', { timeout: 20_000 }, () => {
  it('lists documents with their details and filters them by category', async () => {
    const user = userEvent.setup();
    const own = doc({
      category: 'insurance',
      filename: 'insurance-card.png',
      mimeType: 'image/png',
      sizeBytes: 1_572_864,
      origin: 'patient',
      uploader: { id: PATIENT_ID, firstName: 'Ann', lastName: 'Patient', role: 'patient' },
      canDelete: true,
    });
    fakeServer([own, doc({}), doc({ category: 'imaging', filename: 'x-ray.pdf' })]);
    renderPatientView(<RecordsPage />);

    expect(await screen.findAllByTestId('document-item')).toHaveLength(3);
    expect(screen.getByTestId('category-all')).toHaveTextContent('All3');
    expect(screen.getByTestId('category-lab-report')).toHaveTextContent('Lab reports1');
    expect(screen.getByTestId('category-referral')).toHaveTextContent('Referrals0');

    const card = screen.getAllByTestId('document-item')[0]!;
    expect(card).toHaveTextContent('Insurance · PNG image · 1.5 MB');
    expect(card).toHaveTextContent('Added by you · Your upload');
    const link = within(card).getByRole('link', { name: 'Download insurance-card.png' });
    expect(link).toHaveAttribute('href', `/api/documents/${own.id}/content`);
    expect(link).toHaveAttribute('download', 'insurance-card.png');
    const clinical = screen.getAllByTestId('document-item')[1]!;
    expect(clinical).toHaveTextContent('Added by Dr. Maria Lopez · From your care team');
    expect(within(clinical).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.click(screen.getByTestId('category-imaging'));
    expect(screen.getByTestId('category-imaging')).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(screen.getAllByTestId('document-item')).toHaveLength(1));
    expect(screen.getByTestId('document-item')).toHaveTextContent('x-ray.pdf');
    await user.click(screen.getByTestId('category-referral'));
    expect(await screen.findByText('There are no documents in this category.')).toBeInTheDocument();
  });

  it('names a doctor who added a document in the reader’s order: in Chinese, family name first and unspaced', async () => {
    await i18next.changeLanguage('zh');
    try {
      fakeServer([doc({ uploader: { id: crypto.randomUUID(), firstName: '伟', lastName: '王', role: 'doctor' } })]);
      renderPatientView(<RecordsPage />);
      const [card] = await screen.findAllByTestId('document-item');
      expect(card).toHaveTextContent('由 王伟 医生 添加');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('deletes an own upload only after confirmation', async () => {
    const user = userEvent.setup();
    const own = doc({ filename: 'my-scan.pdf', origin: 'patient', canDelete: true });
    const calls = fakeServer([own]);
    renderPatientView(<RecordsPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete my-scan.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this document?' });
    expect(dialog).toHaveTextContent('“my-scan.pdf” will be removed from your record.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete my-scan.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent('“my-scan.pdf” was deleted.');
    expect(calls).toContain(`DELETE /api/documents/${own.id}`);
    expect(await screen.findByText('There are no documents in your record yet.')).toBeInTheDocument();
  });

  it('says so when the documents cannot be loaded', async () => {
    fakeServer([], { failList: true });
    renderPatientView(<RecordsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your documents could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
