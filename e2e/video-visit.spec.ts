import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test as base } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// A video visit in two browsers. The demo patient books a video visit with her doctor starting now
// (the demo mode's route for trying it at any hour), opens it, checks her devices and waits; the
// demo doctor finds it on today's schedule, joins, sees her waiting and admits her. Each then sees
// the other's video playing, with frames advancing; the patient mutes and unmutes; the doctor ends
// the visit and both pages say it has ended. Chromium's fake camera and microphone stand in for
// real devices, for this journey only: the other journeys keep the browser as configured.

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
      });
    },
    { scope: 'worker' },
  ],
});

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

/** The remote video shows moving pictures: it has a size, plays, and its clock moves on. */
async function expectRemoteVideoPlaying(page: Page): Promise<void> {
  const video = page.getByTestId('remote-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0)).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(first);
}

test('a patient and her doctor hold a video visit: waiting room, admission, both videos, mute, end', async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The patient, in her own browser, books a visit starting now and opens it.
  await signIn(page, PATIENT.email, PATIENT.password);
  const booked = await page.request.post('/api/demo/video-visit', { headers: await csrfHeaders(page.request) });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { data: { appointmentId: string } }).data.appointmentId;
  await page.goto(`/appointments/${appointmentId}/video`);
  await expect(page.getByTestId('local-preview')).toBeVisible();
  await expect.poll(() => page.getByTestId('local-preview').evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('camera-select')).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('join-call').click();
  const patientStatus = page.getByTestId('call-status');
  await expect(patientStatus).toHaveAttribute('data-phase', 'waiting');
  await expect(patientStatus).toContainText('Please wait until');

  // The doctor, in another browser, finds it on today's schedule and joins.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signIn(doctor, DOCTOR.email, DOCTOR.password);
  const join = doctor.getByTestId('today-schedule').locator(`a[href="/appointments/${appointmentId}/video"]`);
  await join.click();
  await expect(doctor).toHaveURL(new RegExp(`/appointments/${appointmentId}/video$`));
  await doctor.getByTestId('join-call').click();
  const doctorStatus = doctor.getByTestId('call-status');
  await expect(doctorStatus).toContainText('is waiting');
  await doctor.getByTestId('admit-patient').click();

  // Both see the other.
  await expect(doctorStatus).toHaveAttribute('data-media', 'connected', { timeout: 20_000 });
  await expect(patientStatus).toHaveAttribute('data-media', 'connected', { timeout: 20_000 });
  await expectRemoteVideoPlaying(doctor);
  await expectRemoteVideoPlaying(page);
  await expectNoSeriousA11yViolations(doctor);

  // Mute and unmute: the button says so, and the microphone's track follows.
  const mute = page.getByTestId('toggle-mute');
  const micEnabled = () =>
    page
      .getByTestId('local-video')
      .evaluate((element: HTMLVideoElement) => (element.srcObject as MediaStream).getAudioTracks()[0]?.enabled);
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(micEnabled).toBe(false);
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(micEnabled).toBe(true);

  // The doctor ends the visit; both pages say so, and the visit cannot be joined again.
  await doctor.getByTestId('end-call').click();
  await expect(doctorStatus).toHaveAttribute('data-phase', 'ended');
  await expect(doctorStatus).toHaveText('The visit has ended.');
  await expect(patientStatus).toHaveAttribute('data-phase', 'ended');
  await expect(patientStatus).toHaveText('The doctor has ended the visit.');
  const after = await page.request.get(`/api/appointments/${appointmentId}/video`);
  expect(after.status()).toBe(409);
  await doctorContext.close();
});
