import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { signIn } from './identity-helpers';

const orders = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', 'orders.json'), 'utf8'));

/** The demo doctor, signed in in a browser of his own, on the orders view. */
export async function doctorOnOrders(page: Page, doctor: { email: string; password: string }): Promise<void> {
  await signIn(page, doctor.email, doctor.password);
  await expect(page).toHaveURL(/\/doctor-portal/);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: orders.title })).toBeVisible();
}

/**
 * Places an order from the orders view for the patient of that name: `choose` picks what is ordered
 * in the open dialog; `reason`, unique to the journey, finds its card among everyone's. Answers the
 * id the server gave it and its card, still "ordered".
 */
export async function placeOrder(
  page: Page,
  patientName: string,
  reason: string,
  choose: (form: Locator) => Promise<void>,
): Promise<{ orderId: string; card: Locator }> {
  await page.getByTestId('new-order').click();
  const form = page.getByTestId('new-order-dialog');
  const patientSelect = form.getByLabel(orders.form.patient, { exact: true });
  const option = patientSelect.locator('option', { hasText: patientName });
  await expect(option).toHaveCount(1);
  await patientSelect.selectOption((await option.getAttribute('value'))!);
  await choose(form);
  await form.getByLabel(orders.form.reason, { exact: true }).fill(reason);
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await form.getByTestId('new-order-submit').click();
  const orderId = ((await (await placed).json()) as { data: { id: string } }).data.id;
  await expect(form).toBeHidden();
  const card = page.locator('[data-testid="order"]').filter({ has: page.getByText(reason) });
  await expect(card).toHaveAttribute('data-status', 'ordered');
  return { orderId, card };
}
