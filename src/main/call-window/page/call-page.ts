// Runs in the call window's page (main world). It embeds Jitsi through the IFrame API loaded
// from the call's own domain, wires the SDK's screen sharing and passes the meeting's events to
// main (meeting-reports.ts); the preload gave it window.mathemaCall and the SDK's bridge,
// nothing else.

import { setupScreenSharingRender, type JitsiIFrameApi } from '@jitsi/electron-sdk/renderer';
import { DEFAULT_CALL_LANGUAGE } from '../../../shared/constants';
import type { CallPageApi } from '../../../shared/ipc';
import { buildJitsiMeetingOptions, type JitsiMeetingOptions } from '../jitsi-meeting-options';
import { callPageTranslator } from './call-page-messages';
import { reportMeetingEvents } from './meeting-reports';

type JitsiMeetExternalApiConstructor = new (
  domain: string,
  options: JitsiMeetingOptions & { parentNode: HTMLElement },
) => JitsiIFrameApi;

declare global {
  interface Window {
    mathemaCall?: CallPageApi;
    JitsiMeetExternalAPI?: JitsiMeetExternalApiConstructor;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

async function startCall(
  bridge: CallPageApi,
  status: HTMLElement,
  meeting: HTMLElement,
): Promise<void> {
  const call = await bridge.getOptions();
  if (!call) {
    await bridge.readyToClose();
    return;
  }
  const t = callPageTranslator(call.language ?? DEFAULT_CALL_LANGUAGE);
  document.documentElement.lang = call.language ?? DEFAULT_CALL_LANGUAGE;
  status.textContent = t('connecting');
  try {
    await loadScript(`https://${call.domain}/external_api.js`);
    const JitsiMeetExternalAPI = window.JitsiMeetExternalAPI;
    if (!JitsiMeetExternalAPI)
      throw new Error('external_api.js did not define JitsiMeetExternalAPI');
    const api = new JitsiMeetExternalAPI(call.domain, {
      ...buildJitsiMeetingOptions(call),
      parentNode: meeting,
    });
    setupScreenSharingRender(api);
    // From here Jitsi's own page shows progress and errors.
    status.textContent = '';
    reportMeetingEvents(api, bridge, call);
  } catch (error) {
    console.error(error);
    status.textContent = t('failed');
  }
}

const bridge = window.mathemaCall;
const status = document.getElementById('status');
const meeting = document.getElementById('meeting');
if (bridge && status && meeting) void startCall(bridge, status, meeting);
