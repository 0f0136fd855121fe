import type { ScormVersion } from '../../../shared/scorm/cmi';

// The bridge put at the top of every HTML page of a package. The package runs in a sandboxed
// frame without allow-same-origin: an opaque origin that cannot reach the app page, its
// token or its storage. The real runtime (scorm-again) lives in the app page; this stand-in
// gives the package the synchronous API it looks for in its own window (window.API or
// window.API_1484_11) and forwards every call to the app page by postMessage.
//
// SCORM calls are synchronous and postMessage is not, so the bridge answers from a mirror of
// the learner's data: the app page hands the mirror over in the frame's name (window.name,
// readable synchronously at load, kept across the frame's own navigations), and refreshes it
// with every reply. A value the runtime refuses is put back, and its error code is what the
// next GetLastError returns (docs/scorm.md).

const BRIDGE = String.raw`(function () {
  var VERSION = __VERSION__;
  var PREFIX = 'mathema-scorm:';
  var state = { cmi: {}, phase: 0, lastError: '0' };
  try {
    if (typeof window.name === 'string' && window.name.indexOf(PREFIX) === 0) {
      var loaded = JSON.parse(window.name.slice(PREFIX.length));
      if (loaded && typeof loaded.cmi === 'object') state = loaded;
    }
  } catch (e) {}
  var is12 = VERSION === '1.2';
  var codes = is12
    ? { init: '101', notInit: '301', afterEnd: '101', getBefore: '301', getAfter: '101', setBefore: '301', setAfter: '101', commitBefore: '301', commitAfter: '101', endBefore: '301', endTwice: '101' }
    : { init: '103', notInit: '122', afterEnd: '104', getBefore: '122', getAfter: '123', setBefore: '132', setAfter: '133', commitBefore: '142', commitAfter: '143', endBefore: '112', endTwice: '113' };
  var texts = { '0': 'No error', '101': 'General exception', '103': 'Already initialized', '104': 'Content instance terminated', '112': 'Termination before initialization', '113': 'Termination after termination', '122': 'Retrieve data before initialization', '123': 'Retrieve data after termination', '132': 'Store data before initialization', '133': 'Store data after termination', '142': 'Commit before initialization', '143': 'Commit after termination', '201': 'Invalid argument error', '301': is12 ? 'Not initialized' : 'General get failure', '351': 'General set failure', '401': 'Not implemented error', '402': 'Invalid set value, element is a keyword', '403': 'Element is read only', '404': 'Element is write only', '405': 'Incorrect data type', '406': 'Data model element type mismatch', '407': 'Data model element value out of range' };
  var pending = 0;
  var counter = 0;
  function save() {
    try { window.name = PREFIX + JSON.stringify(state); } catch (e) {}
  }
  function post(method, params) {
    pending += 1;
    counter += 1;
    try {
      window.parent.postMessage({ type: 'mathema-scorm:call', id: counter, method: method, params: params }, '*');
    } catch (e) { pending -= 1; }
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== 'mathema-scorm:reply') return;
    pending = Math.max(0, pending - 1);
    if (data.result === 'false' && data.error && data.error !== '0') state.lastError = String(data.error);
    // The runtime's data wins once nothing of ours is on the way to it.
    if (pending === 0 && data.cmi && typeof data.cmi === 'object') state.cmi = data.cmi;
    save();
  });
  function fail(code) { state.lastError = code; save(); return 'false'; }
  function count(element) {
    var prefix = element.slice(0, -'_count'.length);
    var seen = {};
    var n = 0;
    for (var key in state.cmi) {
      if (key.indexOf(prefix) !== 0) continue;
      var index = key.slice(prefix.length).split('.')[0];
      if (/^\d+$/.test(index) && !seen[index]) { seen[index] = true; n += 1; }
    }
    return String(n);
  }
  var api = {
    initialize: function () {
      if (state.phase === 1) return fail(codes.init);
      if (state.phase === 2) return fail(codes.afterEnd);
      state.phase = 1; state.lastError = '0'; save();
      post(is12 ? 'LMSInitialize' : 'Initialize', ['']);
      return 'true';
    },
    terminate: function () {
      if (state.phase === 0) return fail(codes.endBefore);
      if (state.phase === 2) return fail(codes.endTwice);
      state.phase = 2; state.lastError = '0'; save();
      post(is12 ? 'LMSFinish' : 'Terminate', ['']);
      return 'true';
    },
    getValue: function (element) {
      if (state.phase !== 1) { fail(state.phase === 0 ? codes.getBefore : codes.getAfter); return ''; }
      element = String(element);
      state.lastError = '0';
      if (/\._count$/.test(element)) return count(element);
      var value = state.cmi[element];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    },
    setValue: function (element, value) {
      if (state.phase !== 1) return fail(state.phase === 0 ? codes.setBefore : codes.setAfter);
      element = String(element);
      state.cmi[element] = String(value); state.lastError = '0'; save();
      post(is12 ? 'LMSSetValue' : 'SetValue', [element, String(value)]);
      return 'true';
    },
    commit: function () {
      if (state.phase !== 1) return fail(state.phase === 0 ? codes.commitBefore : codes.commitAfter);
      state.lastError = '0';
      post(is12 ? 'LMSCommit' : 'Commit', ['']);
      return 'true';
    },
    lastError: function () { return String(state.lastError); },
    errorString: function (code) { return texts[String(code)] || ''; },
    diagnostic: function (code) { return texts[String(code || state.lastError)] || ''; }
  };
  if (is12) {
    window.API = {
      LMSInitialize: api.initialize, LMSFinish: api.terminate, LMSGetValue: api.getValue,
      LMSSetValue: api.setValue, LMSCommit: api.commit, LMSGetLastError: api.lastError,
      LMSGetErrorString: api.errorString, LMSGetDiagnostic: api.diagnostic
    };
  } else {
    window.API_1484_11 = {
      Initialize: api.initialize, Terminate: api.terminate, GetValue: api.getValue,
      SetValue: api.setValue, Commit: api.commit, GetLastError: api.lastError,
      GetErrorString: api.errorString, GetDiagnostic: api.diagnostic
    };
  }
})();`;

/** The bridge for a package of one version, as the text of a <script>. */
export const bridgeScript = (version: ScormVersion) =>
  BRIDGE.replace('__VERSION__', JSON.stringify(version));

/** Puts the bridge first in a page: after <head>, else after <html>, else at the very start. */
export function withBridge(html: string, version: ScormVersion): string {
  const tag = `<script>${bridgeScript(version)}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length)
    );
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root)
    return (
      html.slice(0, root.index + root[0].length) + tag + html.slice(root.index + root[0].length)
    );
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + tag + html.slice(doctype[0].length);
  return tag + html;
}
