import { $patchStyleText } from '@lexical/selection';
import { $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';

/** Sets one inline style of the selected text (or of what is typed next, at a caret). */
export function applyTextStyle(
  editor: LexicalEditor,
  property: 'font-size' | 'color',
  value: string,
) {
  editor.update(() => {
    const selection = $getSelection();
    if ($isRangeSelection(selection)) $patchStyleText(selection, { [property]: value });
  });
}
