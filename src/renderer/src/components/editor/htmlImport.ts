import { $generateNodesFromDOM } from '@lexical/html';
import { $getRoot, $insertNodes, createEditor } from 'lexical';
import { sanitizeEditorState } from '../../../../shared/editor';
import { EDITOR_NODES } from './editorNodes';

/**
 * Converts HTML to stored editor JSON. The browser's DOMParser builds an inert document (no
 * script runs, nothing loads); Lexical creates only the node types the editor registers, so
 * scripts, iframes, images and event handlers have no node to become; the shared sanitiser
 * then trims attributes, styles and links as for any other content.
 */
export function htmlToEditorState(html: string): string {
  const editor = createEditor({
    namespace: 'mathema-html-import',
    nodes: [...EDITOR_NODES],
    onError: (error) => {
      throw error;
    },
  });
  const dom = new DOMParser().parseFromString(html, 'text/html');
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      root.select();
      $insertNodes($generateNodesFromDOM(editor, dom));
    },
    { discrete: true },
  );
  return JSON.stringify(sanitizeEditorState(editor.getEditorState().toJSON()));
}
