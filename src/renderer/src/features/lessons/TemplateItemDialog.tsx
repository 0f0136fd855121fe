import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichText } from '../../../../shared/teaching/rich-text';
import { apiErrorText } from '../../api/apiErrorText';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { RichTextEditor } from '../../components/editor';
import { announce } from '../../components/LiveAnnouncer';
import { LoadError } from '../../resources/ListStates';
import {
  getTemplateChapter,
  getTemplateTask,
  lessonKeys,
  type TemplateItemKind,
  updateTemplateChapter,
  updateTemplateTask,
} from './lessonsApi';

// Changing one chapter or task of a lesson template (the office): its title and text, and for a
// task its points, late hand-ins and the days it opens and is due after a new lesson's start.

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  label: { fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
});

interface Draft {
  title: string;
  /** The editor's state as JSON text. */
  text: string;
  points: string;
  acceptLate: boolean;
  opens: string;
  due: string;
}

const FIELDS = ['title', 'content', 'description', 'points', 'open_offset_days', 'due_offset_days'];

export function TemplateItemDialog({
  kind,
  templateId,
  itemId,
  onClose,
}: {
  kind: TemplateItemKind;
  templateId: number;
  itemId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const item = useQuery({
    queryKey: [...lessonKeys.material(scope, templateId), kind, itemId],
    queryFn: async ({ signal }): Promise<Draft> => {
      if (kind === 'chapter') {
        const chapter = await getTemplateChapter(scope, itemId, signal);
        return { title: chapter.title, text: JSON.stringify(chapter.content), ...NO_TASK };
      }
      const task = await getTemplateTask(scope, itemId, signal);
      return {
        title: task.title,
        text: JSON.stringify(task.description),
        points: String(task.points),
        acceptLate: task.accept_late,
        opens: String(task.open_offset_days),
        due: String(task.due_offset_days),
      };
    },
    // The form starts from what the server holds now, not from a copy cached earlier.
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface data-testid="template-item-dialog">
        {item.data ? (
          <ItemForm
            kind={kind}
            templateId={templateId}
            itemId={itemId}
            initial={item.data}
            onClose={onClose}
          />
        ) : (
          <DialogBody>
            <DialogTitle>{kind === 'chapter' ? t('Edit chapter') : t('Edit task')}</DialogTitle>
            <DialogContent>
              {item.isError ? (
                <LoadError message={apiErrorText(item.error)} />
              ) : (
                <Spinner label={t('Loading...')} />
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('Cancel')}</Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}

const NO_TASK = { points: '', acceptLate: false, opens: '', due: '' };

function ItemForm({
  kind,
  templateId,
  itemId,
  initial,
  onClose,
}: {
  kind: TemplateItemKind;
  templateId: number;
  itemId: number;
  initial: Draft;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [draft, setDraft] = useState(initial);
  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));
  const save = useMutation({
    mutationFn: async (values: Draft): Promise<void> => {
      if (kind === 'chapter')
        await updateTemplateChapter(scope, itemId, {
          title: values.title,
          content: JSON.parse(values.text) as RichText,
        });
      else
        await updateTemplateTask(scope, itemId, {
          title: values.title,
          description: JSON.parse(values.text) as RichText,
          points: values.points,
          accept_late: values.acceptLate,
          open_offset_days: values.opens,
          due_offset_days: values.due,
        });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lessonKeys.material(scope, templateId) });
      announce(t('Saved'));
      onClose();
    },
  });
  const errors = save.error ? formErrors(save.error, FIELDS, t) : null;
  const textError = errors?.fields.content ?? errors?.fields.description;
  const textLabel = `template-item-text-${itemId}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <DialogBody>
        <DialogTitle>{kind === 'chapter' ? t('Edit chapter') : t('Edit task')}</DialogTitle>
        <DialogContent className={styles.content}>
          {errors?.general && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{errors.general}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('Title')} required validationMessage={errors?.fields.title}>
            <Input
              value={draft.title}
              onChange={(_event, data) => change({ title: data.value })}
              data-testid="template-item-title"
            />
          </Field>
          {kind === 'task' && (
            <div className={styles.row}>
              <Field label={t('Points')} validationMessage={errors?.fields.points}>
                <Input
                  type="number"
                  min={0}
                  max={1000}
                  value={draft.points}
                  onChange={(_event, data) => change({ points: data.value })}
                  data-testid="template-item-points"
                />
              </Field>
              <Field label={t('Opens on day')} validationMessage={errors?.fields.open_offset_days}>
                <Input
                  type="number"
                  min={0}
                  max={365}
                  value={draft.opens}
                  onChange={(_event, data) => change({ opens: data.value })}
                  data-testid="template-item-opens"
                />
              </Field>
              <Field label={t('Due on day')} validationMessage={errors?.fields.due_offset_days}>
                <Input
                  type="number"
                  min={0}
                  max={365}
                  value={draft.due}
                  onChange={(_event, data) => change({ due: data.value })}
                  data-testid="template-item-due"
                />
              </Field>
              <Switch
                label={t('Late work accepted')}
                checked={draft.acceptLate}
                onChange={(_event, data) => change({ acceptLate: data.checked })}
              />
            </div>
          )}
          <Text id={textLabel} className={styles.label}>
            {kind === 'chapter' ? t('Content') : t('Description')}
          </Text>
          {textError && (
            <Text role="alert" className={styles.error}>
              {textError}
            </Text>
          )}
          <RichTextEditor
            value={draft.text}
            onChange={(json) => change({ text: json })}
            editable
            aria-labelledby={textLabel}
            data-testid="template-item-editor"
          />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button
            appearance="primary"
            type="submit"
            disabledFocusable={save.isPending}
            icon={save.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="template-item-save"
          >
            {t('Save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
