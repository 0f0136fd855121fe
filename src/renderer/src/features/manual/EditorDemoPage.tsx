import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToEditorState, RichTextEditor } from '../../components/editor';

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    maxWidth: '960px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalM}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: { margin: 0 },
  json: {
    maxHeight: '200px',
    overflow: 'auto',
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

/**
 * The editor on a page of its own (`/manual/editor`, signed-in users only): a place to try it,
 * and the page the browser test drives. The reader's view below shows the same content
 * read-only, as another user would see it.
 */
export default function EditorDemoPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [content, setContent] = useState<string | null>(null);
  const [html, setHtml] = useState('');

  return (
    <main className={styles.page}>
      <Text as="h1" size={700} weight="semibold" className={styles.heading}>
        {t('Try the editor')}
      </Text>
      <Text as="p" id="editor-demo-label">
        {t('Write text, lists, links, tables and equations. Nothing on this page is saved.')}
      </Text>
      <RichTextEditor
        value={content}
        onChange={setContent}
        aria-labelledby="editor-demo-label"
        placeholder={t('Start writing…')}
        data-testid="demo-editor"
      />
      <Text as="h2" size={500} weight="semibold" className={styles.heading}>
        {t('As readers see it')}
      </Text>
      <RichTextEditor
        value={content}
        editable={false}
        aria-label={t('As readers see it')}
        data-testid="demo-reader"
      />
      <Field label={t('Import HTML')}>
        <Input
          value={html}
          onChange={(_event, data) => setHtml(data.value)}
          data-testid="demo-html"
        />
      </Field>
      <Button
        onClick={async () => setContent(await htmlToEditorState(html))}
        data-testid="demo-html-import"
      >
        {t('Import')}
      </Button>
      <details>
        <summary>{t('Stored content (JSON)')}</summary>
        <pre className={styles.json} data-testid="demo-json">
          {content ?? ''}
        </pre>
      </details>
    </main>
  );
}
