import { describe, expect, it } from 'vitest';
import { sanitizeEditorState, type SerializedEditorNode } from '../../src/shared/editor';
import { editorContentSchema } from '../../src/shared/editor/content';
import { allNodes, doc, link, paragraph, text } from './editorHelpers';

const cleanNodes = (input: unknown) => allNodes(sanitizeEditorState(input).root);
const typesOf = (input: unknown) => cleanNodes(input).map((node) => node.type);
const linkUrls = (input: unknown) =>
  cleanNodes(input)
    .filter((node) => node.type === 'link' || node.type === 'autolink')
    .map((node) => node.url);

describe('sanitizeEditorState: node types', () => {
  it('keeps the document a user writes', () => {
    const input = doc(
      paragraph(text('Hello ', { format: 1 }), link('https://example.org', text('site'))),
      { type: 'heading', tag: 'h2', children: [text('Title')] },
      { type: 'quote', children: [text('said')] },
      {
        type: 'list',
        listType: 'number',
        children: [{ type: 'listitem', value: 1, children: [text('one')] }],
      },
      paragraph({ type: 'equation', equation: 'x^2+1', inline: true }),
    );
    expect(typesOf(input)).toEqual([
      'root',
      'paragraph',
      'text',
      'link',
      'text',
      'heading',
      'text',
      'quote',
      'text',
      'list',
      'listitem',
      'text',
      'paragraph',
      'equation',
    ]);
  });

  it('drops script, iframe, html and every unknown node type, with what they hold', () => {
    const input = doc(
      { type: 'script', text: 'alert(1)', children: [] },
      paragraph(
        text('safe'),
        { type: 'html', html: '<img src=x onerror=alert(1)>' },
        { type: 'iframe', src: 'https://evil.example', children: [text('inside')] },
        { type: 'image', src: 'javascript:alert(1)' },
      ),
      { type: 'custom-widget', children: [paragraph(text('hidden'))] },
    );
    expect(typesOf(input)).toEqual(['root', 'paragraph', 'text']);
    expect(JSON.stringify(sanitizeEditorState(input))).not.toMatch(/alert|inside|hidden|evil/);
  });

  it('drops nodes standing where Lexical does not allow them', () => {
    const input = doc(
      text('text straight under the root'),
      paragraph(paragraph(text('paragraph in a paragraph'))),
      { type: 'list', listType: 'bullet', children: [paragraph(text('not an item'))] },
      { type: 'table', children: [{ type: 'tablerow', children: [text('not a cell')] }] },
      paragraph({
        type: 'link',
        url: 'https://a.example',
        children: [link('https://b.example', text('x'))],
      }),
    );
    expect(typesOf(input)).toEqual(['root', 'paragraph', 'paragraph', 'link']);
  });

  it('keeps a table with its rows and cells, and gives an empty cell a paragraph', () => {
    const cell = (...children: unknown[]) => ({ type: 'tablecell', headerState: 0, children });
    const input = doc({
      type: 'table',
      children: [
        { type: 'tablerow', children: [cell(paragraph(text('a'))), cell()] },
        { type: 'tablerow', children: [cell(paragraph(text('c'))), cell(paragraph())] },
      ],
    });
    const table = sanitizeEditorState(input).root.children[0]!;
    expect(table.type).toBe('table');
    expect(table.children!.map((row) => row.children!.length)).toEqual([2, 2]);
    expect(table.children![0]!.children![1]!.children![0]!.type).toBe('paragraph');
  });

  it('keeps the equation text as text, bounded, with its inline flag', () => {
    const input = doc(
      paragraph(
        {
          type: 'equation',
          equation: '\\href{javascript:alert(1)}{x}',
          inline: false,
          onclick: 'x',
        },
        { type: 'equation', equation: 'a'.repeat(10_000) },
        { type: 'equation', equation: { toString: 'x' } },
      ),
    );
    const equations = cleanNodes(input).filter((node) => node.type === 'equation');
    expect(equations).toEqual([
      { type: 'equation', version: 1, equation: '\\href{javascript:alert(1)}{x}', inline: false },
      { type: 'equation', version: 1, equation: 'a'.repeat(5_000), inline: true },
    ]);
  });
});

