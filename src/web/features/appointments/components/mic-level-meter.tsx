import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// How loud the microphone hears the room, so a person can tell it works before the call: the
// level of the audio track, sampled a few times a second.

const SAMPLE_MS = 100;

export function MicLevelMeter({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation('video');
  const [level, setLevel] = useState(0);

  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const AudioContextType = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (!stream || !track || !AudioContextType) return;
    const context = new AudioContextType();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // Speech sits around 0.05-0.2 RMS; scaled so a normal voice fills most of the bar.
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400)));
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream]);

  return (
    <div className="flex flex-col gap-1">
      <span id="mic-level-label" className="text-sm font-medium">
        {t('devices.level')}
      </span>
      <div
        role="meter"
        aria-labelledby="mic-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        data-testid="mic-level"
      >
        <div className="h-full bg-emerald-600" style={{ width: `${level}%` }} />
      </div>
    </div>
  );
}
