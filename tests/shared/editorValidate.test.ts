import { describe, expect, it } from 'vitest';
import {
  EDITOR_STATE_MAX_CHARS,
  EDITOR_STATE_MAX_NODES,
  editorStateToPlainText,
  emptyEditorContent,
  validateEditorState,
} from '../../src/shared/editor';
import { doc, nestedList, paragraph, text } from './editorHelpers';

const problem = (input: unknown) => {
  const check = validateEditorState(input);
  return check.ok ? 'ok' : check.problem;
};

describe('validateEditorState', () => {
  it('accepts an editor state as object or JSON text', () => {
    expect(problem(emptyEditorContent())).toBe('ok');
    expect(problem(JSON.stringify(doc(paragraph(text('x')))))).toBe('ok');
    expect(problem(doc(nestedList(7)))).toBe('ok');
  });

  it('refuses what is not JSON or not an object', () => {
    expect(problem('{')).toBe('not_json');
    expect(problem('"text"')).toBe('not_an_object');
    expect(problem('[]')).toBe('not_an_object');
    expect(problem(null)).toBe('not_an_object');
    expect(problem(undefined)).toBe('not_an_object');
  });

  it('needs a root node with children', () => {
    expect(problem({})).toBe('bad_root');
    expect(problem({ root: { type: 'paragraph', children: [] } })).toBe('bad_root');
    expect(problem({ root: { type: 'root' } })).toBe('bad_root');
    expect(problem({ root: { type: 'root', children: [null] } })).toBe('bad_node');
    expect(problem({ root: { type: 'root', children: [{ children: [] }] } })).toBe('bad_node');
    expect(problem(doc({ type: 'paragraph', children: {} }))).toBe('bad_node');
  });

  it('refuses oversized text before parsing it', () => {
    const big = JSON.stringify(doc(paragraph(text('x'.repeat(EDITOR_STATE_MAX_CHARS)))));
    expect(problem(big)).toBe('too_large');
    expect(problem(JSON.parse(big))).toBe('too_large');
  });

  it('refuses too many nodes', () => {
    const many = Array.from({ length: EDITOR_STATE_MAX_NODES + 1 }, () => ({ type: 'linebreak' }));
    expect(problem(doc(paragraph(...many)))).toMatch(/too_many_nodes|too_large/);
  });

  it('refuses deep nesting, of nodes or of any JSON, without overflowing the stack', () => {
    expect(problem(doc(nestedList(40)))).toBe('too_deep');
    const deepJson = `{"root":{"type":"root","children":[],"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    expect(() => validateEditorState(deepJson)).not.toThrow();
    expect(problem(deepJson)).toMatch(/too_deep|not_json/);
    let value: unknown = 1;
    for (let i = 0; i < 200_000; i++) value = { a: value };
    expect(problem({ root: { type: 'root', children: [], value } })).toBe('too_deep');
  });

  it('ends on a cyclic object', () => {
    const node: Record<string, unknown> = { type: 'paragraph', children: [] };
    (node.children as unknown[]).push(node);
    expect(problem(doc(node))).not.toBe('ok');
  });
});

describe('editorStateToPlainText', () => {
  it('gives one line per block, tabs between cells, equations as their text', () => {
    const cell = (value: string) => ({ type: 'tablecell', children: [paragraph(text(value))] });
    const input = doc(
      paragraph(text('Hello '), text('world'), { type: 'linebreak' }, text('again')),
      { type: 'heading', tag: 'h1', children: [text('Title')] },
      paragraph(text('Area '), { type: 'equation', equation: '\\pi r^2', inline: true }),
      {
        type: 'list',
        listType: 'bullet',
        children: [{ type: 'listitem', children: [text('item')] }],
      },
      { type: 'table', children: [{ type: 'tablerow', children: [cell('a'), cell('b')] }] },
    );
    expect(editorStateToPlainText(input)).toBe(
      'Hello world\nagain\nTitle\nArea \\pi r^2\nitem\na\tb',
    );
  });

  it('cuts to a length with an ellipsis', () => {
    const input = doc(paragraph(text('one two three four')));
    expect(editorStateToPlainText(input, 8)).toBe('one two…');
    expect(editorStateToPlainText(input, 100)).toBe('one two three four');
  });

  it('gives an empty string for invalid content', () => {
    expect(editorStateToPlainText('nope')).toBe('');
    expect(editorStateToPlainText(null)).toBe('');
  });
});
