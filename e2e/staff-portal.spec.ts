import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// The front desk in the browser. The demo staff member approves the request of the demo doctor's
// front-desk patient (Rafael Moreno, for tomorrow) and checks in the other one (Ingrid Solberg,
// today), while the demo doctor's home, open in a second browser, follows live: the checked-in
// patient joins the waiting room without a reload. The seed gives
// both patients to this journey alone (src/server/db/seed/demo-front-desk.ts).
//
// Then a nurse of the journey's own (an admin invites her; the nurse's position template holds no
// appointments.create) opens the appointments view and meets the denial screen.

const locale = (namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${namespace}.json`), 'utf8'));
const health = locale('health');
const access = locale('access');

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026', firstName: 'Emily' };
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };
const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
const REQUEST = 'Rafael Moreno';
const ARRIVAL = 'Ingrid Solberg';

test('the demo staff approves a request and checks a patient in while the doctor’s queue follows live', async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The doctor's home, in its own browser: the front-desk patient is on today's list, not yet waiting.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DOCTOR.email, DOCTOR.password);
  await expect(doctor).toHaveURL(/\/doctor-portal$/);
  const doctorDay = doctor.getByTestId('today-schedule');
  // The first load of the doctor's day may take a while on a busy machine.
  await expect(doctorDay).toBeVisible({ timeout: 30_000 });
  await expect(doctorDay.getByTestId('schedule-item').filter({ hasText: ARRIVAL })).toContainText(health.appointments.status.scheduled);
  await expect(doctor.getByTestId('waiting-room')).not.toContainText(ARRIVAL);

  // The staff home: the day's counts, the request and the day.
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/staff-portal$/);
  await expect(page.getByTestId('portal-welcome')).toHaveText(`Welcome back, ${STAFF.firstName}`);
  await expect(page.getByTestId('pending-requests')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('stat-pendingRequests')).toHaveText(/^\d+$/);
  const requests = page.getByTestId('pending-requests');
  await expect(requests.getByTestId('request-item').filter({ hasText: REQUEST })).toBeVisible();

  // Approve at the time asked for: the patient and the doctor are told live.
  await page.getByRole('button', { name: `Approve the request of ${REQUEST}` }).click();
  const approve = page.getByTestId('approve-request-dialog');
  await approve.getByTestId('approve-request-submit').click();
  await expect(approve).toBeHidden();
  await expect(requests.getByTestId('request-item').filter({ hasText: REQUEST })).toHaveCount(0);

  // Check the other patient in: first the desk confirms who she is.
  const day = page.getByTestId('clinic-day');
  const arrival = day.getByTestId('day-item').filter({ hasText: ARRIVAL });
  await arrival.getByRole('button', { name: `Check in ${ARRIVAL}` }).click();
  const checkIn = page.getByTestId('check-in-dialog');
  await checkIn.getByLabel('I confirmed the patient’s identity and details').check();
  await checkIn.getByTestId('check-in-submit').click();
  await expect(checkIn).toBeHidden();
  await expect(arrival).toContainText(health.appointments.status['checked-in']);
  await expect(arrival.getByTestId('day-queue')).toBeVisible();

  // The doctor's waiting room has her now, without a reload.
  await expect(doctor.getByTestId('waiting-room')).toContainText(ARRIVAL);
  await doctorContext.close();
});

test('a staff member without appointments.create sees the denial screen for appointments', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `e2e.desk.nurse.${Date.now()}@caredeck.test`;
  const password = 'Nightingale-Ward#2026';

  // An admin invites a nurse of this journey's own; she sets her password from the mail's link.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  const headers = await csrfHeaders(adminContext.request);
  const created = await adminContext.request.post('/api/users', {
    headers,
    data: { role: 'staff', firstName: 'Greta', lastName: 'Lind', email, position: 'nurse' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const outbox = await adminContext.request.get('/api/admin/outbox?page=1&pageSize=20');
  const mails = (await outbox.json()) as { data: { to: string; text: string }[] };
  const token = mails.data.find((mail) => mail.to.includes(email))?.text.match(/#token=([A-Za-z0-9_-]{20,})/)?.[1];
  expect(token).toBeTruthy();
  const reset = await adminContext.request.post('/api/auth/reset-password', { headers, data: { token, newPassword: password } });
  expect(reset.ok(), await reset.text()).toBe(true);
  await adminContext.close();

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/staff-portal$/);
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: access.titles.missing_permissions })).toBeVisible();
});
