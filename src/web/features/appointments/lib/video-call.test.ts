import { describe, expect, it } from 'vitest';
import type { ClientFrame } from '../../../../contracts/realtime-protocol';
import type { ConnectionSnapshot, PushMessage } from '../../../lib/realtime/realtime-connection';
import type { RealtimeChannel } from '../../../lib/realtime/realtime-status';
import { VideoCall } from './video-call';

// The signalling side of a video visit, against a stand-in for the app's socket (the peer
// connection itself is the browser's and is exercised in the e2e journey): who joins when, the one
// answer to the other's join, a join again on a new socket, refusals and the end.

const ID = '6f1d1c3e-2a7b-4c55-9a8e-0c6c2f1b9d10';

function fakeChannel() {
  let snapshot: ConnectionSnapshot = { state: 'connecting', quality: 'good', retryCount: 0, lastCloseCode: null, latencyMs: null };
  const stateListeners = new Set<() => void>();
  const messageListeners = new Set<(message: PushMessage) => void>();
  const sent: ClientFrame[] = [];
  const channel: RealtimeChannel = {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onMessage: (listener) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    sendFrame: (frame) => {
      if (snapshot.state !== 'connected') return false;
      sent.push(frame);
      return true;
    },
  };
  return {
    channel,
    sent,
    setState(state: ConnectionSnapshot['state']) {
      snapshot = { ...snapshot, state };
      for (const listener of stateListeners) listener();
    },
    receive(message: Record<string, unknown>) {
      for (const listener of messageListeners) listener({ appointmentId: ID, ...message } as unknown as PushMessage);
    },
  };
}

function callFor(role: 'patient' | 'doctor') {
  const socket = fakeChannel();
  const call = new VideoCall({
    appointmentId: ID,
    role,
    iceServers: [],
    channel: socket.channel,
    localTracks: () => ({ audio: null, video: null }),
  });
  call.start();
  return { socket, call };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a video call’s signalling', () => {
  it('joins once the socket is connected, and joins again on a new socket', () => {
    const { socket } = callFor('patient');
    expect(socket.sent).toEqual([]);
    socket.setState('connected');
    expect(socket.sent).toEqual([{ type: 'video_join', appointmentId: ID }]);
    socket.setState('reconnecting');
    socket.setState('connected');
    expect(socket.sent).toEqual([
      { type: 'video_join', appointmentId: ID },
      { type: 'video_join', appointmentId: ID },
    ]);
  });

  it('waits for the doctor, answers the doctor’s join once, and is let in', async () => {
    const { socket, call } = callFor('patient');
    socket.setState('connected');
    socket.receive({ type: 'video_accepted', frame: 'video_join', role: 'patient', admitted: false });
    expect(call.getSnapshot()).toMatchObject({ phase: 'waiting', peerPresent: false });
    socket.receive({ type: 'video_signal', signal: 'join', from: 'doctor' });
    await settle();
    expect(call.getSnapshot().peerPresent).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'video_join', appointmentId: ID, reply: true });
    // A join that answers ours is not answered again.
    const count = socket.sent.length;
    socket.receive({ type: 'video_signal', signal: 'join', from: 'doctor', reply: true });
    await settle();
    expect(socket.sent).toHaveLength(count);
    socket.receive({ type: 'video_signal', signal: 'admit', from: 'doctor' });
    await settle();
    expect(call.getSnapshot()).toMatchObject({ phase: 'in-call', admitted: true, media: 'connecting' });
  });

  it('lets the doctor admit a waiting patient, and says when the visit was ended', async () => {
    const { socket, call } = callFor('doctor');
    socket.setState('connected');
    socket.receive({ type: 'video_accepted', frame: 'video_join', role: 'doctor', admitted: false });
    socket.receive({ type: 'video_signal', signal: 'join', from: 'patient' });
    await settle();
    expect(call.getSnapshot()).toMatchObject({ phase: 'waiting', peerPresent: true });
    call.admit();
    expect(socket.sent.at(-1)).toEqual({ type: 'video_admit', appointmentId: ID });
    call.end();
    expect(socket.sent.at(-1)).toEqual({ type: 'video_end', appointmentId: ID });
    socket.receive({ type: 'video_accepted', frame: 'video_end', role: 'doctor', admitted: false });
    expect(call.getSnapshot()).toMatchObject({ phase: 'ended', endedBy: 'self' });
  });

  it('shows a refused join, ignores other visits’ messages, and hears the doctor end the visit', async () => {
    const refused = callFor('patient');
    refused.socket.setState('connected');
    refused.socket.receive({ type: 'video_refused', frame: 'video_join', reason: 'unavailable' });
    expect(refused.call.getSnapshot()).toMatchObject({ phase: 'refused', refusal: 'unavailable' });

    const { socket, call } = callFor('patient');
    socket.setState('connected');
    socket.receive({ type: 'video_accepted', frame: 'video_join', role: 'patient', admitted: true });
    socket.receive({ type: 'video_signal', signal: 'end', from: 'doctor', appointmentId: crypto.randomUUID() });
    await settle();
    expect(call.getSnapshot().phase).toBe('in-call');
    socket.receive({ type: 'video_signal', signal: 'end', from: 'doctor' });
    await settle();
    expect(call.getSnapshot()).toMatchObject({ phase: 'ended', endedBy: 'other' });
    call.stop();
    // Nothing more is said for a visit that has ended.
    expect(socket.sent.filter((frame) => frame.type === 'video_leave')).toEqual([]);
  });
});
