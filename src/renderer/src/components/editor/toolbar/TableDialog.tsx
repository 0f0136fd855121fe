import { Button, Field, Input } from '@fluentui/react-components';
import { INSERT_TABLE_COMMAND } from '@lexical/table';
import type { LexicalEditor } from 'lexical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableSize } from '../fieldRules';
import { ToolbarDialog } from './ToolbarDialog';

/** Rows and columns for a new table; unless both are whole numbers nothing is inserted (spec §5). */
export function TableDialog({ editor, onClose }: { editor: LexicalEditor; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState('2');
  const [columns, setColumns] = useState('2');
  const [refused, setRefused] = useState(false);

  const insert = () => {
    const size = tableSize(rows, columns);
    if (!size) {
      setRefused(true);
      return;
    }
    editor.dispatchCommand(INSERT_TABLE_COMMAND, {
      rows: String(size.rows),
      columns: String(size.columns),
      includeHeaders: false,
    });
    onClose();
  };

  const message = refused ? t('Enter whole numbers of rows and columns') : undefined;
  return (
    <ToolbarDialog
      title={t('Insert table')}
      onClose={onClose}
      actions={
        <Button appearance="primary" type="submit" data-testid="table-insert">
          {t('Insert')}
        </Button>
      }
      onSubmit={insert}
    >
      <Field
        label={t('Rows')}
        validationMessage={message}
        validationState={refused ? 'error' : 'none'}
      >
        <Input
          value={rows}
          inputMode="numeric"
          onChange={(_event, data) => setRows(data.value)}
          data-testid="table-rows"
        />
      </Field>
      <Field label={t('Columns')} validationState={refused ? 'error' : 'none'}>
        <Input
          value={columns}
          inputMode="numeric"
          onChange={(_event, data) => setColumns(data.value)}
          data-testid="table-columns"
        />
      </Field>
    </ToolbarDialog>
  );
}
