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
import type { ResourceDefinition } from '../../../shared/resources';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { formDefaults } from './formLogic';
import { recordTitle } from './listLogic';
import { LoadError } from './ListStates';
import { apiErrorText } from '../api/apiErrorText';
import { recordAbilities } from './recordAbilities';
import { ResourceForm } from './ResourceForm';
import { useDeleteRecords } from './useDeleteRecords';
import { useResourceAccess } from './useResourceAccess';
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
        ? formDefaults(resource, undefined, {
            preset: { [parentField]: parentId },
            role: access.scope.role,
          })
        : undefined,
    [editing, resource, parentField, parentId, access.scope.role],
  );
  const name = record.data ? recordTitle(resource, record.data) : '';
  const abilities = recordAbilities(record.data, access.write);
  const updating = editing?.mode === 'update';
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
                  readOnly={updating ? !abilities.update : !access.write}
                  impliedFields={[parentField]}
                  guardLeave={false}
                  onSaved={onClose}
                  onCancel={onClose}
                  onDelete={updating && abilities.delete ? () => setConfirming(true) : undefined}
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
