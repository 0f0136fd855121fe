import {
  EDITOR_EQUATION_MAX_CHARS,
  EDITOR_MAX_INDENT_VALUE,
  EDITOR_STATE_MAX_DEPTH,
  EDITOR_TABLE_MAX_COLUMNS,
} from './limits';
import { isHexColour, sanitizeStyle } from './style';
import type { SerializedEditorContent, SerializedEditorNode, SerializedRootNode } from './types';
import { safeLinkUrl } from './url';
import { validateEditorState } from './validate';

type Node = Record<string, unknown>;
type Place = 'block' | 'inline' | 'link' | 'list' | 'row' | 'cell' | 'table';

const isRecord = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const intIn = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const ALIGNMENTS = ['', 'left', 'start', 'center', 'right', 'end', 'justify'] as const;
// Lexical's text format bits (bold … highlight) fit in eleven bits.
const TEXT_FORMAT_MAX = 0x7ff;

function elementBase(node: Node, type: string): SerializedEditorNode {
  return {
    type,
    version: 1,
    direction: node.direction === 'rtl' ? 'rtl' : node.direction === 'ltr' ? 'ltr' : null,
    format: oneOf(node.format, ALIGNMENTS, ''),
    indent: intIn(node.indent, 0, EDITOR_MAX_INDENT_VALUE, 0),
    children: [],
  };
}

function textNode(node: Node, type: 'text' | 'tab'): SerializedEditorNode | null {
  const text = type === 'tab' ? '\t' : node.text;
  if (typeof text !== 'string') return null;
  return {
    type,
    version: 1,
    text,
    detail: intIn(node.detail, 0, 3, 0),
    format: intIn(node.format, 0, TEXT_FORMAT_MAX, 0),
    mode: oneOf(node.mode, ['normal', 'token', 'segmented'] as const, 'normal'),
    style: sanitizeStyle(node.style),
  };
}

function equationNode(node: Node): SerializedEditorNode | null {
  if (typeof node.equation !== 'string') return null;
  // The text stays text: KaTeX renders it with trust off, so \href, \url and \htmlClass are inert.
  return {
    type: 'equation',
    version: 1,
    equation: node.equation.slice(0, EDITOR_EQUATION_MAX_CHARS),
    // Like Lexical's own example, the node always sits in a line of text; `inline: false` only
    // asks KaTeX for display mode (a centred line of its own).
    inline: node.inline !== false,
  };
}

/** Which node types may stand in each place, so that the tree Lexical imports stays well formed. */
const ALLOWED_IN: Record<Place, readonly string[]> = {
  block: ['paragraph', 'heading', 'quote', 'list', 'table'],
  cell: ['paragraph', 'heading', 'quote', 'list'],
  inline: ['text', 'tab', 'linebreak', 'link', 'autolink', 'equation'],
  link: ['text', 'tab', 'linebreak'],
  list: ['listitem'],
  table: ['tablerow'],
  row: ['tablecell'],
};

/**
 * Sanitises one node for a place. Returns the nodes that take its place: none (dropped), the
 * node, or, for a link whose target is refused, its children (the words stay, the link goes).
 */
