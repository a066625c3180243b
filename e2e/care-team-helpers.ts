import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { csrfHeaders, registerPatient, signIn } from './identity-helpers';

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

export interface CareTeam {
  patient: { email: string; password: string };
  doctorId: string;
  /** The demo doctor, signed in in a browser of his own. */
  doctorContext: BrowserContext;
  doctorPage: Page;
}

/**
 * A patient registered for one journey (so no other journey's counts move), signed in on `page`,
 * with a visit booked with the demo doctor, which puts him in her care team; the doctor signed in
 * in a second browser. Journeys that run at the same time pass different `slotFromEnd` so that they
 * never ask for the same slot.
 */
export async function patientOfTheDemoDoctor(
  browser: Browser,
  page: Page,
  options: { label: string; reason: string; slotFromEnd: number },
): Promise<CareTeam> {
  const patient = await registerPatient(browser, options.label);

  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, DOCTOR.email, DOCTOR.password);
  await expect(doctorPage).not.toHaveURL(/\/login/);
  const session = (await (await doctorPage.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const doctorId = session.user.id;

  await signIn(page, patient.email, patient.password);
  await expect(page).not.toHaveURL(/\/login/);
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (await page.request.get(`/api/doctors/${doctorId}/slots?from=${from}&to=${to}&timeZone=UTC`)).json()) as {
    data: Array<{ startsAt: string }>;
  };
  const startsAt = new Date(slots.data.at(-options.slotFromEnd)!.startsAt).toISOString();
  const booked = await page.request.post('/api/appointments', {
    headers: await csrfHeaders(page.request),
    data: {
      doctorId,
      date: startsAt.slice(0, 10),
      time: startsAt.slice(11, 16),
      timeZone: 'UTC',
      type: 'in-person',
      reason: options.reason,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { patient, doctorId, doctorContext, doctorPage };
}
