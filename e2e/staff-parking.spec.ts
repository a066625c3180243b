import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The car park at the desk: the demo staff member opens the lot, picks a free spot on the map,
// gives it to Ingrid Solberg's visit today, marks the car parked, and sees the spot occupied on the map
// and in the table. Spot A3 of level 1 is one the seed leaves free.

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };

test('the desk assigns a spot to today’s visit and marks it occupied', async ({ page }) => {
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto('/parking');
  await expect(page.getByRole('heading', { level: 1, name: 'Car park' })).toBeVisible();
  const map = page.getByRole('group', { name: 'Parking spots of level 1' });
  const free = map.getByRole('button', { name: 'Spot A3, level 1, regular, available' });
  await free.focus();
  await page.keyboard.press('Enter');
  await expect(free).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);

  const selected = page.getByTestId('parking-selected');
  // Ingrid Solberg's visit in person today is the seed's own for the desk's journeys.
  const visit = selected.getByRole('combobox', { name: 'Visit for spot A3' });
  const ingrid = await visit.locator('option', { hasText: 'Ingrid Solberg' }).getAttribute('value');
  await visit.selectOption(ingrid!);
  await selected.getByRole('button', { name: 'Assign A3' }).click();
  await expect(page.getByText('Spot A3 is reserved for the visit.')).toBeVisible();
  await selected.getByRole('button', { name: 'Mark A3 occupied' }).click();
  await expect(page.getByText('Spot A3 is marked occupied.')).toBeVisible();

  await expect(map.getByRole('button', { name: 'Spot A3, level 1, regular, occupied' })).toBeVisible();
  await expect(page.getByTestId('parking-row-A3')).toContainText('occupied');
  await expect(page.getByTestId('parking-row-A3').getByRole('button', { name: 'Release A3' })).toBeVisible();
});
