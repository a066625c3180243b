import type { ClientFrame } from '../../../../contracts/realtime-protocol';
import type { IceServer, VideoRefusal, VideoRole } from '../../../../contracts/video-visits';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import type { RealtimeChannel } from '../../../lib/realtime/realtime-status';

// One side of a video visit: the signalling over the app's realtime socket and the peer connection
// that carries the media straight to the other browser.
//
// The doctor sets the call up: once they have let the patient in and both are there, the doctor's
// side makes the offer and the patient's side answers it. Each side keeps its socket joined to the
// visit (a socket that reconnects joins again, since a join belongs to one socket), and answers the
// other's join once, so two people joining in either order both learn that the other is there.
// A connection that drops is restarted by the doctor's side (an ICE restart on the same connection)
// as soon as the socket is back; a side that comes back without its connection (a reloaded page)
// gets a new one.

export type CallPhase = 'joining' | 'waiting' | 'in-call' | 'ended' | 'refused';
export type MediaState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface CallSnapshot {
  phase: CallPhase;
  /** The other person has joined and not left. */
  peerPresent: boolean;
  /** The doctor has let the patient in. */
  admitted: boolean;
  media: MediaState;
  remoteStream: MediaStream | null;
  /** Why the server refused the join (phase refused) or the last step. */
  refusal: VideoRefusal | null;
  /** Who ended the call, once it has ended. */
  endedBy: 'self' | 'other' | null;
}

