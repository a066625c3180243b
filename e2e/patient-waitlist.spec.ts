import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, registerPatient, signIn } from './identity-helpers';
import { ADMIN } from './live-helpers';

// The waitlist and the reminder links, with patients of this journey's own. Patient B waits for an
// earlier time with a doctor; patient A cancels that time; B hears of it in the bell and takes it.
// Then a reminder mail (read in the outbox, as the demo has no mail server) confirms the
// appointment once, without signing in, and says "already used" the second time.

interface Slot {
  startsAt: string;
}

const DAY = 86_400_000;

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

/** A signed-in patient of this journey, in a browser of their own. */
async function patientPage(browser: Browser, label: string): Promise<{ page: Page; close(): Promise<void> }> {
  const account = await registerPatient(browser, label);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, close: () => context.close() };
}

/** A doctor other than the demo doctor (whose schedule the doctor journeys read), and free slots of theirs `from`–`to` days ahead. */
async function doctorWithSlots(request: APIRequestContext, from: number, to: number): Promise<{ doctorId: string; slots: Slot[] }> {
  const doctors = (await (await request.get('/api/doctors')).json()) as { data: { id: string; firstName: string; lastName: string }[] };
  // The last of the directory: the booking journey takes the first.
  for (const doctor of [...doctors.data].reverse().filter((d) => d.lastName !== 'Chen')) {
    const answer = await request.get(`/api/doctors/${doctor.id}/slots?from=${dayFromNow(from)}&to=${dayFromNow(to)}&timeZone=UTC`);
    const slots = ((await answer.json()) as { data: Slot[] }).data;
    if (slots.length >= 4) return { doctorId: doctor.id, slots };
  }
  throw new Error('no doctor with free slots');
}

