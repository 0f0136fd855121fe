// A submission's text is a plain string on the server (50,000 characters at most). Work written
// in the editor is kept there as the editor's JSON; older work (and the demo's) is plain text,
// which is shown as paragraphs.

/** The editor value for a stored submission text. */
export function submissionEditorValue(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const parsed = JSON.parse(text) as { root?: { children?: unknown } };
    if (parsed && typeof parsed === 'object' && Array.isArray(parsed.root?.children)) return text;
  } catch {
    // plain text
  }
  const paragraph = (line: string) => ({
    type: 'paragraph',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    textFormat: 0,
    textStyle: '',
    children: line
      ? [{ type: 'text', version: 1, text: line, detail: 0, format: 0, mode: 'normal', style: '' }]
      : [],
  });
  return JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: text.split('\n').map(paragraph),
    },
  });
}
