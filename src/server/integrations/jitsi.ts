import { SignJWT } from 'jose';

// Jitsi Meet token authentication (../shared/integrations.md): an HS256 JWT signed with the
// app secret that the meeting's Prosody checks. The token names one room, expires within a
// few hours, and carries who the user is and what they may do there.

/** Longest a meeting token lives; a call that outlasts it keeps going, a rejoin asks anew. */
export const JITSI_TOKEN_TTL_SECONDS = 3 * 60 * 60;
/** Tolerates a meeting server whose clock runs a little behind ours. */
const NOT_BEFORE_SKEW_SECONDS = 60;

export interface JitsiSettings {
  domain: string;
  appId: string;
  /** Null: the meeting server asks for no token. */
  appSecret: string | null;
}

export interface JitsiTokenRequest {
  room: string;
  user: { id: string; name: string; email: string; avatar: string };
  /** The session's host: Jitsi's moderator with recording. */
  moderator: boolean;
  screenSharing: boolean;
  now: Date;
  /** Never later than now + JITSI_TOKEN_TTL_SECONDS. */
  expiresAt?: Date;
}

/** `meet.example.org:8443` -> `meet.example.org`: the `sub` claim names the host. */
const hostOf = (domain: string) => domain.replace(/:\d+$/, '');

const flag = (value: boolean) => (value ? 'true' : 'false');

/** The signed token for one user in one room, or null when the server needs none. */
export async function signJitsiToken(
  settings: JitsiSettings,
  request: JitsiTokenRequest,
): Promise<string | null> {
  if (!settings.appSecret) return null;
  const now = Math.floor(request.now.getTime() / 1000);
  const latest = now + JITSI_TOKEN_TTL_SECONDS;
  const wanted = request.expiresAt ? Math.floor(request.expiresAt.getTime() / 1000) : latest;
  return new SignJWT({
    room: request.room,
    moderator: request.moderator,
    context: {
      user: { ...request.user, moderator: flag(request.moderator) },
      features: {
        recording: flag(request.moderator),
        livestreaming: 'false',
        transcription: flag(request.moderator),
        'screen-sharing': flag(request.screenSharing),
      },
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(settings.appId)
    .setAudience('jitsi')
    .setSubject(hostOf(settings.domain))
    .setIssuedAt(now)
    .setNotBefore(now - NOT_BEFORE_SKEW_SECONDS)
    .setExpirationTime(Math.min(Math.max(wanted, now + 60), latest))
    .sign(new TextEncoder().encode(settings.appSecret));
}
