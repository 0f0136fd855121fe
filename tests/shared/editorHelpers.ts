import type { SerializedEditorNode } from '../../src/shared/editor';

/** Builders for serialized editor nodes, so that tests read as documents. */
export const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  ...extra,
});

export const paragraph = (...children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  children,
});

export const link = (url: unknown, ...children: unknown[]) => ({
  type: 'link',
  version: 1,
  url,
  children,
});

export const doc = (...children: unknown[]) => ({
  root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children },
});

/** Every node of a tree, depth first. */
export function allNodes(node: SerializedEditorNode): SerializedEditorNode[] {
  return [node, ...(node.children ?? []).flatMap(allNodes)];
}

/** A list nested `levels` deep, one item per level. */
export function nestedList(levels: number): unknown {
  let list: unknown = {
    type: 'list',
    listType: 'bullet',
    children: [{ type: 'listitem', children: [text('deepest')] }],
  };
  for (let level = 1; level < levels; level++)
    list = { type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [list] }] };
  return list;
}