function cleanNode(node: Node, place: Place, depth: number): SerializedEditorNode[] {
  const type = node.type;
  if (typeof type !== 'string' || !ALLOWED_IN[place].includes(type)) return [];
  if (depth > EDITOR_STATE_MAX_DEPTH) return [];
  const children = (childPlace: Place) => cleanChildren(node.children, childPlace, depth + 1);

  switch (type) {
    case 'text':
    case 'tab': {
      const text = textNode(node, type);
      return text ? [text] : [];
    }
    case 'linebreak':
      return [{ type: 'linebreak', version: 1 }];
    case 'equation': {
      const equation = equationNode(node);
      return equation ? [equation] : [];
    }
    case 'paragraph':
      return [
        {
          ...elementBase(node, type),
          textFormat: intIn(node.textFormat, 0, TEXT_FORMAT_MAX, 0),
          textStyle: sanitizeStyle(node.textStyle),
          children: children('inline'),
        },
      ];
    case 'heading':
      return [
        {
          ...elementBase(node, type),
          tag: oneOf(node.tag, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const, 'h2'),
          children: children('inline'),
        },
      ];
    case 'quote':
      return [{ ...elementBase(node, type), children: children('inline') }];
    case 'link':
    case 'autolink': {
      const url = safeLinkUrl(node.url);
      const inner = children('link');
      if (url === null) return inner;
      return [
        {
          ...elementBase(node, type),
          url,
          // Links open outside the app and never hand it the opener.
          rel: 'noopener noreferrer',
          target: /^https?:/i.test(url) ? '_blank' : null,
          title: typeof node.title === 'string' ? node.title.slice(0, 500) : null,
          ...(type === 'autolink' ? { isUnlinked: node.isUnlinked === true } : {}),
          children: inner,
        },
      ];
    }
    case 'list': {
      const listType = oneOf(node.listType, ['bullet', 'number', 'check'] as const, 'bullet');
      const items = children('list');
      if (items.length === 0) return [];
      return [
        {
          ...elementBase(node, type),
          listType,
          start: intIn(node.start, 0, 1_000_000, 1),
          tag: listType === 'number' ? 'ol' : 'ul',
          children: items,
        },
      ];
    }
    case 'listitem':
      return [listItem(node, depth)];
    case 'table': {
      const rows = children('table');
      if (rows.length === 0) return [];
      const colWidths = Array.isArray(node.colWidths)
        ? node.colWidths
            .filter((width): width is number => typeof width === 'number' && width > 0)
            .slice(0, EDITOR_TABLE_MAX_COLUMNS)
            .map((width) => Math.min(Math.round(width), 2_000))
        : undefined;
      return [{ ...elementBase(node, type), ...(colWidths ? { colWidths } : {}), children: rows }];
    }
    case 'tablerow': {
      const cells = children('row');
      return cells.length === 0 ? [] : [{ ...elementBase(node, type), children: cells }];
    }
    case 'tablecell': {
      const background = node.backgroundColor;
      return [
        {
          ...elementBase(node, type),
          backgroundColor:
            typeof background === 'string' && isHexColour(background) ? background : null,
          colSpan: intIn(node.colSpan, 1, EDITOR_TABLE_MAX_COLUMNS, 1),
          rowSpan: intIn(node.rowSpan, 1, 100, 1),
          headerState: intIn(node.headerState, 0, 3, 0),
          ...(typeof node.width === 'number' && node.width > 0
            ? { width: Math.min(Math.round(node.width), 2_000) }
            : {}),
          // A cell needs a block to hold the caret.
          children: cellBlocks(children('cell')),
        },
      ];
    }
    default:
      return [];
  }
}

/** A list item holds words, or one nested list (Lexical's way of indenting an item). */
function listItem(node: Node, depth: number): SerializedEditorNode {
  const source = Array.isArray(node.children) ? node.children : [];
  const nested = source.find((child) => isRecord(child) && child.type === 'list');
  const children = nested
    ? cleanNode(nested as Node, 'block', depth + 1)
    : cleanChildren(source, 'inline', depth + 1);
  return {
    ...elementBase(node, 'listitem'),
    value: intIn(node.value, 0, 1_000_000, 1),
    ...(typeof node.checked === 'boolean' ? { checked: node.checked } : {}),
    children,
  };
}

function cellBlocks(blocks: SerializedEditorNode[]): SerializedEditorNode[] {
  if (blocks.length > 0) return blocks;
  return [{ ...elementBase({}, 'paragraph'), textFormat: 0, textStyle: '', children: [] }];
}

function cleanChildren(children: unknown, place: Place, depth: number): SerializedEditorNode[] {
  if (!Array.isArray(children)) return [];
  return children.flatMap((child) => (isRecord(child) ? cleanNode(child, place, depth) : []));
}

/**
 * A copy of an editor state holding only the node types and attributes this editor knows:
 * links only http(s), mailto or relative; styles only font size (8–72 px) and #RRGGBB colour;
 * equations as plain text. Anything invalid (see validateEditorState) gives an empty document.
 * Run it on the server before storing and again before handing content to another user, and in
 * the renderer before loading content into the editor.
 */
export function sanitizeEditorState(input: unknown): SerializedEditorContent {
  const check = validateEditorState(input);
  const root: SerializedRootNode = {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [],
  };
  if (check.ok) {
    root.direction = elementBase(check.value.root, 'root').direction;
    root.children = cleanChildren(check.value.root.children, 'block', 2);
  }
  return { root };
}
