import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_MAX_PAGE_SIZE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { useDropdownSlots } from '../../components/fluentSlots';
import { listChapters } from '../chapters/chaptersApi';
import { listTasks } from '../tasks/tasksApi';
import { FileUploader } from './FileUploader';
import { useFilesInvalidation } from './useFilesInvalidation';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Kind = 'chapter' | 'task';

/** Upload from the files screen: first where the file goes (a chapter or task of a lesson). */
export function UploadDialog({
  open,
  lessonId,
  onClose,
}: {
  open: boolean;
  /** The lesson the list is filtered by, if any: its records are offered. */
  lessonId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const slots = useDropdownSlots();
  const invalidation = useFilesInvalidation();
  const [kind, setKind] = useState<Kind>('chapter');
  const [entityId, setEntityId] = useState<number | null>(null);
  const records = useQuery({
    queryKey: ['schools', schoolId, role, 'files', 'targets', kind, lessonId],
    enabled: open,
    queryFn: async ({ signal }) => {
      const page = { lessonId, page: 1, perPage: LIST_MAX_PAGE_SIZE };
      const answer =
        kind === 'chapter'
          ? await listChapters(scope, page, signal)
          : await listTasks(scope, page, signal);
      return answer.rows
        .filter((row) => row.abilities.update)
        .map((row) => ({ id: row.id, label: `${row.title} · ${row.lesson_name}` }));
    },
  });
  const kinds: Record<Kind, string> = { chapter: t('Chapter'), task: t('Task') };
  const chosen = records.data?.find((record) => record.id === entityId);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface data-testid="files-upload-dialog">
        <DialogBody>
          <DialogTitle>{t('Upload files')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('Attach to')}>
              <Dropdown
                {...slots}
                value={kinds[kind]}
                selectedOptions={[kind]}
                onOptionSelect={(_event, data) => {
                  setKind(data.optionValue as Kind);
                  setEntityId(null);
                }}
                data-testid="files-upload-kind"
              >
                <Option value="chapter">{kinds.chapter}</Option>
                <Option value="task">{kinds.task}</Option>
              </Dropdown>
            </Field>
            <Field label={kinds[kind]} required>
              {records.isPending ? (
                <Spinner size="tiny" label={t('Loading...')} />
              ) : (
                <Dropdown
                  {...slots}
                  value={chosen?.label ?? ''}
                  placeholder={t('Choose…')}
                  selectedOptions={entityId === null ? [] : [String(entityId)]}
                  onOptionSelect={(_event, data) => setEntityId(Number(data.optionValue))}
                  data-testid="files-upload-record"
                >
                  {(records.data ?? []).map((record) => (
                    <Option key={record.id} value={String(record.id)}>
                      {record.label}
                    </Option>
                  ))}
                </Dropdown>
              )}
            </Field>
            {entityId !== null && (
              <FileUploader
                target={{ type: kind, entityId }}
                onUploaded={() => invalidation.afterWrite()}
                testId="files-upload"
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="files-upload-close">
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
