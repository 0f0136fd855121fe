import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import type { EditorThemeClasses, Klass, LexicalNode } from 'lexical';
import { EquationNode } from './EquationNode';

/**
 * The node types the editor registers: exactly the ones the shared sanitiser keeps. Lexical
 * creates nothing else, whether from stored JSON or from pasted HTML.
 */
export const EDITOR_NODES: ReadonlyArray<Klass<LexicalNode>> = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  AutoLinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  EquationNode,
];

/** Plain class names; the editor's stylesheet (editorStyles.ts) gives them their look. */
export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: 'editor-paragraph',
  quote: 'editor-quote',
  link: 'editor-link',
  heading: { h1: 'editor-h1', h2: 'editor-h2', h3: 'editor-h3' },
  list: {
    ul: 'editor-ul',
    ol: 'editor-ol',
    listitem: 'editor-li',
    nested: { listitem: 'editor-nested-li' },
  },
  table: 'editor-table',
  tableRow: 'editor-tr',
  tableCell: 'editor-td',
  tableCellHeader: 'editor-th',
  tableSelection: 'editor-table-selection',
  text: {
    bold: 'editor-bold',
    italic: 'editor-italic',
    underline: 'editor-underline',
    strikethrough: 'editor-strike',
    underlineStrikethrough: 'editor-underline-strike',
    code: 'editor-code',
  },
};
