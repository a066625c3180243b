import type { Locator } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient, signIn } from './identity-helpers';

// The front desk books on a patient's behalf: the demo staff member finds a patient (one of this
// journey's own, registered here, so no other journey sees its appointments change) by name, picks a
// doctor with a free time in the next two weeks, books with a parking space, and at the patient's
// request moves it to another time; the car park, set to the visit's day, lists its parking. The
// patient, in a second browser, sees the visit at the new time
// on their appointments page with its parking, marked as booked by the front desk. Which doctor and day are free is read from
// the screen, so the journey holds whatever the weekday and hour.

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };
/** The demo doctor's day belongs to the doctor journeys. */
const DEMO_DOCTOR = 'Michael Chen';

/** A last name nobody else has, so the directory search finds exactly this journey's patient. */
function uniqueLastName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += letters[Math.floor(Math.random() * letters.length)];
  return `Desk${tail}`;
}

/** Chooses the first doctor (from the end of the list) whose free times of the next 14 days are not empty. */
async function chooseDoctorWithFreeTime(dialog: Locator): Promise<void> {
  const select = dialog.getByRole('combobox', { name: 'Doctor' });
  const options = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })));
  const candidates = options.filter((option) => option.value && !option.label.includes(DEMO_DOCTOR)).reverse();
  for (const candidate of candidates) {
    await select.selectOption(candidate.value);
    const days = dialog.getByRole('group', { name: 'Day' });
    const none = dialog.getByText('No free times on these dates. Try later dates.');
    await expect(days.or(none)).toBeVisible({ timeout: 15_000 });
    if (await days.isVisible()) return;
  }
  throw new Error('No doctor has a free time in the next two weeks');
}

/** Picks a day (the first or the last offered) and its first free time; answers the time's instant. */
async function pickTime(dialog: Locator, which: 'first' | 'last'): Promise<string> {
  const days = dialog.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(days.first()).toBeAttached();
  await (which === 'first' ? days.first() : days.last()).check({ force: true });
  const times = dialog.getByRole('group', { name: /^Free times on / }).getByRole('radio');
  const time = which === 'first' ? times.first() : times.last();
  await time.check({ force: true });
  return (await time.getAttribute('value'))!;
}

test('the front desk books a visit for a patient and moves it; the patient sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  const lastName = uniqueLastName();
  const account = await registerPatient(browser, 'desk-booking', lastName);
  const name = `${account.firstName} ${lastName}`;

  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, STAFF.email, STAFF.password);
  await expect(desk.getByTestId('clinic-day')).toBeVisible({ timeout: 30_000 });

  await desk.getByRole('button', { name: 'Book for a patient' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Book an appointment for a patient' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Find a patient' }).fill(lastName);
  const patient = dialog.getByRole('combobox', { name: 'Patient' });
  const option = patient.locator('option', { hasText: name });
  await expect(option).toHaveCount(1);
  await patient.selectOption((await option.getAttribute('value'))!);

  await chooseDoctorWithFreeTime(dialog);
  await dialog.getByRole('radio', { name: 'In person' }).check();
  await dialog.getByRole('textbox', { name: 'Reason for the visit' }).fill('Called the desk about a rash');
  const booked = await pickTime(dialog, 'first');
  // The patient asks for parking, as they could when booking themself.
  await dialog.getByRole('checkbox', { name: 'Reserve a parking space' }).check();
  await dialog.getByRole('textbox', { name: 'Licence plate' }).fill('desk 77');
  await expectNoSeriousA11yViolations(desk);
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  await expect(dialog.getByTestId('desk-booked')).toContainText(`Booked: ${name} with`);
  await expect(dialog.getByTestId('desk-booked-parking')).toContainText('Parking reserved for DESK 77');

  // The patient on the phone asks for another time: moved to the last free day offered.
  await dialog.getByRole('button', { name: 'Choose another time' }).click();
  const move = desk.getByRole('dialog', { name: `Move the appointment of ${name}` });
  await expect(move).toBeVisible();
  const moved = await pickTime(move, 'last');
  expect(moved).not.toBe(booked);
  await expectNoSeriousA11yViolations(desk);
  await move.getByRole('button', { name: 'Move appointment' }).click();
  await expect(desk.getByText(`The appointment of ${name} is moved to`)).toBeVisible();
  await expect(dialog.getByTestId('desk-booked')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The car park shows the parking on the visit's day of the clinic's calendar, typed into its date field.
  const stats = (await (await desk.request.get('/api/staff/dashboard-stats')).json()) as { data: { clinicTimeZone: string } };
  const visitDay = new Intl.DateTimeFormat('en-CA', { timeZone: stats.data.clinicTimeZone }).format(new Date(moved));
  await desk.goto('/parking');
  await expect(desk.getByTestId('parking-day-shown')).toContainText('Showing today');
  const dayField = desk.getByRole('group', { name: 'Day shown' });
  const [year, month, day] = visitDay.split('-') as [string, string, string];
  await dayField.getByRole('textbox', { name: 'Year' }).fill(year);
  await dayField.getByRole('textbox', { name: 'Month' }).fill(month);
  await dayField.getByRole('textbox', { name: 'Day' }).fill(day);
  const dayShown = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${visitDay}T00:00:00Z`));
  await expect(desk.getByTestId('parking-day-shown')).toContainText(dayShown);
  const reservation = desk.getByTestId('parking-visits').getByTestId('parking-visit').filter({ hasText: name });
  await expect(reservation).toContainText('Parking booked for DESK 77');
  await expect(reservation).toContainText('No spot yet');
  await expectNoSeriousA11yViolations(desk);
  await deskContext.close();

  // The patient sees the visit at its new time, booked by the front desk.
  const patientContext = await browser.newContext();
  const page = await patientContext.newPage();
  await signIn(page, account.email, account.password);
  await page.goto('/appointments');
  const card = page.getByRole('listitem').filter({ has: page.locator(`time[datetime="${moved}"]`) });
  await expect(card).toContainText('Scheduled');
  await expect(card.getByTestId('booked-by')).toHaveText('Booked by the front desk');
  // The parking moved with the visit.
  await expect(card.getByTestId('parking-details')).toContainText('Parking reserved for DESK 77');
  await expect(page.locator(`time[datetime="${booked}"]`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await patientContext.close();
});
