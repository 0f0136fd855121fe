import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodes, COMMAND_PRIORITY_EDITOR, createCommand, type LexicalCommand } from 'lexical';
import { useEffect } from 'react';
import { $createEquationNode } from '../EquationNode';

export const INSERT_EQUATION_COMMAND: LexicalCommand<{ equation: string; inline: boolean }> =
  createCommand('INSERT_EQUATION_COMMAND');

/** Inserts an equation at the caret (replacing any selected text). */
export function InsertEquationPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        INSERT_EQUATION_COMMAND,
        ({ equation, inline }) => {
          if (equation.trim() === '') return true;
          $insertNodes([$createEquationNode(equation, inline)]);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );
  return null;
}
