import { Button, Checkbox, Field, Input } from '@fluentui/react-components';
import type { LexicalEditor } from 'lexical';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_EQUATION_MAX_CHARS } from '../../../../../shared/editor';
import { INSERT_EQUATION_COMMAND } from '../plugins/InsertEquationPlugin';
import { ToolbarDialog } from './ToolbarDialog';

const KatexOutput = lazy(async () => ({
  default: (await import('../EquationView')).KatexOutput,
}));

/** A new equation: its LaTeX source, inline or on a line of its own, with a live preview. */
export function EquationDialog({
  editor,
  onClose,
}: {
  editor: LexicalEditor;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [equation, setEquation] = useState('');
  const [inline, setInline] = useState(true);

  const insert = () => {
    if (equation.trim() === '') return;
    editor.dispatchCommand(INSERT_EQUATION_COMMAND, { equation, inline });
    onClose();
  };

  return (
    <ToolbarDialog
      title={t('Insert equation')}
      onClose={onClose}
      onSubmit={insert}
      actions={
        <Button appearance="primary" type="submit" data-testid="equation-insert">
          {t('Insert')}
        </Button>
      }
    >
      <Field label={t('Equation (LaTeX)')}>
        <Input
          value={equation}
          maxLength={EDITOR_EQUATION_MAX_CHARS}
          onChange={(_event, data) => setEquation(data.value)}
          data-testid="equation-source"
        />
      </Field>
      <Checkbox
        checked={inline}
        onChange={(_event, data) => setInline(data.checked === true)}
        label={t('In the line of text')}
      />
      {equation.trim() !== '' && (
        <Field label={t('Preview')}>
          <Suspense fallback={null}>
            <KatexOutput equation={equation} inline={inline} />
          </Suspense>
        </Field>
      )}
    </ToolbarDialog>
  );
}
