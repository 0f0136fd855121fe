// The demo's SCORM 1.2 package, written here rather than kept as a zip: a manifest, a page
// and its script. Three questions on fractions; the page resumes at the question the learner
// left (cmi.core.lesson_location, cmi.suspend_data) and reports a score and passed/failed.

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="gr.mathema.demo.fractions" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="fractions">
    <organization identifier="fractions">
      <title>Κλάσματα: σύντομη εξάσκηση</title>
      <item identifier="practice" identifierref="page"><title>Εξάσκηση</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="page" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/><file href="practice.js"/><file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

const PAGE = `<!DOCTYPE html>
<html lang="el"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Κλάσματα: σύντομη εξάσκηση</title>
<link rel="stylesheet" href="style.css"><script src="practice.js"></script></head>
<body><main>
<h1>Κλάσματα: σύντομη εξάσκηση</h1>
<p id="progress"></p>
<form id="question"><fieldset><legend id="prompt"></legend><div id="choices"></div></fieldset>
<button type="submit">Επόμενη</button></form>
<section id="result" hidden><h2>Τέλος</h2><p id="score"></p></section>
</main></body></html>
`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1b1b1b;background:#fafafa}
main{max-width:40rem;margin:auto}fieldset{border:1px solid #8a8a8a;border-radius:6px;padding:1rem}
label{display:block;padding:.4rem 0}button{margin-top:1rem;padding:.5rem 1.25rem;font-size:1rem;
background:#0f5aa8;color:#fff;border:0;border-radius:4px}
`;

const SCRIPT = `(function () {
  var QUESTIONS = [
    { q: 'Πόσο κάνει 1/2 + 1/4;', a: ['3/4', '2/6', '1/8'], right: 0 },
    { q: 'Ποιο κλάσμα είναι ίσο με 2/3;', a: ['3/2', '4/6', '2/6'], right: 1 },
    { q: 'Πόσο κάνει 3/5 · 10;', a: ['5', '6', '30/50'], right: 1 }
  ];
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      if (win.API) return win.API;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window);
  var started = Date.now();
  function time() {
    var s = Math.round((Date.now() - started) / 1000);
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    return pad(Math.floor(s / 3600)) + ':' + pad(Math.floor(s / 60) % 60) + ':' + pad(s % 60);
  }
  window.addEventListener('DOMContentLoaded', function () {
    if (api) api.LMSInitialize('');
    var at = Number(api ? api.LMSGetValue('cmi.core.lesson_location') : 0) || 0;
    var answers = ((api && api.LMSGetValue('cmi.suspend_data')) || '').split(',').filter(Boolean);
    var form = document.getElementById('question');
    function show() {
      if (at >= QUESTIONS.length) return finish();
      var item = QUESTIONS[at];
      document.getElementById('progress').textContent = 'Ερώτηση ' + (at + 1) + ' από ' + QUESTIONS.length;
      document.getElementById('prompt').textContent = item.q;
      var box = document.getElementById('choices');
      box.innerHTML = '';
      item.a.forEach(function (text, i) {
        var label = document.createElement('label');
        var input = document.createElement('input');
        input.type = 'radio'; input.name = 'choice'; input.value = String(i); input.required = true;
        label.appendChild(input); label.appendChild(document.createTextNode(' ' + text));
        box.appendChild(label);
      });
    }
    function finish() {
      var right = answers.filter(function (a, i) { return Number(a) === QUESTIONS[i].right; }).length;
      var score = Math.round((right / QUESTIONS.length) * 100);
      form.hidden = true;
      document.getElementById('progress').textContent = '';
      document.getElementById('result').hidden = false;
      document.getElementById('score').textContent = 'Σωστές ' + right + ' από ' + QUESTIONS.length + ' (' + score + '%)';
      if (!api) return;
      api.LMSSetValue('cmi.core.score.raw', String(score));
      api.LMSSetValue('cmi.core.score.min', '0');
      api.LMSSetValue('cmi.core.score.max', '100');
      api.LMSSetValue('cmi.core.lesson_status', score >= 60 ? 'passed' : 'failed');
      api.LMSSetValue('cmi.core.exit', '');
      api.LMSSetValue('cmi.core.session_time', time());
      api.LMSCommit('');
      api.LMSFinish('');
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var chosen = form.querySelector('input[name=choice]:checked');
      if (!chosen) return;
      answers[at] = chosen.value;
      at += 1;
      if (api && at < QUESTIONS.length) {
        api.LMSSetValue('cmi.core.lesson_location', String(at));
        api.LMSSetValue('cmi.suspend_data', answers.join(','));
        api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
        api.LMSSetValue('cmi.core.exit', 'suspend');
        api.LMSSetValue('cmi.core.session_time', time());
        api.LMSCommit('');
      }
      show();
    });
    show();
  });
})();
`;

/** The package's files by path, as the store keeps them unpacked. */
export const FRACTIONS_PACKAGE: Record<string, string> = {
  'imsmanifest.xml': MANIFEST,
  'index.html': PAGE,
  'style.css': STYLE,
  'practice.js': SCRIPT,
};