describe('sanitizeEditorState: attributes', () => {
  it('keeps only the known attributes of each node', () => {
    const input = doc({
      ...paragraph(
        text('x', { onclick: 'alert(1)', onmouseover: 'alert(2)', className: 'x', __proto__: {} }),
      ),
      onload: 'alert(3)',
      innerHTML: '<script>alert(4)</script>',
      style: 'background:url(javascript:alert(5))',
      $: { evil: true },
    });
    const json = JSON.stringify(sanitizeEditorState(input));
    expect(json).not.toMatch(/on(click|mouseover|load)|innerHTML|className|alert|"\$"/);
    const para = sanitizeEditorState(input).root.children[0]!;
    expect(Object.keys(para).sort()).toEqual(
      [
        'children',
        'direction',
        'format',
        'indent',
        'textFormat',
        'textStyle',
        'type',
        'version',
      ].sort(),
    );
  });

  it('keeps font size 8 to 72 px and #RRGGBB colours, and no other style', () => {
    const styled = (style: string) =>
      cleanNodes(doc(paragraph(text('x', { style })))).find((node) => node.type === 'text')!.style;
    expect(styled('font-size: 20px; color: #AA0000')).toBe('font-size: 20px; color: #aa0000');
    expect(styled('font-size: 7px')).toBe('');
    expect(styled('font-size: 73px')).toBe('');
    expect(styled('font-size: 8px')).toBe('font-size: 8px');
    expect(styled('font-size: 72px')).toBe('font-size: 72px');
    expect(styled('font-size: 1e2px; color: red')).toBe('');
    expect(styled('color: #aa00')).toBe('');
    expect(styled('color: #aa0000 !important')).toBe('');
    expect(styled('background-image: url(javascript:alert(1)); color: #112233')).toBe(
      'color: #112233',
    );
    expect(styled('position: fixed; top: 0; width: expression(alert(1))')).toBe('');
    expect(styled('color: #112233; color: expression(alert(1))')).toBe('color: #112233');
  });

  it('bounds indent to seven levels and picks list tags from the list type', () => {
    const input = doc(
      { ...paragraph(text('x')), indent: 40 },
      {
        type: 'list',
        listType: 'number',
        tag: 'script',
        children: [{ type: 'listitem', indent: 9, children: [] }],
      },
    );
    const [para, list] = sanitizeEditorState(input).root.children;
    expect(para!.indent).toBe(0);
    expect(list!.tag).toBe('ol');
    expect(list!.children![0]!.indent).toBe(0);
    const ok = sanitizeEditorState(doc({ ...paragraph(text('x')), indent: 6 }));
    expect(ok.root.children[0]!.indent).toBe(6);
  });

  it('sets rel and target of links itself', () => {
    const [node] = cleanNodes(
      doc(paragraph({ ...link('https://example.org', text('x')), rel: 'opener', target: 'top' })),
    ).filter((n) => n.type === 'link');
    expect(node).toMatchObject({ rel: 'noopener noreferrer', target: '_blank' });
  });
});

describe('sanitizeEditorState: links', () => {
  const allowed = [
    'https://example.org/a?b=1&c=javascript:x',
    'http://example.org',
    'mailto:teacher@demo.school',
    '/teacher/1/chapters/2',
    'chapters/2#part',
    '?page=2',
    '#section',
  ];
  it.each(allowed)('keeps %s', (url) => {
    expect(linkUrls(doc(paragraph(link(url, text('x')))))).toEqual([url]);
  });

  const refused = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u200b:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#0000106&#0000097vascript:alert(1)',
    'javascript&colon;alert(1)',
    '%6Aavascript:alert(1)',
    'javascript%3Aalert(1)',
    '%256Aavascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'tel:+30210',
    '//evil.example/x',
    '\\\\evil.example\\x',
    '',
    'h'.repeat(3000),
  ];
  it.each(refused)('refuses %j but keeps the words', (url) => {
    const input = doc(paragraph(link(url, text('click me'))));
    expect(linkUrls(input)).toEqual([]);
    expect(typesOf(input)).toEqual(['root', 'paragraph', 'text']);
  });

  it('refuses a URL that is not a string', () => {
    expect(linkUrls(doc(paragraph(link({ href: 'x' }, text('x')))))).toEqual([]);
    expect(linkUrls(doc(paragraph(link(['javascript:alert(1)'], text('x')))))).toEqual([]);
  });

  it('treats auto-links like links', () => {
    const input = doc(
      paragraph(
        { type: 'autolink', url: 'javascript:alert(1)', children: [text('a')] },
        { type: 'autolink', url: 'mailto:a@b.gr', isUnlinked: 'yes', children: [text('b')] },
      ),
    );
    expect(linkUrls(input)).toEqual(['mailto:a@b.gr']);
    expect(cleanNodes(input).find((n) => n.type === 'autolink')!.isUnlinked).toBe(false);
  });
});

describe('sanitizeEditorState: hostile shapes', () => {
  const empty = {
    root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [] },
  };
  it.each([
    ['null', null],
    ['a number', 42],
    ['an array', [doc()]],
    ['broken JSON', '{"root": '],
    ['a root of another type', { root: { type: 'paragraph', children: [] } }],
    ['children that are not an array', { root: { type: 'root', children: 'x' } }],
  ])('gives an empty document for %s', (_name, input) => {
    expect(sanitizeEditorState(input)).toEqual(empty);
  });

  it('gives an empty document for a tree nested past the bound', () => {
    let node: unknown = text('deep');
    for (let i = 0; i < 5_000; i++) node = { type: 'quote', children: [node] };
    expect(sanitizeEditorState(doc(node))).toEqual(empty);
  });

  it('accepts the JSON text as well as the object', () => {
    const input = doc(paragraph(text('x')));
    expect(sanitizeEditorState(JSON.stringify(input))).toEqual(sanitizeEditorState(input));
  });

  it('is idempotent', () => {
    const input = doc(paragraph(text('x', { style: 'color: #aaBBcc' }), link('/a', text('y'))));
    const once = sanitizeEditorState(input);
    expect(sanitizeEditorState(once)).toEqual(once);
  });

  it('does not let __proto__ keys reach the output', () => {
    const input = JSON.parse(
      '{"root":{"type":"root","children":[{"type":"paragraph","__proto__":{"polluted":1},"children":[]}]}}',
    );
    const para = sanitizeEditorState(input).root.children[0] as SerializedEditorNode & {
      polluted?: unknown;
    };
    expect(para.polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('editorContentSchema', () => {
  it('sanitises what it accepts and refuses invalid content with a message', () => {
    const parsed = editorContentSchema.parse(doc(paragraph(link('javascript:x', text('x')))));
    expect(JSON.stringify(parsed)).not.toContain('javascript');
    const refused = editorContentSchema.safeParse('not json');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The text is not a valid editor document');
  });
});
