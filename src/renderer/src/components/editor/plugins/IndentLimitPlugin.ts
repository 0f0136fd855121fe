import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNearestBlockElementAncestorOrThrow } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_CRITICAL,
  INDENT_CONTENT_COMMAND,
  type ElementNode,
} from 'lexical';
import { useEffect } from 'react';
import { EDITOR_MAX_INDENT_VALUE } from '../../../../../shared/editor';

/**
 * Spec §5: at most seven levels of list indent. An indent that would take any selected block
 * past the seventh level is swallowed (the button and Tab do nothing), instead of Lexical's
 * unbounded nesting.
 */
export function IndentLimitPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        INDENT_CONTENT_COMMAND,
        () => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          const blocks = new Set<ElementNode>();
          for (const node of selection.getNodes())
            blocks.add($getNearestBlockElementAncestorOrThrow(node));
          for (const block of blocks) if (block.getIndent() >= EDITOR_MAX_INDENT_VALUE) return true;
          return false;
        },
        COMMAND_PRIORITY_CRITICAL,
      ),
    [editor],
  );
  return null;
}
