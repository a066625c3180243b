import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// The waiting-room display: the demo display account signs in on a 1920×1080 screen and lands on
// the display, which shows the tickets of the patients waiting today (the seed checks some in).
// The demo staff member, in another browser, registers and books a walk-in of the journey's own and
// checks them in, and the display shows the new ticket without a reload, never the name.

const DISPLAY = { email: 'display@caredeck.demo', password: 'Display#2026' };
const STAFF = { email: 'staff@caredeck.demo', password: 'Staff#2026' };

test('the display shows today’s tickets and follows a check-in live', async ({ browser }) => {
  test.setTimeout(120_000);
  const screenContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const display = await screenContext.newPage();
  await signIn(display, DISPLAY.email, DISPLAY.password);
  await expect(display).toHaveURL(/\/waiting-room$/);
  const board = display.getByTestId('waiting-room');
  await expect(board.getByRole('heading', { level: 1, name: 'Waiting room' })).toBeVisible();
  await expect(board.getByTestId('waiting-room-ticket').first()).toBeVisible({ timeout: 30_000 });
  await expect(board.getByTestId('waiting-room-ticket').first()).toHaveText(/[A-Z]+-\d{3}/);
  await expectNoSeriousA11yViolations(display);

  // A walk-in of this journey's own, booked later today with a doctor other than the demo doctor
  // (whose day other journeys use), as the desk would by phone; then checked in at the desk.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, STAFF.email, STAFF.password);
  const headers = await csrfHeaders(desk.request);
  const tag = Date.now().toString(36);
  const name = `Quinn Zephyr${tag}`;
  const registered = await desk.request.post('/api/staff/patients', {
    headers,
    data: {
      firstName: 'Quinn',
      lastName: `Zephyr${tag}`,
      email: `quinn.${tag}@waiting-room.example.org`,
      phone: `+44 113 496 ${String(Date.now()).slice(-4)}`,
      dateOfBirth: '1979-11-02',
      gender: 'prefer-not-to-say',
      address: '3 Park Row, Leeds',
    },
  });
  expect(registered.status()).toBe(201);
  const patientId = ((await registered.json()) as { data: { id: string } }).data.id;
  const today = new Date().toISOString().slice(0, 10);
  const doctors = ((await (await desk.request.get('/api/doctors')).json()) as { data: { id: string; lastName: string }[] }).data;
  let booked = false;
  for (const doctor of doctors.filter((d) => d.lastName !== 'Chen')) {
    const slots = (await (await desk.request.get(`/api/doctors/${doctor.id}/slots?from=${today}&to=${today}`)).json()) as {
      clinicTimeZone: string;
      data: { startsAt: string }[];
    };
    const slot = slots.data.find((s) => s.startsAt.slice(0, 10) === today);
    if (!slot) continue;
    const booking = await desk.request.post('/api/staff/appointments', {
      headers,
      data: {
        patientId,
        doctorId: doctor.id,
        date: today,
        time: slot.startsAt.slice(11, 16),
        timeZone: 'UTC',
        type: 'in-person',
        reason: 'Walk-in',
      },
    });
    if (booking.status() === 201) {
      booked = true;
      break;
    }
  }
  expect(booked, 'a doctor with a free slot later today').toBe(true);

  await desk.reload();
  const day = desk.getByTestId('clinic-day');
  await expect(day).toBeVisible({ timeout: 30_000 });
  const chosen = day.getByTestId('day-item').filter({ hasText: name });
  await expect(chosen).toBeVisible();
  const initials = 'QZ';
  const tickets = board.getByTestId('waiting-room-ticket').filter({ hasText: initials });
  const before = await tickets.count();

  await chosen.getByRole('button', { name: `Check in ${name}` }).click();
  const checkIn = desk.getByTestId('check-in-dialog');
  await checkIn.getByLabel('I confirmed the patient’s identity and details').check();
  await checkIn.getByTestId('check-in-submit').click();
  await expect(checkIn).toBeHidden();

  // The display has the new ticket, without a reload, and never the name.
  await expect(tickets).toHaveCount(before + 1);
  await expect(board).not.toContainText(name);
  await deskContext.close();
  await screenContext.close();
});
