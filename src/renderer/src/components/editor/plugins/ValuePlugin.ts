import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import { emptyEditorContent, sanitizeEditorState } from '../../../../../shared/editor';

/** The stored text made safe, with an empty paragraph to type into when there is nothing. */
export function loadableContent(value: string | null): string {
  const clean = sanitizeEditorState(value);
  return JSON.stringify(clean.root.children.length > 0 ? clean : emptyEditorContent());
}

/** Loads `value` (sanitised first) and reports the document as JSON text after each change. */
export function ValuePlugin({
  value,
  onChange,
}: {
  value: string | null;
  onChange?: (json: string) => void;
}): null {
  const [editor] = useLexicalComposerContext();
  // The last value loaded or reported, and the editor's own JSON for it: a `value` equal to
  // either is an echo of what the editor holds, not new content to load.
  const known = useRef<{ value: string | null | undefined; json: string | null }>({
    value: undefined,
    json: null,
  });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (value === known.current.value || (value !== null && value === known.current.json)) return;
    const state = editor.parseEditorState(loadableContent(value));
    known.current = { value, json: JSON.stringify(state.toJSON()) };
    editor.setEditorState(state);
  }, [editor, value]);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
        // Selection moves are not changes of the content.
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        const json = JSON.stringify(editorState.toJSON());
        if (json === known.current.json) return;
        known.current = { value: json, json };
        onChangeRef.current?.(json);
      }),
    [editor],
  );
  return null;
}
