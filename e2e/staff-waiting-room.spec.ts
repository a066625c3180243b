import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The waiting-room display: the demo display account signs in on a 1920×1080 screen and lands on
// the display, which shows the tickets of the patients waiting today (the seed checks some in).
// The demo staff member, in another browser, checks in the patient the seed keeps due today for this
// (with another doctor than the demo doctor), and the display shows the new ticket without a
// reload, never the name.

const DISPLAY = { email: 'display@caredeck.demo', password: 'Arrivals-Board#2026' };
const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };

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

  // The seed's patient due today with a doctor other than the demo doctor (whose day other journeys
  // use), whatever the weekday and hour the run starts at; checked in at the desk.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, STAFF.email, STAFF.password);
  const name = 'Wren Okafor';

  const day = desk.getByTestId('clinic-day');
  await expect(day).toBeVisible({ timeout: 30_000 });
  const chosen = day.getByTestId('day-item').filter({ hasText: name });
  await expect(chosen).toBeVisible();
  const initials = 'WO';
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