export interface VideoCallOptions {
  appointmentId: string;
  role: VideoRole;
  iceServers: readonly IceServer[];
  channel: RealtimeChannel;
  /** The tracks to send; may change (another device, the screen). */
  localTracks(): { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  createPeer?: (configuration: RTCConfiguration) => RTCPeerConnection;
}

/** A connection that reports `disconnected` this long is restarted (it often recovers by itself sooner). */
const DISCONNECTED_GRACE_MS = 2000;

export class VideoCall {
  private snapshot: CallSnapshot = {
    phase: 'joining',
    peerPresent: false,
    admitted: false,
    media: 'idle',
    remoteStream: null,
    refusal: null,
    endedBy: null,
  };
  private readonly listeners = new Set<() => void>();
  private peer: RTCPeerConnection | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private restartWanted = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribes: Array<() => void> = [];
  private lastSocketState: string | null = null;
  /** Signals are handled one at a time, in the order they came (an offer before its candidates). */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: VideoCallOptions) {}

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    const { channel } = this.options;
    this.unsubscribes = [channel.onMessage((message) => this.onMessage(message)), channel.subscribe(() => this.onSocketState())];
    this.onSocketState();
  }

  /** Leaves the page: the other side hears that we left, and the connection closes. */
  stop(): void {
    if (this.snapshot.phase !== 'ended' && this.snapshot.phase !== 'refused') this.send({ type: 'video_leave', appointmentId: this.id });
    this.teardown();
  }

  /** The doctor lets the waiting patient in. */
  admit(): void {
    this.send({ type: 'video_admit', appointmentId: this.id });
  }

  /** The doctor ends the visit for both; the patient leaves it. */
  end(): void {
    if (this.options.role === 'doctor') {
      this.send({ type: 'video_end', appointmentId: this.id });
      return;
    }
    this.send({ type: 'video_leave', appointmentId: this.id });
    this.closePeer();
    this.update({ phase: 'ended', endedBy: 'self', media: 'idle', remoteStream: null });
  }

  /** The local tracks changed (another camera, the screen, a track turned off): the other side gets the new ones. */
  async refreshTracks(): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    const tracks = this.options.localTracks();
    for (const transceiver of peer.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as 'audio' | 'video';
      const track = tracks[kind];
      if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
    }
  }

  private get id(): string {
    return this.options.appointmentId;
  }

  private update(patch: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private send(frame: ClientFrame): boolean {
    return this.options.channel.sendFrame(frame);
  }

  private onSocketState(): void {
    const state = this.options.channel.getSnapshot().state;
    const was = this.lastSocketState;
    this.lastSocketState = state;
    if (state !== 'connected' || was === 'connected') return;
    if (this.snapshot.phase === 'ended' || this.snapshot.phase === 'refused') return;
    // A new socket: join (again) on it.
    this.send({ type: 'video_join', appointmentId: this.id });
  }

  private onMessage(message: PushMessage): void {
    if (message.appointmentId !== this.id) return;
    if (message.type === 'video_accepted') return this.onAccepted(message);
    if (message.type === 'video_refused') return this.onRefused(message);
    if (message.type !== 'video_signal') return;
    this.queue = this.queue
      .then(() => this.onSignal(message))
      .catch(() => {
        // A description or candidate the browser refused: the connection state shows what follows.
      });
  }

  private onAccepted(message: PushMessage): void {
    const admitted = message.admitted === true;
    if (message.frame === 'video_end') {
      this.closePeer();
      this.update({ phase: 'ended', endedBy: 'self', media: 'idle', remoteStream: null });
      return;
    }
    this.update({ admitted, phase: admitted ? 'in-call' : 'waiting', refusal: null });
    if (this.options.role !== 'doctor' || !admitted || !this.snapshot.peerPresent) return;
    if (!this.peer) void this.call(false);
    else if (this.restartWanted) void this.call(true);
  }

  private onRefused(message: PushMessage): void {
    const reason = (message.reason as VideoRefusal | undefined) ?? 'failed';
    if (message.frame === 'video_join') {
      this.closePeer();
      this.update({ phase: 'refused', refusal: reason, media: 'idle' });
      return;
    }
    this.update({ refusal: reason });
  }

  private async onSignal(message: PushMessage): Promise<void> {
    switch (message.signal) {
      case 'join':
        this.update({ peerPresent: true });
        // Answer a join once, so the one who joined learns we are here too.
        if (message.reply !== true) this.send({ type: 'video_join', appointmentId: this.id, reply: true });
        // The patient came (back) without our connection (a new join), or ours is not up: a new one.
        if (this.options.role === 'doctor' && this.snapshot.admitted && (message.reply !== true || !this.isConnected()))
          await this.call(false);
        return;
      case 'leave':
        this.closePeer();
        this.update({ peerPresent: false, media: 'idle', remoteStream: null });
        return;
      case 'admit':
        this.update({ admitted: true, phase: 'in-call', media: this.peer ? this.snapshot.media : 'connecting' });
        return;
      case 'end':
        this.closePeer();
        this.update({ phase: 'ended', endedBy: 'other', media: 'idle', remoteStream: null });
        return;
      case 'offer':
        if (this.options.role === 'patient' && typeof message.sdp === 'string') await this.answer(message.sdp, message.restart === true);
        return;
      case 'answer':
        if (this.options.role === 'doctor' && this.peer && typeof message.sdp === 'string') {
          await this.peer.setRemoteDescription({ type: 'answer', sdp: message.sdp });
          await this.flushCandidates();
        }
        return;
      case 'ice':
        if (message.candidate && typeof message.candidate === 'object') await this.addCandidate(message.candidate as RTCIceCandidateInit);
        return;
    }
  }

  private isConnected(): boolean {
    return this.peer !== null && (this.peer.connectionState === 'connected' || this.peer.connectionState === 'connecting');
  }

  /** The doctor's side: a new connection and its offer, or an ICE restart of the one there is. */
  private async call(wantRestart: boolean): Promise<void> {
    this.restartWanted = false;
    let peer = this.peer;
    const restart = wantRestart && peer !== null;
    if (!restart || !peer) {
      this.closePeer();
      peer = this.newPeer();
      const tracks = this.options.localTracks();
      for (const kind of ['audio', 'video'] as const) {
        const transceiver = peer.addTransceiver(kind, { direction: 'sendrecv' });
        await transceiver.sender.replaceTrack(tracks[kind]);
      }
    }
    const offer = await peer.createOffer(restart ? { iceRestart: true } : undefined);
    await peer.setLocalDescription(offer);
    this.send({ type: 'video_offer', appointmentId: this.id, sdp: offer.sdp ?? '', ...(restart ? { restart: true } : {}) });
    this.update({ media: restart ? 'reconnecting' : 'connecting' });
  }

  /** The patient's side: answers an offer, on the connection there is for a restart, else on a new one. */
  private async answer(sdp: string, restart: boolean): Promise<void> {
    if (!restart || !this.peer) {
      this.closePeer();
      this.newPeer();
    }
    const peer = this.peer!;
    await peer.setRemoteDescription({ type: 'offer', sdp });
    const tracks = this.options.localTracks();
    for (const transceiver of peer.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as 'audio' | 'video';
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(tracks[kind]);
    }
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    this.send({ type: 'video_answer', appointmentId: this.id, sdp: answer.sdp ?? '' });
    await this.flushCandidates();
    if (this.snapshot.media === 'idle') this.update({ media: 'connecting' });
  }

  private newPeer(): RTCPeerConnection {
    const configuration: RTCConfiguration = { iceServers: this.options.iceServers.map((server) => ({ ...server })) };
    const peer = this.options.createPeer ? this.options.createPeer(configuration) : new RTCPeerConnection(configuration);
    this.peer = peer;
    this.pendingCandidates = [];
    const remote = new MediaStream();
    peer.ontrack = (event) => {
      if (this.peer !== peer) return;
      remote.addTrack(event.track);
      this.update({ remoteStream: remote });
    };
    peer.onicecandidate = (event) => {
      if (this.peer !== peer || !event.candidate) return;
      const candidate = event.candidate.toJSON();
      this.send({
        type: 'video_ice',
        appointmentId: this.id,
        candidate: {
          candidate: candidate.candidate ?? '',
          sdpMid: candidate.sdpMid ?? null,
          sdpMLineIndex: candidate.sdpMLineIndex ?? null,
          usernameFragment: candidate.usernameFragment ?? null,
        },
      });
    };
    peer.onconnectionstatechange = () => {
      if (this.peer !== peer) return;
      this.onPeerState(peer.connectionState);
    };
    return peer;
  }

  private onPeerState(state: RTCPeerConnectionState): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (state === 'connected') {
      this.update({ media: 'connected' });
      return;
    }
    if (state === 'disconnected' || state === 'failed') {
      this.update({ media: 'reconnecting' });
      if (this.options.role !== 'doctor') return;
      this.restartWanted = true;
      // A brief disconnection often mends itself; a failed connection is restarted at once.
      this.restartTimer = setTimeout(() => this.restartWhenSocketIsBack(), state === 'failed' ? 0 : DISCONNECTED_GRACE_MS);
    }
  }

  private restartWhenSocketIsBack(): void {
    this.restartTimer = null;
    if (!this.restartWanted || !this.peer) return;
    // Without a socket the offer could not travel: the join after the reconnection restarts it.
    if (this.options.channel.getSnapshot().state !== 'connected') return;
    void this.call(true);
  }

  private async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    const peer = this.peer;
    if (!peer || !peer.remoteDescription) {
      this.pendingCandidates.push(candidate);
      return;
    }
    await peer.addIceCandidate(candidate);
  }

  private async flushCandidates(): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    const pending = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of pending) await peer.addIceCandidate(candidate);
  }

  private closePeer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.restartWanted = false;
    const peer = this.peer;
    this.peer = null;
    this.pendingCandidates = [];
    if (!peer) return;
    peer.ontrack = null;
    peer.onicecandidate = null;
    peer.onconnectionstatechange = null;
    peer.close();
  }

  private teardown(): void {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    this.closePeer();
  }
}
