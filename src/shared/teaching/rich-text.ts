import { z } from 'zod';

// Rich text of chapters and tasks is the Lexical editor's state, stored as JSON (spec §3,
// "Editor content"). The server keeps it as given once it passes these bounds; the
// renderer's sanitiser decides what is drawn. Plain text is kept beside it for search.

/** Stored JSON text at most this long (about 40 pages of text with formatting). */
export const RICH_TEXT_MAX_CHARS = 200_000;
/** Nesting of objects and arrays: tables in lists in quotes stay well within it. */
export const RICH_TEXT_MAX_DEPTH = 24;

/** How deep a JSON value nests (a scalar is 0), walking without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** An editor state: a JSON object with a root node, bounded in size and depth. */
export const richText = z
  .record(z.string(), z.unknown(), { error: 'Send the text as the editor state (a JSON object)' })
  .refine((value) => jsonDepth(value) <= RICH_TEXT_MAX_DEPTH, {
    message: `The text is nested more than ${RICH_TEXT_MAX_DEPTH} levels deep`,
  })
  .refine((value) => JSON.stringify(value).length <= RICH_TEXT_MAX_CHARS, {
    message: 'This text is too long',
  })
  .refine(
    (value) => {
      const root = value.root as { children?: unknown } | undefined;
      return typeof root === 'object' && root !== null && Array.isArray(root.children);
    },
    { message: 'The editor state has no root node' },
  );
export type RichText = z.infer<typeof richText>;

/** An empty document, for records created without text. */
export const emptyRichText = (): RichText => ({
  root: { type: 'root', version: 1, children: [], direction: null, format: '', indent: 0 },
});

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'listitem', 'tablerow', 'code']);

/**
 * The words of an editor state in reading order: text, equations (their TeX), table cells
 * separated by tabs, blocks by new lines. Unknown node kinds still give their children.
 */
export function plainTextOf(state: RichText): string {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: unknown; text?: unknown; equation?: unknown; children?: unknown };
    if (typeof n.text === 'string') out.push(n.text);
    else if (n.type === 'equation' && typeof n.equation === 'string') out.push(` ${n.equation} `);
    else if (n.type === 'linebreak') out.push('\n');
    if (Array.isArray(n.children)) n.children.forEach(walk);
    if (n.type === 'tablecell') out.push('\t');
    if (typeof n.type === 'string' && BLOCKS.has(n.type)) out.push('\n');
  };
  walk((state as { root?: unknown }).root);
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
