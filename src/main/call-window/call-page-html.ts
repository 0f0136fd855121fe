import type { Language } from '../../shared/constants';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The call window's page: a full-window host for Jitsi's frame and the bundled call-page
 * script. It is generated per call (served by the app protocol) so that its CSP can name the
 * call's Jitsi domain.
 */
export function callPageHtml(options: {
  title: string;
  language: Language;
  scriptSrc: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.language)}">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title)}</title>
    <style>
      html, body, #meeting { margin: 0; width: 100%; height: 100%; overflow: hidden; background: #1f1f1f; }
      #status { position: absolute; inset: auto 0 45% 0; margin: 0; text-align: center; color: #fafafa; font: 15px system-ui, sans-serif; }
    </style>
    <script type="module" src="${escapeHtml(options.scriptSrc)}"></script>
  </head>
  <body>
    <div id="meeting"></div>
    <p id="status" role="status"></p>
  </body>
</html>
`;
}
