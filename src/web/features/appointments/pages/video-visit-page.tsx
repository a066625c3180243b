import { useQuery } from '@tanstack/react-query';
import { Mic, MicOff, MonitorUp, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { VideoVisit } from '../../../../contracts/video-visits';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useRealtimeChannel } from '../../../lib/realtime/realtime-status';
import { useRealtimeStatus } from '../../../lib/realtime/use-realtime';
import { videoVisitQuery } from '../api/video-visit';
import { LocalMediaPanel } from '../components/local-media-panel';
import { VideoCall, type CallSnapshot } from '../lib/video-call';
import { useLocalMedia } from '../lib/use-local-media';

// A video visit (/appointments/{id}/video): first the device check, then the waiting room (the
// patient waits until the doctor admits them; the doctor sees who is waiting and lets them in),
// then the call, with the other person large and oneself small. Only the appointment's id is in the
// address; names and times come from the server. The state of the call is announced as it changes.

const INITIAL: CallSnapshot = {
  phase: 'joining',
  peerPresent: false,
  admitted: false,
  media: 'idle',
  remoteStream: null,
  refusal: null,
  endedBy: null,
};
const noSubscription = () => () => {};

export function VideoVisitPage() {
  const { t, i18n } = useTranslation('video');
  const { id = '' } = useParams();
  const visit = useQuery(videoVisitQuery(id));
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      {visit.isPending ? <DelayedLoading /> : null}
      {visit.isError ? (
        <FormAlert testId="video-unavailable">
          {errorText(t, visit.error, t('loadFailed'))}{' '}
          <Link to="/appointments" className="font-medium underline">
            {t('back')}
          </Link>
        </FormAlert>
      ) : null}
      {visit.data && !visit.data.canJoin ? (
        <FormAlert tone="info" testId="video-not-open">
          {t('notOpen', { time: format.format(new Date(visit.data.opensAt)) })}
        </FormAlert>
      ) : null}
      {visit.data?.canJoin ? <VideoVisitRoom visit={visit.data} /> : null}
    </div>
  );
}

function VideoVisitRoom({ visit }: { visit: VideoVisit }) {
  const { t } = useTranslation('video');
  const channel = useRealtimeChannel();
  const socket = useRealtimeStatus();
  const media = useLocalMedia();
  const [speakerId, setSpeakerId] = useState('');
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const [shareProblem, setShareProblem] = useState(false);
  const isDoctor = visit.role === 'doctor';
  const nameOf = usePersonName();
  const otherName = nameOf(visit.other);

  const localTracks = useCallback(() => {
    const stream = media.streamRef.current;
    return { audio: stream?.getAudioTracks()[0] ?? null, video: screenRef.current ?? stream?.getVideoTracks()[0] ?? null };
  }, [media.streamRef]);

  const [call, setCall] = useState<VideoCall | null>(null);
  const join = () => {
    if (!channel) return;
    setCall(new VideoCall({ appointmentId: visit.appointmentId, role: visit.role, iceServers: visit.iceServers, channel, localTracks }));
  };
  const joined = call !== null;
  useEffect(() => {
    if (!call) return;
    call.start();
    return () => call.stop();
  }, [call]);
  const snapshot = useSyncExternalStore(call?.subscribe ?? noSubscription, call?.getSnapshot ?? (() => INITIAL));

  // Mute and camera off keep the tracks (so turning them back on needs no new permission) but send silence and black.
  useEffect(() => {
    for (const track of media.stream?.getAudioTracks() ?? []) track.enabled = micOn;
  }, [media.stream, micOn]);
  useEffect(() => {
    for (const track of media.stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
  }, [media.stream, cameraOn]);
  // Another device or the screen: the other side gets the new track.
  useEffect(() => {
    void call?.refreshTracks();
  }, [call, media.stream, screen]);

  const stopSharing = useCallback(() => {
    screenRef.current?.stop();
    screenRef.current = null;
    setScreen(null);
  }, []);
  useEffect(() => stopSharing, [stopSharing]);
  const share = async () => {
    if (screen) return stopSharing();
    setShareProblem(false);
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0] ?? null;
      if (!track) return;
      // The browser's own "Stop sharing" ends the track: back to the camera.
      track.addEventListener('ended', stopSharing);
      screenRef.current = track;
      setScreen(track);
    } catch {
      setShareProblem(true);
    }
  };

  const status = statusText(t, snapshot, isDoctor, joined, socket.state === 'connected', otherName);
  const ended = snapshot.phase === 'ended' || snapshot.phase === 'refused';
  const inCall = snapshot.phase === 'in-call';

  return (
    <div className="flex flex-col gap-4">
      <p
        role="status"
        aria-live="polite"
        className="text-lg font-medium"
        data-testid="call-status"
        data-phase={snapshot.phase}
        data-media={snapshot.media}
      >
        {status}
      </p>
      {snapshot.refusal && !ended ? <FormAlert testId="call-refusal">{t(`refused.${snapshot.refusal}`)}</FormAlert> : null}
      {ended ? (
        <Link
          to={isDoctor ? '/doctor-portal' : '/appointments'}
          className={buttonClasses('secondary', 'self-start')}
          data-testid="call-back"
        >
          {t('back')}
        </Link>
      ) : null}

      {!joined ? (
        <section className="flex flex-col gap-4" aria-label={t('devices.title')}>
          <p>{isDoctor ? t('intro.doctor', { name: otherName }) : t('intro.patient', { name: otherName })}</p>
          <LocalMediaPanel media={media} speakerId={speakerId} onSpeaker={setSpeakerId} />
          <div>
            <Button onClick={join} disabled={!channel} data-testid="join-call">
              <Video className="size-4" aria-hidden="true" />
              {t('join')}
            </Button>
          </div>
        </section>
      ) : null}

      {joined && !ended && snapshot.phase === 'waiting' && isDoctor && snapshot.peerPresent ? (
        <div>
          <Button onClick={() => call?.admit()} data-testid="admit-patient">
            {t('admit', { name: otherName })}
          </Button>
        </div>
      ) : null}

      {joined && !ended ? (
        <CallView snapshot={snapshot} localStream={media.stream} screen={screen} speakerId={speakerId} otherName={otherName} />
      ) : null}

      {joined && !ended ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('call.controls')}>
            <Button variant="secondary" aria-pressed={!micOn} onClick={() => setMicOn((on) => !on)} data-testid="toggle-mute">
              {micOn ? <Mic className="size-4" aria-hidden="true" /> : <MicOff className="size-4" aria-hidden="true" />}
              {t('call.mute')}
            </Button>
            <Button variant="secondary" aria-pressed={!cameraOn} onClick={() => setCameraOn((on) => !on)} data-testid="toggle-camera">
              {cameraOn ? <Video className="size-4" aria-hidden="true" /> : <VideoOff className="size-4" aria-hidden="true" />}
              {t('call.cameraOff')}
            </Button>
            {isDoctor && inCall ? (
              <Button variant="secondary" aria-pressed={screen !== null} onClick={() => void share()} data-testid="toggle-share">
                <MonitorUp className="size-4" aria-hidden="true" />
                {t('call.share')}
              </Button>
            ) : null}
            <Button onClick={() => call?.end()} data-testid="end-call">
              <PhoneOff className="size-4" aria-hidden="true" />
              {isDoctor ? t('call.end') : t('call.leave')}
            </Button>
          </div>
          {shareProblem ? <FormAlert testId="share-problem">{t('call.shareFailed')}</FormAlert> : null}
          <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <summary className="cursor-pointer text-sm font-medium">{t('devices.switch')}</summary>
            <div className="mt-3">
              <LocalMediaPanel media={media} speakerId={speakerId} onSpeaker={setSpeakerId} preview={false} />
            </div>
          </details>
        </div>
      ) : null}
    </div>
  );
}

