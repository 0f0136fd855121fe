import { DEFAULT_CALL_LANGUAGE } from '../../shared/constants';
import type { CallWindowOptions } from '../../shared/ipc';

// A host name (letters, digits, dots, hyphens) with an optional port; no scheme, path or user.
const DOMAIN_PATTERN =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

/** The https origin of a Jitsi domain, or null when the domain is not a plain host name. */
export function jitsiOriginOf(domain: string): string | null {
  return DOMAIN_PATTERN.test(domain) ? `https://${domain.toLowerCase()}` : null;
}

/** What the call page passes to `new JitsiMeetExternalAPI(domain, …)`, without parentNode. */
export interface JitsiMeetingOptions {
  roomName: string;
  jwt: string;
  lang: string;
  width: string;
  height: string;
  configOverwrite: Record<string, unknown>;
  interfaceConfigOverwrite: Record<string, unknown>;
}

/**
 * The IFrame API options of a call: the school's per-role overrides first, then what the desktop
 * window must have regardless (its subject, no app-store deep linking, recording only for the
 * teacher's call). The JWT stays the real authority on recording; this only hides the button.
 */
export function buildJitsiMeetingOptions(call: CallWindowOptions): JitsiMeetingOptions {
  const school = call.configOverwrite;
  const toolbarButtons = Array.isArray(school['toolbarButtons'])
    ? (school['toolbarButtons'] as unknown[]).filter(
        (button) => call.canRecord || button !== 'recording',
      )
    : undefined;
  return {
    roomName: call.roomName,
    jwt: call.jwt,
    lang: call.language ?? DEFAULT_CALL_LANGUAGE,
    width: '100%',
    height: '100%',
    configOverwrite: {
      ...school,
      ...(toolbarButtons ? { toolbarButtons } : {}),
      subject: call.subject,
      disableDeepLinking: true,
      recordingService: { enabled: call.canRecord },
      localRecording: { disable: !call.canRecord },
    },
    interfaceConfigOverwrite: {},
  };
}
