import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIDEO_VISIT } from '../../../contracts/video-visits';
import { iceServersFor, turnCredentials } from './ice-servers';

// The ICE servers a visit's browser gets: as configured, and with TURN_SECRET, coturn's
// time-limited credentials (use-auth-secret) on the TURN entries only.

const NOW = new Date('2026-11-28T10:00:00Z');
const USER = '0b6f7a52-5d43-4a1e-9a51-51c6d6a3c2e1';
const SERVERS = [{ urls: 'stun:stun.clinic.example:3478' }, { urls: ['turn:turn.clinic.example:3478', 'turns:turn.clinic.example:5349'] }];

describe('ICE servers for a video visit', () => {
  it('hands the configured servers over unchanged without a TURN secret', () => {
    expect(iceServersFor(SERVERS, undefined, USER, NOW)).toEqual(SERVERS);
  });

  it('adds credentials of the coturn REST scheme to TURN entries only', () => {
    const [stun, turn] = iceServersFor(SERVERS, 'shared-secret-0123456789', USER, NOW);
    expect(stun).toEqual(SERVERS[0]);
    const expiry = NOW.getTime() / 1000 + VIDEO_VISIT.turnCredentialSeconds;
    expect(turn!.username).toBe(`${expiry}:${USER}`);
    expect(turn!.credential).toBe(createHmac('sha1', 'shared-secret-0123456789').update(`${expiry}:${USER}`).digest('base64'));
    expect(turn!.urls).toEqual(SERVERS[1]!.urls);
  });

  it('gives another user, or the same one later, other credentials', () => {
    const first = turnCredentials('shared-secret-0123456789', USER, NOW);
    expect(turnCredentials('shared-secret-0123456789', 'another-user', NOW).credential).not.toBe(first.credential);
    expect(turnCredentials('shared-secret-0123456789', USER, new Date(NOW.getTime() + 1000)).username).not.toBe(first.username);
    // base64 of a 20-byte SHA-1 digest
    expect(first.credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });
});
