import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFileText } from '../lib/recovery-codes-file';
import { renderWithSession, sessionUser } from '../testing/render-with-session';
import { RecoveryCodesPanel } from './recovery-codes-panel';

const CODES = [
  'ABCDE-FGHIJ',
  'KLMNO-PQRST',
  'UVWXY-Z2345',
  '67ABC-DEFGH',
  'IJKLM-NOPQR',
  'STUVW-XYZ23',
  '4567A-BCDEF',
  'GHIJK-LMNOP',
  'QRSTU-VWXYZ',
  '23456-7ABCD',
];

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('recoveryCodesFileText', () => {
  it('names the account and the date, says how to use the codes, then lists one code a line', () => {
    const text = recoveryCodesFileText(['AAAAA-BBBBB', 'CCCCC-DDDDD'], {
      title: 'Caredeck recovery codes for ann@example.org',
      created: 'Created 22 November 2026',
      instructions: ['Use each once.', 'Keep safe.'],
    });
    expect(text).toBe(
      [
        'Caredeck recovery codes for ann@example.org',
        'Created 22 November 2026',
        '',
        'Use each once.',
        'Keep safe.',
        '',
        'AAAAA-BBBBB',
        'CCCCC-DDDDD',
        '',
      ].join('\n'),
    );
  });
});

describe('RecoveryCodesPanel', () => {
  it('downloads a text file holding every code, one a line, for the signed-in account', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:recovery-codes';
    });
    // jsdom has no object URLs; the browser's are replaced for this test only.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderWithSession(<RecoveryCodesPanel codes={CODES} onDone={() => {}} />, sessionUser({ email: 'ann.patient@example.org' }));

    await user.click(screen.getByRole('button', { name: 'Download as text' }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(RECOVERY_CODES_FILE_NAME);
    expect(clicked[0]!.href).toBe('blob:recovery-codes');
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8');
    const lines = (await blobs[0]!.text()).split('\n');
    expect(lines[0]).toBe('Caredeck recovery codes for ann.patient@example.org');
    expect(lines[1]).toMatch(/^Created /);
    expect(lines.filter((line) => /^[A-Z2-7]{5}-[A-Z2-7]{5}$/.test(line))).toEqual(CODES);
    // The link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('copies the codes, one a line', async () => {
    const user = userEvent.setup();
    renderWithSession(<RecoveryCodesPanel codes={CODES} onDone={() => {}} />);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
  });

  it('shows every code and lets the user finish only after confirming they saved them', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<RecoveryCodesPanel codes={CODES} onDone={onDone} />);

    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(
      within(screen.getByTestId('recovery-codes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();

    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
