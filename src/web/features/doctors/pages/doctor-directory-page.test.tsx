import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { DoctorDirectoryPage } from './doctor-directory-page';

// The directory's filter form: each choice is written to the address bar (and asked of the
// server), the search after a short pause, and the choices follow the address bar back and forward.
// Only the network is replaced.

/** Shows the address bar's query; follows a shared link and goes back, as the browser would. */
function AddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => void navigate('/doctors?specialty=Cardiology&telemedicine=true')}>
        Shared link
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderDirectory(entries: string[]) {
  const asked = stubRoutes({ '/api/doctors': () => json({ data: [], page: 1, pageSize: 12, total: 0 }) });
  renderPatientView(
    <Routes>
      <Route
        path="/doctors"
        element={
          <>
            <DoctorDirectoryPage />
            <AddressBar />
          </>
        }
      />
    </Routes>,
    { path: entries[0] },
  );
  return asked;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('doctor directory filters', { timeout: 20_000 }, () => {
  it('starts from the address bar and writes each choice back to it, asking the server with it', async () => {
    const asked = renderDirectory(['/doctors?specialty=Pediatrics&page=2']);
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Specialty' })).toHaveValue('Pediatrics');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'German');
    // A new filter starts again at the first page.
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?specialty=Pediatrics&language=German'));
    await user.click(screen.getByRole('checkbox', { name: 'Offers video consultations' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('telemedicine=true'));
    await waitFor(() => expect(asked.some((url) => url.includes('language=German') && url.includes('telemedicine=true'))).toBe(true));

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Okafor');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('q=Okafor'));
    // One search for the whole word, not one per key.
    expect(asked.filter((url) => url.includes('q=Oka')).every((url) => url.includes('q=Okafor'))).toBe(true);
  });

  it('shows the choices the address bar holds when it changes from outside, and again after going back', async () => {
    const asked = renderDirectory(['/doctors']);
    const user = userEvent.setup();
    const specialty = await screen.findByRole('combobox', { name: 'Specialty' });
    const video = screen.getByRole('checkbox', { name: 'Offers video consultations' });
    await user.click(screen.getByRole('button', { name: 'Shared link' }));
    await waitFor(() => expect(specialty).toHaveValue('Cardiology'));
    expect(video).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(specialty).toHaveValue(''));
    expect(video).not.toBeChecked();
    // Following the address bar writes nothing back to it.
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    expect(asked.at(-1)).not.toContain('specialty=');
  });
});
