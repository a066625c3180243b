import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { VideoVisit } from '../../../../contracts/video-visits';
import { appointment, json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { VideoVisitPage } from './video-visit-page';

// The video visit's page before the call: the device check says plainly what is wrong when the
// browser may not use the camera and microphone, or finds none; and a visit not open yet says when
// it opens. getUserMedia belongs to the browser, so it is stubbed here.

beforeAll(async () => {
  await initI18n('en');
});

const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  vi.unstubAllGlobals();
  if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

function visit(overrides: Partial<VideoVisit> = {}): VideoVisit {
  const startsAt = new Date(Date.now() + 60_000);
  return {
    appointmentId: crypto.randomUUID(),
    role: 'patient',
    other: { firstName: 'Maria', lastName: 'Lopez' },
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    opensAt: new Date(startsAt.getTime() - 10 * 60_000).toISOString(),
    closesAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    canJoin: true,
    admitted: false,
    iceServers: [],
    ...overrides,
  };
}

function stubMedia(failure: string) {
  const getUserMedia = vi.fn(async () => {
    throw new DOMException('refused', failure);
  });
  const enumerateDevices = vi.fn(async () => [{ kind: 'videoinput', deviceId: '', label: '', groupId: '' } as MediaDeviceInfo]);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices } });
  return getUserMedia;
}

function renderPage(answer: VideoVisit) {
  stubRoutes({ [`/api/appointments/${answer.appointmentId}/video`]: () => json({ data: answer }) });
  return renderPatientView(
    <Routes>
      <Route path="/appointments/:id/video" element={<VideoVisitPage />} />
    </Routes>,
    { path: `/appointments/${answer.appointmentId}/video` },
  );
}

describe('the video visit’s device check', () => {
  it('tells the patient to allow the camera and microphone when the browser was not allowed to use them', async () => {
    const getUserMedia = stubMedia('NotAllowedError');
    renderPage(visit());
    const problem = await screen.findByTestId('media-problem');
    expect(problem).toHaveTextContent('Your browser is not allowed to use the camera and microphone');
    expect(problem).toHaveAttribute('role', 'alert');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('says no camera or microphone was found when there is none', async () => {
    stubMedia('NotFoundError');
    renderPage(visit());
    expect(await screen.findByTestId('media-problem')).toHaveTextContent('No camera or microphone was found');
  });

  it('says when a visit that is not open yet opens, and asks for no camera', async () => {
    const getUserMedia = stubMedia('NotAllowedError');
    const later = visit({ canJoin: false, opensAt: appointment({ startsAt: '2030-03-12T14:20:00.000Z' }).startsAt });
    renderPage(later);
    expect(await screen.findByTestId('video-not-open')).toHaveTextContent('This video visit opens at');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.queryByTestId('join-call')).not.toBeInTheDocument();
  });
});
