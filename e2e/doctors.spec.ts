import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// The specialties explorer and its modal, the doctor card, the doctor
// directory and profile, and the mobile responsiveness check. The doctors come from the demo seed
// (two per specialty); page.route only delays or fails the doctors request for the loading and
// error states.

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };
const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
const DOCTORS_REQUEST = /\/api\/doctors\?specialty=/;

/**
 * The explorer is placed lower on the landing page and may load as it scrolls into view. The
 * prerendered landing markup holds a copy of the explorer that the app replaces when it renders, so
 * wait for that hand-over first: an element found before it is gone a moment later.
 */
async function openExplorer(page: Page) {
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const explorer = page.getByTestId('specialties-explorer');
  for (let step = 0; step < 40 && !(await explorer.isVisible()); step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await explorer.scrollIntoViewIfNeeded();
  await expect(explorer).toBeVisible();
  return explorer;
}

function specialtyCard(page: Page, name: string) {
  return page.getByTestId('explorer-item').filter({ has: page.getByText(name, { exact: true }) });
}

/** The directory's results are not being fetched any more (the section says aria-busy while they are). */
async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('section[aria-labelledby="directory-results"]')).toHaveAttribute('aria-busy', 'false');
}

test('the explorer lists 30 specialties, filters by category, and switching tabs resets the category', async ({ page }) => {
  const explorer = await openExplorer(page);
  await expect(explorer.getByTestId('explorer-item')).toHaveCount(30);
  await expectNoSeriousA11yViolations(page);

  const categories = explorer.getByTestId('explorer-categories');
  await categories.getByRole('button', { name: 'Neurosciences' }).click();
  await expect(categories.getByRole('button', { name: 'Neurosciences' })).toHaveAttribute('aria-pressed', 'true');
  await expect(explorer.getByTestId('explorer-item')).toHaveCount(2);
  await expect(explorer.getByTestId('explorer-items')).toContainText('Neurology');
  await expect(explorer.getByTestId('explorer-items')).toContainText('Neurosurgery');

  await explorer.getByRole('tab', { name: 'By body system' }).click();
  await expect(categories.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expect(explorer.getByTestId('explorer-items')).toContainText('Heart and blood vessels');
  await explorer.getByRole('tab', { name: 'By body system' }).press('ArrowRight');
  await expect(explorer.getByRole('tab', { name: 'By imaging type' })).toHaveAttribute('aria-selected', 'true');
  await expect(explorer.getByTestId('explorer-items')).toContainText('MRI');
});

test('the specialists modal shows "Loading doctors...", then the doctors of that specialty on cards', async ({ page }) => {
  const explorer = await openExplorer(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(DOCTORS_REQUEST, async (route) => {
    await held;
    await route.continue();
  });

  const card = specialtyCard(page, 'Cardiology');
  await card.click();
  const modal = page.getByRole('dialog', { name: 'Cardiology Specialists' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('status')).toHaveText('Loading doctors...');
  release();

  const cards = modal.getByTestId('doctor-card');
  await expect(cards).toHaveCount(2);
  for (const doctorCard of await cards.all()) {
    await expect(doctorCard).toContainText('Cardiology');
    await expect(doctorCard.getByTestId('doctor-fee')).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(doctorCard.getByTestId('doctor-rating')).toHaveText(/^\d\.\d$/);
    await expect(doctorCard).toContainText(/\d+ years? of experience/);
    // The seed gives each doctor 3 to 5 qualifications: two are shown, the rest counted.
    const qualifications = doctorCard.getByTestId('doctor-qualifications').getByRole('listitem');
    await expect(qualifications).toHaveCount(3);
    await expect(doctorCard.getByTestId('doctor-more-qualifications')).toHaveText(/^\+[1-3] more$/);
    // Demo doctors have no photo: initials on a coloured circle.
    await expect(doctorCard.getByTestId('avatar-initials')).toHaveText(/^[A-Z]{2}$/);
  }
  await expectNoSeriousA11yViolations(page);

  // Escape closes it and focus returns to the card that opened it.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(card).toBeFocused();

  // The backdrop and the close button close it too.
  await card.click();
  await expect(modal.getByTestId('doctor-card')).toHaveCount(2);
  await page.getByTestId('specialists-modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(modal).toBeHidden();
  await card.click();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expect(explorer).toBeVisible();
});

test('the specialists modal says so when the doctors cannot be loaded', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource/);
  await openExplorer(page);
  await page.route(DOCTORS_REQUEST, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"Service unavailable"}}',
    }),
  );
  await specialtyCard(page, 'Dermatology').click();
  const modal = page.getByRole('dialog', { name: 'Dermatology Specialists' });
  // The query is retried 3 times with backoff before it reports the error.
  await expect(modal.getByRole('alert')).toContainText('Error loading doctors', { timeout: 30_000 });
  await expect(modal.getByRole('alert')).toContainText('Please try again later');
  await expectNoSeriousA11yViolations(page);
});

