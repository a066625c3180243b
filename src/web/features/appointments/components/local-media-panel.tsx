import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert, inputClasses } from '../../../components/ui/field';
import { canChooseSpeaker } from '../lib/local-media';
import type { LocalMedia } from '../lib/use-local-media';
import { MicLevelMeter } from './mic-level-meter';

// The device check before (and during) a video visit: what the camera sees, how loud the
// microphone hears, which camera, microphone and speaker to use, and plainly what is wrong when
// the browser was not allowed to use them or cannot find them.

export function LocalMediaPanel({
  media,
  speakerId,
  onSpeaker,
  preview = true,
}: {
  media: LocalMedia;
  speakerId: string;
  onSpeaker: (id: string) => void;
  preview?: boolean;
}) {
  const { t } = useTranslation('video');
  const video = useRef<HTMLVideoElement>(null);
  const ids = { camera: useId(), microphone: useId(), speaker: useId() };

  useEffect(() => {
    if (video.current && preview) video.current.srcObject = media.stream;
  }, [media.stream, preview]);

  const label = (device: MediaDeviceInfo, index: number, kind: 'camera' | 'microphone' | 'speaker') =>
    device.label || t(`devices.unnamed.${kind}`, { number: index + 1 });

  return (
    <div className="flex flex-col gap-4" data-testid="device-check">
      {media.problem ? (
        <FormAlert testId="media-problem">
          <span className="flex flex-col gap-2">
            <span>{t(`problems.${media.problem}`)}</span>
            {media.problem !== 'unsupported' ? (
              <span>
                <Button variant="secondary" onClick={media.retry} data-testid="media-retry">
                  {t('problems.retry')}
                </Button>
              </span>
            ) : null}
          </span>
        </FormAlert>
      ) : null}
      {preview ? (
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          aria-label={t('call.localVideo')}
          className="aspect-video w-full max-w-md rounded-lg bg-slate-900 object-cover"
          data-testid="local-preview"
        />
      ) : null}
      <MicLevelMeter stream={media.stream} />
      <div className="grid gap-3 sm:grid-cols-3">
        <label htmlFor={ids.camera} className="flex flex-col gap-1 text-sm font-medium">
          {t('devices.camera')}
          <select
            id={ids.camera}
            className={inputClasses(false)}
            value={media.choice.cameraId ?? media.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? ''}
            onChange={(event) => media.choose({ cameraId: event.target.value })}
            disabled={media.devices.cameras.length === 0}
            data-testid="camera-select"
          >
            {media.devices.cameras.length === 0 ? <option value="">{t('devices.none')}</option> : null}
            {media.devices.cameras.map((device, index) => (
              <option key={device.deviceId || index} value={device.deviceId}>
                {label(device, index, 'camera')}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.microphone} className="flex flex-col gap-1 text-sm font-medium">
          {t('devices.microphone')}
          <select
            id={ids.microphone}
            className={inputClasses(false)}
            value={media.choice.microphoneId ?? media.stream?.getAudioTracks()[0]?.getSettings().deviceId ?? ''}
            onChange={(event) => media.choose({ microphoneId: event.target.value })}
            disabled={media.devices.microphones.length === 0}
            data-testid="microphone-select"
          >
            {media.devices.microphones.length === 0 ? <option value="">{t('devices.none')}</option> : null}
            {media.devices.microphones.map((device, index) => (
              <option key={device.deviceId || index} value={device.deviceId}>
                {label(device, index, 'microphone')}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.speaker} className="flex flex-col gap-1 text-sm font-medium">
          {t('devices.speaker')}
          <select
            id={ids.speaker}
            className={inputClasses(false)}
            value={speakerId}
            onChange={(event) => onSpeaker(event.target.value)}
            disabled={!canChooseSpeaker() || media.devices.speakers.length === 0}
            data-testid="speaker-select"
          >
            <option value="">{t('devices.defaultSpeaker')}</option>
            {media.devices.speakers
              .filter((device) => device.deviceId && device.deviceId !== 'default')
              .map((device, index) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {label(device, index, 'speaker')}
                </option>
              ))}
          </select>
        </label>
      </div>
    </div>
  );
}
