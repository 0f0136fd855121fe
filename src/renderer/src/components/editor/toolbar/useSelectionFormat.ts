import { $isLinkNode } from '@lexical/link';
import { $isListNode, ListNode } from '@lexical/list';
import { $getSelectionStyleValueForProperty } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  type LexicalEditor,
} from 'lexical';
import { useEffect, useState } from 'react';
import { EDITOR_FONT_SIZE_DEFAULT } from '../../../../../shared/constants';
import { readTextStyle } from '../../../../../shared/editor';

export interface SelectionFormat {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  fontSize: number;
  colour: string;
  /** The link the caret is in, if any. */
  linkUrl: string | null;
  listType: 'bullet' | 'number' | 'check' | null;
  collapsed: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const INITIAL: SelectionFormat = {
  bold: false,
  italic: false,
  underline: false,
  fontSize: EDITOR_FONT_SIZE_DEFAULT,
  colour: '',
  linkUrl: null,
  listType: null,
  collapsed: true,
  canUndo: false,
  canRedo: false,
};

function $readFormat(): Omit<SelectionFormat, 'canUndo' | 'canRedo'> | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const link = $findMatchingParent(anchor, $isLinkNode);
  const list = $getNearestNodeOfType(anchor, ListNode);
  const style = readTextStyle(
    `font-size: ${$getSelectionStyleValueForProperty(selection, 'font-size', '')}; color: ${$getSelectionStyleValueForProperty(selection, 'color', '')}`,
  );
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    fontSize: style.fontSize ?? EDITOR_FONT_SIZE_DEFAULT,
    colour: style.color ?? '',
    linkUrl: $isLinkNode(link) ? link.getURL() : null,
    listType: $isListNode(list) ? list.getListType() : null,
    collapsed: selection.isCollapsed(),
  };
}

/** What the toolbar shows as on or current: the formats and styles at the selection. */
export function useSelectionFormat(editor: LexicalEditor): SelectionFormat {
  const [format, setFormat] = useState(INITIAL);
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const read = editorState.read($readFormat);
          if (read) setFormat((previous) => ({ ...previous, ...read }));
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (canUndo) => {
            setFormat((previous) => ({ ...previous, canUndo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (canRedo) => {
            setFormat((previous) => ({ ...previous, canRedo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );
  return format;
}