async function bookSlot(request: APIRequestContext, doctorId: string, slot: Slot): Promise<string> {
  const answer = await request.post('/api/appointments', {
    headers: await csrfHeaders(request),
    data: {
      doctorId,
      date: slot.startsAt.slice(0, 10),
      time: slot.startsAt.slice(11, 16),
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Follow-up',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

test('a waitlisted patient is offered a cancelled time in the bell and takes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await patientPage(browser, 'waitlist-a');
  const b = await patientPage(browser, 'waitlist-b');
  try {
    const { doctorId, slots } = await doctorWithSlots(a.page.request, 9, 20);
    // A takes an earlier time, B a later one; neither is the booking journey's (last day, first time).
    const early = slots[Math.floor(slots.length / 3)]!;
    const late = slots[Math.floor((2 * slots.length) / 3)]!;
    const cancelledId = await bookSlot(a.page.request, doctorId, early);
    await bookSlot(b.page.request, doctorId, late);

    // B asks for an earlier time from their appointment.
    await b.page.goto('/appointments');
    const card = b.page.getByRole('listitem').filter({ has: b.page.locator(`time[datetime="${late.startsAt}"]`) });
    await card.getByTestId('join-waitlist').click();
    await expect(b.page.getByTestId('appointments-notice')).toContainText('You are on the waitlist');
    await expect(b.page.getByTestId('waitlist-entry')).toHaveCount(1);
    await expectNoSeriousA11yViolations(b.page);

    // A cancels the earlier time.
    await a.page.goto('/appointments');
    const aCard = a.page.getByRole('listitem').filter({ has: a.page.locator(`time[datetime="${early.startsAt}"]`) });
    await aCard.getByTestId('cancel-appointment').click();
    await a.page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(a.page.getByTestId('appointments-notice')).toContainText('was cancelled');
    expect(cancelledId).toBeTruthy();

    // B hears of it live in the bell, opens the notification and takes the time.
    await b.page.getByTestId('notification-bell').click();
    const panel = b.page.getByTestId('notification-panel');
    const offer = panel.getByTestId('notification-list').getByRole('listitem').filter({ hasText: 'An earlier time is free' });
    await expect(offer).toHaveCount(1);
    await offer.getByRole('button').first().click();
    await b.page.getByTestId('notification-detail').getByRole('link', { name: 'Open' }).click();
    await expect(b.page).toHaveURL(/\/appointments#waitlist$/);
    await expect(b.page.getByTestId('waitlist-offer')).toHaveCount(1);
    await expectNoSeriousA11yViolations(b.page);
    await b.page.getByTestId('accept-offer').click();
    // B is new to this doctor, so with the clinic's default setting their booking was a request; it
    // moves as one, held for them, and is said in the booking page's words.
    await expect(b.page.getByTestId('appointments-notice')).toContainText('Your request for');

    // The earlier time is B's now: their appointment moved there, still waiting for the clinic.
    const taken = b.page.getByRole('listitem').filter({ has: b.page.locator(`time[datetime="${early.startsAt}"]`) });
    await expect(taken).toHaveCount(1);
    await expect(taken).toContainText('Requested');
    await expect(b.page.locator(`time[datetime="${late.startsAt}"]`)).toHaveCount(0);
    await expect(b.page.getByTestId('waitlist-entry')).toHaveCount(0);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a patient joins the waitlist from the booking page, no later than a day, and sees it in their waitlist', async ({ browser }) => {
  test.setTimeout(60_000);
  const patient = await patientPage(browser, 'waitlist-booking');
  const { page } = patient;
  try {
    // Two days ahead: later than the cancelled times the other journey offers, so this entry never takes its offer.
    const latest = dayFromNow(2);
    const [year, month, day] = latest.split('-') as [string, string, string];
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${latest}T00:00:00Z`));

    await page.goto('/appointments/book');
    await page.getByRole('combobox', { name: 'Doctor' }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: 'Reason for the visit' }).fill('Any earlier time please');
    const join = page.getByTestId('waitlist-join');
    const date = join.getByRole('group', { name: 'Latest date I could come' });
    await date.getByRole('textbox', { name: 'Month' }).fill(month);
    await date.getByRole('textbox', { name: 'Day' }).fill(day);
    await date.getByRole('textbox', { name: 'Year' }).fill(year);
    await join.getByRole('button', { name: 'Join the waitlist for an earlier time' }).click();
    await expect(join.getByRole('status')).toContainText(`You are on the waitlist for a time no later than ${shown}.`);
    await expectNoSeriousA11yViolations(page);

    await join.getByRole('link', { name: 'See your waitlist' }).click();
    await expect(page).toHaveURL(/\/appointments#waitlist$/);
    const entry = page.getByTestId('waitlist-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`until ${shown}`);
    // Leaves again, so no later cancellation of this doctor's is offered to a patient nobody watches.
    await entry.getByTestId('leave-waitlist').click();
    await expect(entry).toHaveCount(0);
  } finally {
    await patient.close();
  }
});

test('a reminder link from the outbox confirms once, and says it was used the second time', async ({ browser, page }) => {
  // The reminder due at once goes out with the approval; the outbox is read until it shows it.
  test.setTimeout(90_000);
  const account = await registerPatient(browser, 'reminder');
  const patient = await browser.newContext();
  const login = await patient.request.post('/api/auth/login', {
    headers: await csrfHeaders(patient.request),
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  // The earliest free time from tomorrow: within the e2e server's first reminder time, so it is due at once.
  const { doctorId, slots } = await doctorWithSlots(patient.request, 1, 5);
  // New to the doctor, so a request (the clinic's default): no reminder goes out until it is approved.
  const requestId = await bookSlot(patient.request, doctorId, slots[0]!);

  // An admin approves it, and reads the reminder in the outbox.
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  const approved = await page.request.post(`/api/appointments/${requestId}/approve`, {
    headers: await csrfHeaders(page.request),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const mail = page
    .getByTestId('outbox-list')
    .getByRole('button')
    .filter({ hasText: `To: ${account.email}` })
    .filter({ hasText: 'Reminder: your appointment' });
  await expect(async () => {
    await page.goto('/outbox');
    await expect(mail.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await mail.first().click();
  const links = page.getByTestId('outbox-message-text').getByRole('link');
  await expect(links).toHaveCount(3);
  const confirm = (await links.first().getAttribute('href'))!;
  expect(confirm).toMatch(/\/a\/[A-Za-z0-9_-]{43}$/);

  // Anyone holding the link: no sign-in.
  const visitor = await browser.newContext();
  const linkPage = await visitor.newPage();
  await linkPage.goto(new URL(confirm).pathname);
  await expect(linkPage.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await expect(linkPage.getByTestId('link-appointment')).toContainText('with Dr.');
  await expectNoSeriousA11yViolations(linkPage);
  await linkPage.getByTestId('link-action').click();
  await expect(linkPage.getByTestId('link-done')).toContainText('is confirmed');
  // The patient's own list says so.
  const list = await patient.newPage();
  await list.goto('/appointments');
  await expect(list.getByTestId('confirmed-badge')).toContainText('Confirmed');
  await patient.close();

  await linkPage.reload();
  await expect(linkPage.getByRole('heading', { level: 1, name: 'This link has already been used' })).toBeVisible();
  await expectNoSeriousA11yViolations(linkPage);
  await visitor.close();
});
