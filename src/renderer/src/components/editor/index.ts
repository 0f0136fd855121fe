// Only the lazy wrapper and the pure import helper's loader are exported: importing this module
// never pulls Lexical into a route's chunk.
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

/** Converts HTML (imported content) to stored editor JSON, loading the editor code on demand. */
export async function htmlToEditorState(html: string): Promise<string> {
  return (await import('./htmlImport')).htmlToEditorState(html);
}
