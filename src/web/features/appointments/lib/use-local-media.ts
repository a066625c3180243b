import { useCallback, useEffect, useRef, useState } from 'react';
import {
  listDevices,
  mediaProblemOf,
  mediaSupported,
  openLocalMedia,
  stopStream,
  type DeviceChoice,
  type DeviceLists,
  type MediaProblem,
} from './local-media';

// The local camera and microphone as a page holds them: opened when the page opens, reopened on
// another device, stopped when the page closes. The stream is kept in a ref as well, so code that
// runs later (the call sending tracks) always reads the current one.

export interface LocalMedia {
  stream: MediaStream | null;
  streamRef: React.RefObject<MediaStream | null>;
  problem: MediaProblem | null;
  devices: DeviceLists;
  choice: DeviceChoice;
  choose(choice: DeviceChoice): void;
  retry(): void;
}

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [devices, setDevices] = useState<DeviceLists>(NO_DEVICES);
  const [choice, setChoice] = useState<DeviceChoice>({});
  const [attempt, setAttempt] = useState(0);

  const supported = mediaSupported();
  useEffect(() => {
    if (!supported) return;
    let current = true;
    openLocalMedia(choice).then(
      async (opened) => {
        if (!current) return stopStream(opened);
        stopStream(streamRef.current);
        streamRef.current = opened;
        setStream(opened);
        setProblem(null);
        const found = await listDevices();
        if (current) setDevices(found);
      },
      async (error: unknown) => {
        if (!current) return;
        setProblem(mediaProblemOf(error));
        // Without permission the names are hidden, but whether there is a camera at all is known.
        const found = await listDevices().catch(() => NO_DEVICES);
        if (current) setDevices(found);
      },
    );
    return () => {
      current = false;
    };
  }, [choice, attempt, supported]);

  // The page closes: the camera light goes off.
  useEffect(
    () => () => {
      stopStream(streamRef.current);
      streamRef.current = null;
    },
    [],
  );

  const choose = useCallback((next: DeviceChoice) => setChoice((previous) => ({ ...previous, ...next })), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { stream, streamRef, problem: supported ? problem : 'unsupported', devices, choice, choose, retry };
}
