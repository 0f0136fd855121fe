import { mergeClasses } from '@fluentui/react-components';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_MAX_HEIGHT } from '../../../../shared/constants';
import { safeLinkUrl } from '../../../../shared/editor';
import { EDITOR_NODES, EDITOR_THEME } from './editorNodes';
import { useEditorStyles } from './editorStyles';
import { AutoLinks } from './plugins/AutoLinks';
import { ContentRulesPlugin } from './plugins/ContentRulesPlugin';
import { IndentLimitPlugin } from './plugins/IndentLimitPlugin';
import { InsertEquationPlugin } from './plugins/InsertEquationPlugin';
import { loadableContent, ValuePlugin } from './plugins/ValuePlugin';
import type { RichTextEditorProps } from './RichTextEditor';
import { EditorToolbar } from './toolbar/EditorToolbar';

const isAllowedUrl = (url: string) => safeLinkUrl(url) !== null;

/** Follows the `editable` prop after the first render (Lexical reads it once at creation). */
function EditableSwitch({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

/** The editor itself; loaded through RichTextEditor, which keeps Lexical out of other chunks. */
export default function RichTextEditorImpl({
  value,
  onChange,
  editable = true,
  showToolbar = true,
  maxHeight = EDITOR_MAX_HEIGHT,
  placeholder,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'data-testid': testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const styles = useEditorStyles();
  // Created once: Lexical takes its configuration at creation; later values go through
  // ValuePlugin and EditableSwitch.
  const [initialConfig] = useState(() => ({
    namespace: 'mathema-editor',
    nodes: [...EDITOR_NODES],
    theme: EDITOR_THEME,
    editable,
    editorState: loadableContent(value),
    onError: (error: Error) => {
      // A broken document must not take the page down; Lexical recovers to the last state.
      console.error(error);
    },
  }));

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div
        className={mergeClasses(styles.frame, !editable && styles.frameReadOnly)}
        data-testid={testId ?? 'rich-text-editor'}
        data-editable={editable}
      >
        {editable && showToolbar && <EditorToolbar label={t('Formatting')} />}
        <div className={styles.scroller} style={{ maxHeight }}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className={mergeClasses(styles.content, !editable && styles.contentReadOnly)}
                aria-label={ariaLabel}
                aria-labelledby={ariaLabelledBy}
                aria-multiline
                data-testid="editor-content"
              />
            }
            placeholder={
              editable && placeholder ? (
                <div className={styles.placeholder}>{placeholder}</div>
              ) : null
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <EditableSwitch editable={editable} />
      <ValuePlugin value={value} onChange={onChange} />
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isAllowedUrl} />
      <AutoLinks />
      <TablePlugin hasCellMerge={false} hasCellBackgroundColor={false} hasHorizontalScroll />
      <ContentRulesPlugin />
      <IndentLimitPlugin />
      <InsertEquationPlugin />
    </LexicalComposer>
  );
}
