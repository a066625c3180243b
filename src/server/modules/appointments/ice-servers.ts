import { createHmac } from 'node:crypto';
import { VIDEO_VISIT, type IceServer } from '../../../contracts/video-visits';

// The ICE servers handed to a video visit's browser. The configured list (ICE_SERVERS) as it is;
// with a TURN shared secret (TURN_SECRET), each TURN entry gets credentials of its own for this
// user that expire after a few hours: the "TURN REST API" scheme coturn checks with use-auth-secret,
// where the username carries its expiry and the password is an HMAC of the username with the secret,
// so the TURN server needs no list of users and a leaked credential stops working by itself.

const TURN = /^turns?:/i;

export function iceServersFor(configured: readonly IceServer[], turnSecret: string | undefined, userId: string, now: Date): IceServer[] {
  if (!turnSecret) return configured.map((server) => ({ ...server }));
  const credentials = turnCredentials(turnSecret, userId, now);
  return configured.map((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    return urls.some((url) => TURN.test(url)) ? { ...server, ...credentials } : { ...server };
  });
}

/** coturn's time-limited credentials: username `<expiry unix seconds>:<userId>`, credential base64(HMAC-SHA1(secret, username)). */
export function turnCredentials(secret: string, userId: string, now: Date): { username: string; credential: string } {
  const expiry = Math.floor(now.getTime() / 1000) + VIDEO_VISIT.turnCredentialSeconds;
  const username = `${expiry}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}
