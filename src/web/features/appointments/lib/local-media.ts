// The camera and microphone of this browser for a video visit: opening them, naming what went wrong
// in words a person can act on, and the devices to choose from.

export type MediaProblem = 'permission-denied' | 'device-missing' | 'device-busy' | 'unsupported' | 'failed';

export interface DeviceChoice {
  cameraId?: string;
  microphoneId?: string;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

/** What a failed getUserMedia means for the person in front of it. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'permission-denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'device-missing';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'device-busy';
  return 'failed';
}

export function mediaSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Camera and microphone, the chosen ones when given. */
export function openLocalMedia(choice: DeviceChoice): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
    video: choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true,
  });
}

/** The devices there are (their names are known once the camera and microphone were allowed). */
export async function listDevices(): Promise<DeviceLists> {
  if (typeof navigator.mediaDevices?.enumerateDevices !== 'function') return { cameras: [], microphones: [], speakers: [] };
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
    speakers: devices.filter((device) => device.kind === 'audiooutput'),
  };
}

/** Whether this browser lets a page choose where sound plays. */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