test('the specialists modal says when a specialty has no doctor (both geriatricians away)', async ({ page, request }) => {
  // Make the empty state real: an admin deactivates the organisation's geriatricians, then restores them.
  await request.post('/api/auth/login', { data: ADMIN, headers: await csrfHeaders(request) });
  const listed = (await (await request.get('/api/doctors?specialty=Geriatrics')).json()) as { data: { id: string }[] };
  expect(listed.data.length).toBeGreaterThan(0);
  const setActive = async (active: boolean) => {
    for (const doctor of listed.data) {
      const answer = await request.put(`/api/users/${doctor.id}/status`, { data: { active }, headers: await csrfHeaders(request) });
      expect(answer.ok()).toBe(true);
    }
  };
  await setActive(false);
  try {
    await openExplorer(page);
    await specialtyCard(page, 'Geriatrics').click();
    const modal = page.getByRole('dialog', { name: 'Geriatrics Specialists' });
    await expect(modal.getByTestId('specialists-empty')).toContainText('No Geriatrics specialists found');
    await expect(modal.getByTestId('specialists-empty')).toContainText("We're currently expanding our network. Check back soon!");
    await expectNoSeriousA11yViolations(page);
  } finally {
    await setActive(true);
  }
});

test('a patient searches the directory, filters it, opens a profile and finds the way to book', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The patient route /patient/care-team opens the directory.
  await page.goto('/patient/care-team');
  await expect(page).toHaveURL(/\/doctors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Doctor directory' })).toBeVisible();
  const list = page.getByTestId('directory-list');
  await expect(list.getByTestId('directory-card')).toHaveCount(12);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Specialty').selectOption({ label: 'Pediatrics' });
  await expect(page).toHaveURL(/specialty=Pediatrics/);
  const cards = list.getByTestId('directory-card');
  // The previous page's cards stay while the new answer loads: read the list once it has settled.
  await expectSettled(page);
  await expect(cards.filter({ hasNotText: 'Pediatrics' })).toHaveCount(0);
  expect(await cards.count()).toBeGreaterThanOrEqual(2);

  // Search by part of a name taken from the list itself.
  const name = (await cards.first().getByRole('link').textContent())!.replace(/^Dr\.\s*/, '').trim();
  const lastName = name.split(' ').pop()!;
  await page.getByLabel('Specialty').selectOption({ label: 'All specialties' });
  await page.getByLabel('Search by name').fill(lastName);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(lastName)}`));
  await expectSettled(page);
  await expect(cards.filter({ hasNotText: lastName })).toHaveCount(0);
  await expect(cards.first()).toContainText(lastName);

  // Language and telemedicine filters narrow the list to doctors who match.
  await page.getByLabel('Search by name').fill('');
  await page.getByRole('search', { name: 'Find a doctor' }).getByLabel('Language').selectOption({ label: 'German' });
  // The filter lives in the URL: the box shows checked once the URL says so.
  await page.getByLabel('Offers video consultations').click();
  await expect(page.getByLabel('Offers video consultations')).toBeChecked();
  await expect(page).toHaveURL(/language=German.*telemedicine=true|telemedicine=true.*language=German/);
  const filtered = page.getByTestId('directory-list').getByTestId('directory-card');
  await expectSettled(page);
  await expect(filtered.first()).toBeVisible();
  await expect(filtered.filter({ hasNotText: 'German' })).toHaveCount(0);
  await expect(filtered.filter({ hasNotText: 'Video consultations' })).toHaveCount(0);

  await filtered.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Dr.');
  await expect(page.getByTestId('profile-languages')).toContainText('German');
  await expect(page.getByTestId('profile-qualifications').getByRole('listitem').first()).toBeVisible();
  const week = page.getByTestId('profile-availability');
  await expect(week.getByRole('row')).toHaveCount(8);
  await expect(week).toContainText('Monday');
  await expect(week).toContainText('Sunday');
  await expectNoSeriousA11yViolations(page);

  const doctorId = page.url().split('/').pop()!;
  const book = page.getByTestId('book-appointment');
  await expect(book).toHaveAttribute('href', `/appointments/book?doctorId=${doctorId}`);
});

test('an unknown doctor id shows "Doctor not found"', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/doctors/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Doctor not found' })).toBeVisible();
  await expect(page.getByTestId('book-appointment')).toHaveCount(0);
});

test('the mobile check measures the current page at the 7 viewports and reports each one', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/doctors');
  await expect(page.getByTestId('directory-list')).toBeVisible();
  await page.getByTestId('mobile-check-button').click();
  const overlay = page.getByRole('dialog', { name: 'Mobile responsiveness check' });
  await expect(overlay).toBeVisible();
  // The page is really drawn in a same-origin frame (the app itself, without a second button).
  const frame = page.frameLocator('[data-testid="mobile-check-frame"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Doctor directory' })).toBeVisible();
  await expect(frame.getByTestId('mobile-check-button')).toHaveCount(0);

  const rows = overlay.getByTestId('mobile-check-row');
  await expect(rows).toHaveCount(7);
  await expect(overlay.getByRole('button', { name: 'Run again' })).toBeEnabled({ timeout: 20_000 });
  const expected = [
    ['375 × 667', 'Mobile'],
    ['390 × 844', 'Mobile'],
    ['414 × 896', 'Mobile'],
    ['360 × 640', 'Mobile'],
    ['768 × 1024', 'Tablet'],
    ['1024 × 1366', 'Desktop'],
    ['1440 × 900', 'Desktop'],
  ];
  for (const [index, [size, device]] of expected.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(size!);
    await expect(row).toContainText(device!);
    await expect(row.locator('[data-status]'), `${size}: ${await row.textContent()}`).toHaveAttribute('data-status', 'ok');
  }
  await expect(overlay.getByTestId('mobile-check-summary')).toHaveText('Nothing overflows horizontally at any screen size.', {
    timeout: 20_000,
  });
  await expectNoSeriousA11yViolations(page);
});

test('the mobile check reports a page that overflows, with the overflow in pixels', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/doctors');
  await expect(page.getByTestId('directory-list')).toBeVisible();
  await page.getByTestId('mobile-check-button').click();
  const overlay = page.getByRole('dialog', { name: 'Mobile responsiveness check' });
  await expect(overlay.getByRole('button', { name: 'Run again' })).toBeEnabled({ timeout: 20_000 });
  // Something 500 px wide put into the framed page overflows every phone width, and no wider screen.
  const frame = page.frameLocator('[data-testid="mobile-check-frame"]');
  await expect(frame.locator('#main')).toBeVisible();
  await frame.locator('#main').evaluate((main) => {
    const wide = document.createElement('div');
    wide.style.width = '500px';
    wide.style.height = '10px';
    main.ownerDocument.body.append(wide);
  });
  await overlay.getByRole('button', { name: 'Run again' }).click();
  await expect(overlay.getByTestId('mobile-check-summary')).toHaveText(/screen sizes? ha(s|ve) content wider than the screen/, {
    timeout: 20_000,
  });
  const rows = overlay.getByTestId('mobile-check-row');
  await expect(rows.nth(3).locator('[data-status]')).toHaveAttribute('data-status', 'overflow');
  await expect(rows.nth(3)).toContainText(/Overflows by \d+ px/);
  await expect(rows.nth(6).locator('[data-status]')).toHaveAttribute('data-status', 'ok');
});
