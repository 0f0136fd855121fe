import { Scorm12API, Scorm2004API } from 'scorm-again';
import type { ScormLaunch } from '../../../../shared/api/scorm';

// The app page's side of the player (docs/scorm.md): scorm-again's runtime, the API object a
// package looks for (window.API for 1.2, window.API_1484_11 for 2004), and the answer to the
// sandboxed frame's bridge, whose calls arrive by postMessage. Commits leave through the
// app's own API client, with the token, which the frame never sees.

type Runtime = Scorm12API | Scorm2004API;
type Call = { type: 'mathema-scorm:call'; id: number; method: string; params: unknown[] };

const METHODS_12 = new Set([
  'LMSInitialize',
  'LMSFinish',
  'LMSGetValue',
  'LMSSetValue',
  'LMSCommit',
  'LMSGetLastError',
  'LMSGetErrorString',
  'LMSGetDiagnostic',
]);
const METHODS_2004 = new Set([
  'Initialize',
  'Terminate',
  'GetValue',
  'SetValue',
  'Commit',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
]);

const isCall = (data: unknown): data is Call =>
  typeof data === 'object' &&
  data !== null &&
  (data as Call).type === 'mathema-scorm:call' &&
  typeof (data as Call).method === 'string' &&
  Array.isArray((data as Call).params);

export interface ScormHost {
  /** The frame's name: the learner's data for the bridge to start from. */
  frameName: string;
  /** Answers the frame's calls; messages from any other window are ignored. */
  listen(frame: () => Window | null): () => void;
  /** Leaving the page: a session the package did not end is committed, then the host goes. */
  close(): void;
}

export function createScormHost(
  launch: ScormLaunch,
  /** Sends one commit's cmi object; commits are sent one after another, in order. */
  sendCommit: ((cmi: Record<string, unknown>) => Promise<void>) | null,
): ScormHost {
  const is12 = launch.version === '1.2';
  let queue = Promise.resolve();
  const httpService = {
    processHttpRequest(_url: string, params: unknown) {
      const cmi = (params as { cmi?: Record<string, unknown> }).cmi;
      if (sendCommit && cmi) queue = queue.then(() => sendCommit(cmi)).catch(() => undefined);
      return { result: true, errorCode: 0 };
    },
    updateSettings() {},
  };
  const settings = {
    lmsCommitUrl: '/scorm-commit',
    autocommit: false,
    dataCommitFormat: 'json',
    logLevel: 5,
    httpService,
  } as never;
  const api: Runtime = is12 ? new Scorm12API(settings) : new Scorm2004API(settings);
  api.loadFromJSON(launch.cmi);
  const globals = window as unknown as Record<string, unknown>;
  if (is12) globals.API = api;
  else globals.API_1484_11 = api;
  const allowed = is12 ? METHODS_12 : METHODS_2004;
  let phase = 0;

  const frameName =
    'mathema-scorm:' + JSON.stringify({ cmi: api.getFlattenedCMI(), phase: 0, lastError: '0' });

  return {
    frameName,
    listen(frame) {
      const onMessage = (event: MessageEvent) => {
        const source = frame();
        if (!source || event.source !== source || !isCall(event.data)) return;
        const { id, method, params } = event.data;
        if (!allowed.has(method)) return;
        const run = (api as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!;
        const result = String(run.apply(api, params.map(String)));
        if (result === 'true' && /Initialize$/.test(method)) phase = 1;
        if (result === 'true' && /(Finish|Terminate)$/.test(method)) phase = 2;
        const error = String(
          is12 ? (api as Scorm12API).lmsGetLastError() : (api as Scorm2004API).GetLastError(),
        );
        source.postMessage(
          { type: 'mathema-scorm:reply', id, result, error, cmi: api.getFlattenedCMI() },
          // The sandboxed frame's origin is opaque ("null"): the window itself is the target.
          '*',
        );
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
    close() {
      if (phase === 1) {
        if (is12) (api as Scorm12API).lmsCommit();
        else (api as Scorm2004API).Commit('');
      }
      if (globals.API === api) delete globals.API;
      if (globals.API_1484_11 === api) delete globals.API_1484_11;
    },
  };
}
