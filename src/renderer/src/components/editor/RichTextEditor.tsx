import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  /** The stored content: serialized editor state as JSON text, or null for an empty document. */
  value: string | null;
  /** Called with the new JSON text after each change of the content. */
  onChange?: (json: string) => void;
  /** False shows the content read-only: no toolbar, nothing editable. Default true. */
  editable?: boolean;
  /** Default true; ignored when not editable. */
  showToolbar?: boolean;
  /** Height at which the content scrolls; default 500 (spec §9). */
  maxHeight?: number;
  placeholder?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

// Lexical and KaTeX are large; no route carries them until a screen shows an editor.
const RichTextEditorImpl = lazy(() => import('./RichTextEditorImpl'));

/**
 * The one rich-text editor of the app (chapters, task descriptions, submissions,
 * announcements): editable or view-only, toolbar shown or hidden. What it stores is the JSON
 * editor state, sanitised by the rules of src/shared/editor on load and on the server.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<div aria-busy="true">{t('Loading editor…')}</div>}>
      <RichTextEditorImpl {...props} />
    </Suspense>
  );
}
