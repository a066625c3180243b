import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient, signIn } from './identity-helpers';

// A patient new to a doctor books with them: with the clinic's default setting ("new patients" need
// approval) the booking is a request, held for them and shown as waiting. The demo staff member, in a
// second browser, approves it from the staff home; the patient's page shows it scheduled and the
// bell tells them, live, without a reload. The patient is this journey's own (registered here, with
// a last name nobody else has, so the desk finds exactly them); the doctor is the second in the
// directory that is not the demo doctor, whom the booking journeys do not take first, and the time
// is one in the middle of the offered days.

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };

function uniqueLastName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += letters[Math.floor(Math.random() * letters.length)];
  return `Request${tail}`;
}

test('a new patient’s booking waits for the desk, which approves it; the patient sees it confirmed live', async ({ browser }) => {
  test.setTimeout(120_000);
  const lastName = uniqueLastName();
  const account = await registerPatient(browser, 'booking-request', lastName);
  const name = `${account.firstName} ${lastName}`;

  const patientContext = await browser.newContext();
  const page = await patientContext.newPage();
  await signIn(page, account.email, account.password);
  const doctors = (await (await page.request.get('/api/doctors')).json()) as { data: { id: string; lastName: string }[] };
  const doctor = doctors.data.filter((d) => d.lastName !== 'Chen')[1]!;

  await page.goto(`/appointments/book?doctorId=${doctor.id}`);
  await expect(page.getByRole('combobox', { name: 'Doctor' })).toHaveValue(doctor.id);
  await page.getByRole('radio', { name: 'In person' }).check();
  await page.getByRole('textbox', { name: 'Reason for the visit' }).fill('First visit about my knee');
  const days = page.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(days.first()).toBeAttached();
  await days.nth(Math.floor((await days.count()) / 2)).check({ force: true });
  const times = page.getByRole('group', { name: /^Free times on / }).getByRole('radio');
  await times.last().check({ force: true });
  const startsAt = (await times.last().getAttribute('value'))!;
  await page.getByTestId('confirm-booking').click();

  // A request, said so in the notice and on its card.
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByTestId('appointments-notice')).toContainText('Your request for');
  const card = page.getByRole('listitem').filter({ has: page.locator(`time[datetime="${startsAt}"]`) });
  await expect(card).toContainText('Requested');
  await expect(card.getByTestId('awaiting-approval')).toHaveText('A request: waiting for the clinic to confirm it.');
  await expectNoSeriousA11yViolations(page);

  // The desk approves it from the staff home.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, STAFF.email, STAFF.password);
  const requests = desk.getByTestId('pending-requests');
  const request = requests.getByTestId('request-item').filter({ hasText: name });
  await expect(request).toHaveCount(1, { timeout: 30_000 });
  await expect(request).toContainText('First visit about my knee');
  await request.getByRole('button', { name: `Approve the request of ${name}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Approve the request of ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('approve-request-submit').click();
  await expect(desk.getByText(`The appointment of ${name} is approved; the patient is told.`)).toBeVisible();
  await expect(request).toHaveCount(0);
  await deskContext.close();

  // The patient's open page follows without a reload: scheduled, and the bell says so.
  await expect(card).toContainText('Scheduled');
  await expect(card.getByTestId('awaiting-approval')).toHaveCount(0);
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  await expect(
    panel.getByTestId('notification-list').getByRole('listitem').filter({ hasText: 'Appointment request approved' }),
  ).toHaveCount(1);
  await patientContext.close();
});
