import { EDITOR_STATE_MAX_CHARS, EDITOR_STATE_MAX_DEPTH, EDITOR_STATE_MAX_NODES } from './limits';
import type { SerializedEditorContent } from './types';

export type EditorStateProblem =
  | 'not_json'
  | 'too_large'
  | 'too_deep'
  | 'too_many_nodes'
  | 'not_an_object'
  | 'bad_root'
  | 'bad_node';

export type EditorStateCheck =
  { ok: true; value: SerializedEditorContent } | { ok: false; problem: EditorStateProblem };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Measures a parsed JSON value without recursion (a hostile value may nest deeper than the
 * stack), stopping as soon as it passes the bounds.
 */
function measure(value: unknown): EditorStateProblem | null {
  // Each node costs two levels of JSON (the node object and its children array), plus a little
  // slack for attribute objects.
  const maxJsonDepth = EDITOR_STATE_MAX_DEPTH * 2 + 4;
  const stack: Array<[unknown, number]> = [[value, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > maxJsonDepth) return 'too_deep';
    if (++values > EDITOR_STATE_MAX_NODES * 20) return 'too_many_nodes';
    if (typeof current !== 'object' || current === null) continue;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return null;
}

/** Walks the node tree: every node an object with a string type, children an array of nodes. */
function checkNodes(root: Record<string, unknown>): EditorStateProblem | null {
  const stack: Array<[Record<string, unknown>, number]> = [[root, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > EDITOR_STATE_MAX_DEPTH) return 'too_deep';
    if (++nodes > EDITOR_STATE_MAX_NODES) return 'too_many_nodes';
    if (typeof node.type !== 'string') return 'bad_node';
    if (node.children === undefined) continue;
    if (!Array.isArray(node.children)) return 'bad_node';
    for (const child of node.children) {
      if (!isRecord(child)) return 'bad_node';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * Whether a value (JSON text or an already parsed object) is an editor state of bounded size
 * and depth with a root node. It says nothing about which nodes and attributes are allowed:
 * that is sanitizeEditorState's job.
 */
export function validateEditorState(input: unknown): EditorStateCheck {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > EDITOR_STATE_MAX_CHARS) return { ok: false, problem: 'too_large' };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, problem: 'not_json' };
    }
  }
  if (!isRecord(value)) return { ok: false, problem: 'not_an_object' };
  const shapeProblem = measure(value);
  if (shapeProblem) return { ok: false, problem: shapeProblem };
  if (typeof input !== 'string' && JSON.stringify(value).length > EDITOR_STATE_MAX_CHARS)
    return { ok: false, problem: 'too_large' };
  const root = value.root;
  if (!isRecord(root) || root.type !== 'root' || !Array.isArray(root.children))
    return { ok: false, problem: 'bad_root' };
  const nodeProblem = checkNodes(root);
  if (nodeProblem) return { ok: false, problem: nodeProblem };
  return { ok: true, value: value as unknown as SerializedEditorContent };
}
