import { validateEditorState } from './validate';

type Node = Record<string, unknown>;

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'listitem']);

function textOf(node: Node): string {
  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' ? node.text : '';
    case 'tab':
      return '\t';
    case 'linebreak':
      return '\n';
    case 'equation':
      return typeof node.equation === 'string' ? node.equation : '';
  }
  const children = Array.isArray(node.children) ? (node.children as Node[]) : [];
  // A row is one line: its cells' words side by side.
  if (node.type === 'tablerow')
    return `${children.map((cell) => textOf(cell).replace(/\s+/g, ' ').trim()).join('\t')}\n`;
  const inner = children.map(textOf).join('');
  return typeof node.type === 'string' && BLOCKS.has(node.type) ? `${inner}\n` : inner;
}

/**
 * The words of a stored editor state, one line per block and table cells separated by tabs,
 * for search indexes and previews. `maxLength` cuts the result (with an ellipsis) for lists.
 * Invalid content gives an empty string.
 */
export function editorStateToPlainText(input: unknown, maxLength?: number): string {
  const check = validateEditorState(input);
  if (!check.ok) return '';
  const text = textOf(check.value.root)
    // Nested lists end several blocks at once; one line break is enough between them.
    .replace(/\n{2,}/g, '\n')
    .trim();
  if (maxLength === undefined || text.length <= maxLength) return text;
  return `${text.slice(0, Math.max(0, maxLength - 1)).trimEnd()}…`;
}
