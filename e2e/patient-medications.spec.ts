import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn, toggleTheme } from './identity-helpers';
import { expectBellMatchesServer, unreadCount } from './live-helpers';
import { expectFitsOnPhone } from './layout-helpers';

// Refills and shared medication lists in the browser. A patient asks for a refill and the prescribing doctor,
// signed in elsewhere, sees it arrive live (toast and bell, no reload). The patient then shares
// their medication list: a signed-out visitor opens the link (also by back/forward), the patient
// revokes it, the link shows "not available", and the opening is on the patient's access log.
//
// The pair is the demo patient with MFA (Aisha Haddad) and her assigned doctor: no other journey
// changes Aisha's data or reads her access log, so the refill and the link collide with nothing.

const locale = (namespace: string, language = 'en') =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', language, `${namespace}.json`), 'utf8'));
const medications = locale('medications');
const common = locale('common');
const audit = locale('audit');

const PATIENT = { email: 'mfa@caredeck.demo', password: 'Second-Lock#2026', firstName: 'Aisha', name: 'Aisha Haddad' };
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

/** Signs the patient in through the API (with the demo's current MFA code): the page shares the cookie. */
async function signInPatient(request: APIRequestContext): Promise<void> {
  const demo = (await (await request.get('/api/demo/accounts')).json()) as { data: { email: string; mfaCode?: string }[] };
  const mfaCode = demo.data.find((account) => account.email === PATIENT.email)?.mfaCode;
  expect(mfaCode).toMatch(/^\d{6}$/);
  const login = await request.post('/api/auth/login', {
    headers: await csrfHeaders(request),
    data: { email: PATIENT.email, password: PATIENT.password, mfaCode },
  });
  expect(login.status(), await login.text()).toBe(200);
}

test('a refill request reaches the prescriber live; a shared list opens signed out until it is revoked', async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The prescribing doctor, in a browser of their own, with the live connection up.
  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, DOCTOR.email, DOCTOR.password);
  await expect(doctorPage).toHaveURL(/\/doctor-portal/);
  await expect(doctorPage.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  const doctorId = ((await (await doctorPage.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  const before = await unreadCount(doctorPage);
  await doctorPage.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // The patient asks for a refill of a current medication.
  await signInPatient(page.request);
  await page.goto('/medications');
  const current = page.getByTestId('medications-current');
  const action = current.getByRole('button', { name: /^Request refill of / }).first();
  await expect(action).toBeVisible();
  const medication = ((await action.getAttribute('aria-label')) ?? '').replace(/^Request refill of /, '');
  const card = current.getByTestId('medication-card').filter({ has: page.getByRole('heading', { name: medication, exact: true }) });
  await action.click();
  const dialog = page.getByRole('dialog', { name: `Request a refill of ${medication}` });
  await dialog.getByLabel(medications.refill.noteLabel).fill('Running out next week');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: medications.refill.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(medications.refill.sent.title).first()).toBeVisible();
  await expect(card.getByTestId('refill-status')).toHaveText(/^Refill requested on /);
  await expect(card.getByRole('button', { name: `Request refill of ${medication}` })).toHaveCount(0);

  // The doctor's open page hears of it at once: a toast and the bell, without a reload.
  await expect(doctorPage.getByText(`${PATIENT.name} asks for a refill of ${medication}.`).first()).toBeVisible();
  // Other journeys leave the demo doctor notifications at the same time: the bell has grown by
  // this one at least, and shows what the server holds.
  await expect.poll(() => unreadCount(doctorPage)).toBeGreaterThan(before);
  await expectBellMatchesServer(doctorPage, doctorId);
  expect(await doctorPage.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await doctorContext.close();

  // The patient creates a link for one day and copies it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = page.getByTestId('share-panel');
  await panel.getByRole('radio', { name: medications.share.expiry.h24 }).check();
  await panel.getByRole('button', { name: medications.share.create }).click();
  const field = panel.getByLabel(medications.share.linkLabel);
  await expect(field).toHaveValue(/\/shared\/medication\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await panel.getByRole('button', { name: medications.share.copy }).click();
  await expect(page.getByText(medications.share.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(panel.getByTestId('share-link')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);
  await toggleTheme(page, 'dark');
  await expectNoSeriousA11yViolations(page);
  await toggleTheme(page, 'light');

  // Someone signed out opens it: the list, the first name and the date, nothing else, never cached.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const opened = await visitor.goto(url);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`${PATIENT.firstName}’s current medications`);
  await expect(visitor.getByText(medication, { exact: false }).first()).toBeVisible();
  await expect(visitor.getByText(PATIENT.name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  // Back and forward find the shared page again.
  await visitor.goto('/');
  await visitor.goBack();
  await expect(visitor).toHaveURL(url);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`${PATIENT.firstName}’s current medications`);

  // The patient sees the opening counted, then revokes the link after confirming.
  await page.reload();
  const link = page.getByTestId('share-panel').getByTestId('share-link');
  await expect(link.getByTestId('share-open-count')).toHaveText(/^Opened [12] times?, last /);
  await link.getByRole('button', { name: medications.share.revoke }).click();
  const confirm = page.getByRole('dialog', { name: medications.share.revokeTitle });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: medications.share.confirmRevoke }).click();
  await expect(page.getByText(medications.share.revoked)).toBeVisible();
  await expect(page.getByTestId('share-panel').getByText(medications.share.none)).toBeVisible();

  // The link is now "not available", on reload and on back/forward alike.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(common.sharedMedication.unavailableTitle);
  await expect(visitor.getByText(medication)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await visitor.goto('/');
  await visitor.goBack();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(common.sharedMedication.unavailableTitle);
  await visitorContext.close();

  // Any unusable link reads the same in the visitor's language.
  const spanish = await browser.newContext({ locale: 'es-ES' });
  const spanishVisitor = await spanish.newPage();
  await spanishVisitor.goto(`/shared/medication/${'x'.repeat(43)}`);
  await expect(spanishVisitor.getByRole('heading', { level: 1 })).toHaveText(locale('common', 'es').sharedMedication.unavailableTitle);
  await spanish.close();

  // The opening is on the patient's "Who opened my record", named as the shared link.
  await page.goto('/privacy/access-log');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audit.accessLog.title);
  const entry = page.getByTestId('access-log').getByRole('listitem').filter({ hasText: audit.accessLog.sharedLink }).first();
  await expect(entry).toContainText(audit.actions.medication['shared-view']);
  await expectNoSeriousA11yViolations(page);
});
