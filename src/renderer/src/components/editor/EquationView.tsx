import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $getNodeByKey, type NodeKey } from 'lexical';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../VisuallyHidden';
import 'katex/dist/katex.min.css';
import { EDITOR_EQUATION_MAX_CHARS } from '../../../../shared/editor';
import { $isEquationNode } from './EquationNode';
import { renderEquation } from './katexRender';

/** KaTeX output of an equation; nothing else on the page depends on it. */
export function KatexOutput({ equation, inline }: { equation: string; inline: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) renderEquation(ref.current, equation, !inline);
  }, [equation, inline]);
  return <span ref={ref} className="editor-katex" data-testid="equation-output" />;
}

/**
 * An equation in the document: its KaTeX rendering, which, while the editor is editable, turns
 * into a text field on click or Enter so the source is edited where it stands.
 */
export default function EquationView({
  equation,
  inline,
  nodeKey,
}: {
  equation: string;
  inline: boolean;
  nodeKey: NodeKey;
}) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [draft, setDraft] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const editing = draft !== null;
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const finish = (save: boolean) => {
    const text = draft;
    setDraft(null);
    if (!save || text === null || text === equation) return;
    editor.update(() => {
      const node = $getNodeByKey(nodeKey);
      if (!$isEquationNode(node)) return;
      // An emptied equation is one the user wants gone.
      if (text.trim() === '') node.remove();
      else node.setEquation(text);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys typed here belong to the field, not to the editor around it.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
      editor.focus();
    }
  };

  if (draft !== null) {
    return (
      <input
        ref={inputRef}
        className="editor-equation-input"
        aria-label={t('Equation (LaTeX)')}
        value={draft}
        maxLength={EDITOR_EQUATION_MAX_CHARS}
        size={Math.max(8, Math.min(60, draft.length + 2))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
        data-testid="equation-input"
      />
    );
  }
  if (!editable) return <KatexOutput equation={equation} inline={inline} />;
  return (
    <span
      role="button"
      tabIndex={0}
      title={t('Edit equation')}
      className="editor-equation-button"
      onClick={() => setDraft(equation)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setDraft(equation);
        }
      }}
    >
      {/* Named by its content, not an aria-label: the rendering is the visible text, and a
          label that does not contain it fails WCAG 2.5.3 (label in name). */}
      <VisuallyHidden>{`${t('Edit equation')}: ${equation}`}</VisuallyHidden>
      <KatexOutput equation={equation} inline={inline} />
    </span>
  );
}
