import {
  makeStyles,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowRedo20Regular,
  ArrowUndo20Regular,
  Link20Regular,
  MathFormula20Regular,
  TableAdd20Regular,
  TextBold20Regular,
  TextBulletListLtr20Regular,
  TextIndentDecreaseLtr20Regular,
  TextIndentIncreaseLtr20Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextUnderline20Regular,
} from '@fluentui/react-icons';
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type LexicalCommand,
} from 'lexical';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ColourField } from './ColourField';
import { EquationDialog } from './EquationDialog';
import { FontSizeField } from './FontSizeField';
import { LinkDialog } from './LinkDialog';
import { TableDialog } from './TableDialog';
import { useSelectionFormat } from './useSelectionFormat';

const useStyles = makeStyles({
  // Wraps onto more lines on a narrow screen (360 px) rather than hiding tools.
  toolbar: {
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalXS,
  },
});

type DialogName = 'link' | 'table' | 'equation' | null;

/**
 * The formatting toolbar. Fluent's Toolbar gives it one tab stop and arrow-key movement
 * between its items; every button is named for screen readers in the user's language.
 */
export function EditorToolbar({ label }: { label: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [editor] = useLexicalComposerContext();
  const format = useSelectionFormat(editor);
  const [dialog, setDialog] = useState<DialogName>(null);

  const closeDialog = () => {
    setDialog(null);
    editor.focus();
  };
  const command =
    <T,>(lexicalCommand: LexicalCommand<T>, payload: T) =>
    () =>
      editor.dispatchCommand(lexicalCommand, payload);
  const button = (
    id: string,
    name: string,
    icon: ReactElement,
    onClick: () => void,
    pressed?: boolean,
  ) => (
    <ToolbarButton
      aria-label={name}
      title={name}
      icon={icon}
      onClick={onClick}
      aria-pressed={pressed}
      appearance={pressed ? 'primary' : 'subtle'}
      data-testid={`editor-tool-${id}`}
    />
  );

  return (
    <>
      <Toolbar aria-label={label} size="small" className={styles.toolbar}>
        {button('undo', t('Undo'), <ArrowUndo20Regular />, command(UNDO_COMMAND, undefined))}
        {button('redo', t('Redo'), <ArrowRedo20Regular />, command(REDO_COMMAND, undefined))}
        <ToolbarDivider />
        {button(
          'bold',
          t('Bold'),
          <TextBold20Regular />,
          command(FORMAT_TEXT_COMMAND, 'bold'),
          format.bold,
        )}
        {button(
          'italic',
          t('Italic'),
          <TextItalic20Regular />,
          command(FORMAT_TEXT_COMMAND, 'italic'),
          format.italic,
        )}
        {button(
          'underline',
          t('Underline'),
          <TextUnderline20Regular />,
          command(FORMAT_TEXT_COMMAND, 'underline'),
          format.underline,
        )}
        <ToolbarDivider />
        <FontSizeField editor={editor} size={format.fontSize} />
        <ColourField editor={editor} colour={format.colour} />
        <ToolbarDivider />
        {button(
          'bullets',
          t('Bulleted list'),
          <TextBulletListLtr20Regular />,
          format.listType === 'bullet'
            ? command(REMOVE_LIST_COMMAND, undefined)
            : command(INSERT_UNORDERED_LIST_COMMAND, undefined),
          format.listType === 'bullet',
        )}
        {button(
          'numbers',
          t('Numbered list'),
          <TextNumberListLtr20Regular />,
          format.listType === 'number'
            ? command(REMOVE_LIST_COMMAND, undefined)
            : command(INSERT_ORDERED_LIST_COMMAND, undefined),
          format.listType === 'number',
        )}
        {button(
          'outdent',
          t('Decrease indent'),
          <TextIndentDecreaseLtr20Regular />,
          command(OUTDENT_CONTENT_COMMAND, undefined),
        )}
        {button(
          'indent',
          t('Increase indent'),
          <TextIndentIncreaseLtr20Regular />,
          command(INDENT_CONTENT_COMMAND, undefined),
        )}
        <ToolbarDivider />
        {button(
          'link',
          format.linkUrl === null ? t('Insert link') : t('Edit link'),
          <Link20Regular />,
          () => setDialog('link'),
          format.linkUrl !== null,
        )}
        {button('table', t('Insert table'), <TableAdd20Regular />, () => setDialog('table'))}
        {button('equation', t('Insert equation'), <MathFormula20Regular />, () =>
          setDialog('equation'),
        )}
      </Toolbar>
      {dialog === 'link' && (
        <LinkDialog
          editor={editor}
          currentUrl={format.linkUrl}
          collapsed={format.collapsed}
          onClose={closeDialog}
        />
      )}
      {dialog === 'table' && <TableDialog editor={editor} onClose={closeDialog} />}
      {dialog === 'equation' && <EquationDialog editor={editor} onClose={closeDialog} />}
    </>
  );
}