function CallView({
  snapshot,
  localStream,
  screen,
  speakerId,
  otherName,
}: {
  snapshot: CallSnapshot;
  localStream: MediaStream | null;
  screen: MediaStreamTrack | null;
  speakerId: string;
  otherName: string;
}) {
  const { t } = useTranslation('video');
  const remote = useRef<HTMLVideoElement>(null);
  const local = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const element = remote.current;
    if (!element) return;
    element.srcObject = snapshot.remoteStream;
    if (!snapshot.remoteStream) return;
    // A browser may refuse to play sound before the person has touched the page: then they press play.
    element.play().then(
      () => setBlocked(false),
      () => setBlocked(true),
    );
  }, [snapshot.remoteStream]);

  useEffect(() => {
    const element = remote.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (element?.setSinkId) void element.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId]);

  useEffect(() => {
    if (local.current) local.current.srcObject = screen ? new MediaStream([screen]) : localStream;
  }, [localStream, screen]);

  return (
    <div className="relative w-full overflow-hidden rounded-xl bg-slate-900" data-testid="call-view">
      <video
        ref={remote}
        autoPlay
        playsInline
        aria-label={t('call.remoteVideo', { name: otherName })}
        className="aspect-video w-full object-contain"
        data-testid="remote-video"
      />
      <video
        ref={local}
        autoPlay
        muted
        playsInline
        aria-label={t('call.localVideo')}
        className="absolute right-3 bottom-3 aspect-video w-1/4 max-w-48 rounded-lg border-2 border-white bg-slate-800 object-cover"
        data-testid="local-video"
      />
      {blocked ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Button
            onClick={() =>
              void remote.current?.play().then(
                () => setBlocked(false),
                () => setBlocked(true),
              )
            }
            data-testid="play-remote"
          >
            {t('call.play', { name: otherName })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'video'>>['t'];

/** What the live region says about the call right now. */
function statusText(t: T, snapshot: CallSnapshot, isDoctor: boolean, joined: boolean, online: boolean, name: string): string {
  if (!joined) return t('status.checkDevices');
  if (snapshot.phase === 'ended') return snapshot.endedBy === 'other' && !isDoctor ? t('status.endedByDoctor') : t('status.ended');
  if (snapshot.phase === 'refused') return t(`refused.${snapshot.refusal ?? 'failed'}`);
  if (!online) return t('status.offline');
  if (snapshot.phase === 'joining') return t('status.joining');
  if (snapshot.phase === 'waiting') {
    if (!isDoctor) return t('status.waitingForDoctor', { name });
    return snapshot.peerPresent ? t('status.patientWaiting', { name }) : t('status.waitingForPatient', { name });
  }
  if (!snapshot.peerPresent && snapshot.media === 'idle') return t('status.otherAway', { name });
  if (snapshot.media === 'connected') return t('status.connected', { name });
  if (snapshot.media === 'reconnecting') return t('status.reconnecting');
  return t('status.connecting', { name });
}
