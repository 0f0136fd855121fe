import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../shared/resources';
import { DeleteConfirmDialog } from '../../components/resources/DeleteConfirmDialog';
import { formDefaults } from '../../components/resources/formLogic';
import { recordTitle } from '../../components/resources/listLogic';
import { LoadError } from '../../components/resources/ListStates';
import { apiErrorText } from '../../components/resources/apiErrorText';
import { ResourceForm } from '../../components/resources/ResourceForm';
import { useDeleteRecords } from '../../components/resources/useDeleteRecords';
import { useResourceAccess } from '../../components/resources/useResourceAccess';
import { useRecordQuery } from './useRecordQuery';

export type PartEditing = { mode: 'create' } | { mode: 'update'; id: number };

const useStyles = makeStyles({ surface: { maxWidth: 'min(720px, calc(100vw - 24px))' } });

/** A part's form in a dialog; the parent field is set and not shown. */
export function PartDialog({
  resource,
  parentField,
  parentId,
  editing,
  onClose,
}: {
  resource: ResourceDefinition;
  parentField: string;
  parentId: number;
  editing: PartEditing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const access = useResourceAccess(resource);
  const id = editing?.mode === 'update' ? editing.id : null;
  const record = useRecordQuery(access.scope, id);
  const remove = useDeleteRecords(access.scope);
  const [confirming, setConfirming] = useState(false);
  const initial = useMemo(
    () =>
      editing?.mode === 'create'
        ? formDefaults(resource, undefined, { preset: { [parentField]: parentId } })
        : undefined,
    [editing, resource, parentField, parentId],
  );
  const name = record.data ? recordTitle(resource, record.data) : '';
  return (
    <>
      <Dialog open={editing !== null} onOpenChange={(_e, data) => !data.open && onClose()}>
        <DialogSurface className={styles.surface} data-testid={`part-dialog-${resource.name}`}>
          <DialogBody>
            <DialogTitle>
              {editing?.mode === 'create'
                ? `${t(resource.singular)} · ${t('New')}`
                : name || t(resource.singular)}
            </DialogTitle>
            <DialogContent>
              {record.isError ? (
                <LoadError message={apiErrorText(record.error)} />
              ) : id !== null && record.isPending ? (
                <Spinner />
              ) : editing ? (
                <ResourceForm
                  key={id ?? 'new'}
                  resource={resource}
                  scope={access.scope}
                  mode={editing.mode}
                  record={record.data}
                  initial={initial}
                  readOnly={!access.write}
                  hiddenFields={[parentField]}
                  guardLeave={false}
                  onSaved={onClose}
                  onCancel={onClose}
                  onDelete={editing.mode === 'update' ? () => setConfirming(true) : undefined}
                />
              ) : null}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <DeleteConfirmDialog
        open={confirming}
        name={name}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          id !== null &&
          remove.mutate([id], {
            onSettled: () => {
              setConfirming(false);
              onClose();
            },
          })
        }
      />
    </>
  );
}
