import { createEditor, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { EDITOR_NODES } from '../../../src/renderer/src/components/editor/editorNodes';
import { loadableContent } from '../../../src/renderer/src/components/editor/plugins/ValuePlugin';
import { sanitizeEditorState } from '../../../src/shared/editor';
import { doc, link, nestedList, paragraph, text } from '../../shared/editorHelpers';

function headlessEditor(): LexicalEditor {
  return createEditor({
    nodes: [...EDITOR_NODES],
    onError: (error) => {
      throw error;
    },
  });
}

/** Loads content into a real (headless) Lexical editor with the app's nodes and writes it back. */
function roundTrip(input: unknown) {
  const editor = headlessEditor();
  const state = editor.parseEditorState(JSON.stringify(sanitizeEditorState(input)));
  return state.toJSON();
}

describe('sanitised content in Lexical', () => {
  it('loads with the registered nodes and comes back unchanged', () => {
    const cell = (value: string) => ({ type: 'tablecell', children: [paragraph(text(value))] });
    const input = doc(
      paragraph(
        text('x', { format: 1, style: 'font-size: 20px; color: #aa0000' }),
        link('https://example.org', text('site')),
        { type: 'autolink', url: 'mailto:a@b.gr', children: [text('a@b.gr')] },
        { type: 'equation', equation: 'x^2+1', inline: true },
      ),
      { type: 'heading', tag: 'h2', children: [text('Title')] },
      doc(nestedList(7)).root.children[0],
      { type: 'table', children: [{ type: 'tablerow', children: [cell('a'), cell('b')] }] },
    );
    const once = roundTrip(input);
    // Lexical recomputes what it derives (list item indents); after that both are fixed points.
    expect(roundTrip(once)).toEqual(once);
    expect(sanitizeEditorState(once)).toEqual(once);
    expect(JSON.stringify(once)).toContain('"equation":"x^2+1"');
  });

  it('loads hostile content after sanitising without throwing', () => {
    const input = doc(
      { type: 'script', text: 'alert(1)' },
      paragraph(link('javascript:alert(1)', text('x')), { type: 'iframe' }),
      { type: 'list', children: [] },
    );
    expect(() => roundTrip(input)).not.toThrow();
    expect(JSON.stringify(roundTrip(input))).not.toMatch(/alert|script|iframe/);
  });

  it('gives an empty document a paragraph to type into', () => {
    const editor = headlessEditor();
    for (const value of [null, '', 'not json', '{"root":{"type":"root","children":[]}}']) {
      const state = editor.parseEditorState(loadableContent(value)).toJSON();
      expect(state.root.children.map((child) => child.type)).toEqual(['paragraph']);
    }
  });
});
