import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The car park's layout: the demo administrator opens the car park, switches to the edit mode and
// adds a spot to level 2 from the form, then sees it on the map and in the table. The demo staff
// member, with the car park open in another browser, sees the new spot arrive without a reload and
// has no edit mode. The spot's number is this run's own, so a second run adds another.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };

test('an administrator adds a parking spot and it shows on the map, for the desk too', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const number = `Z${Math.floor(Math.random() * 9000) + 1000}`;
  const name = `Spot ${number}, level 2, electric, available`;

  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, STAFF.email, STAFF.password);
  await desk.goto('/parking');
  await expect(desk.getByRole('heading', { level: 1, name: 'Car park' })).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Edit car park' })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Level 2' }).click();
  const deskMap = desk.getByRole('group', { name: 'Parking spots of level 2' });
  await expect(deskMap.getByRole('button').first()).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/parking');
  await expect(page.getByRole('heading', { level: 1, name: 'Car park' })).toBeVisible();
  await page.getByRole('button', { name: 'Level 2' }).click();
  const mode = page.getByRole('button', { name: 'Edit car park' });
  await mode.click();
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add a spot' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add a spot' });
  await dialog.getByRole('textbox', { name: 'Spot number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Section' }).fill('D');
  await expect(dialog.getByRole('spinbutton', { name: 'Level' })).toHaveValue('2');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('electric');
  await dialog.getByRole('spinbutton', { name: 'Position across (cells from the left)' }).fill('21');
  await dialog.getByRole('spinbutton', { name: 'Position down (cells from the top)' }).fill('13');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add spot' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Spot ${number} is added to level 2.`)).toBeVisible();

  const map = page.getByRole('group', { name: 'Parking spots of level 2' });
  const added = map.getByRole('button', { name });
  await expect(added).toBeVisible();
  await expect(page.getByTestId(`parking-row-${number}`)).toContainText('electric');
  await added.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('parking-selected').getByRole('button', { name: `Edit spot ${number}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The desk's open map follows without a reload.
  await expect(deskMap.getByRole('button', { name })).toBeVisible();
  await deskContext.close();
});
