import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DocumentCopy20Regular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { resourceKeys } from '../../resources/resourceApi';
import { saveLessonAsTemplate } from './lessonsApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A teacher keeps a lesson's chapters and tasks as a template of the school. */
export function SaveAsTemplateButton({
  lessonId,
  lessonName,
}: {
  lessonId: number;
  lessonName: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<DocumentCopy20Regular />} data-testid="lesson-save-template">
          {t('Save as template')}
        </Button>
      </DialogTrigger>
      {/* Dialog mounts its surface only while open, so each opening starts afresh. */}
      <SaveSurface lessonId={lessonId} lessonName={lessonName} onClose={() => setOpen(false)} />
    </Dialog>
  );
}

function SaveSurface({
  lessonId,
  lessonName,
  onClose,
}: {
  lessonId: number;
  lessonName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [name, setName] = useState(t('{{name}} (template)', { name: lessonName }));
  const [duration, setDuration] = useState('');
  const save = useMutation({
    mutationFn: () => saveLessonAsTemplate(scope, lessonId, { name, durationMinutes: duration }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({
        queryKey: resourceKeys.all({ ...scope, resource: 'lessons-templates' }),
      });
      announce(
        t('Saved as the template {{name}}: {{chapters}} chapters, {{tasks}} tasks.', {
          name: saved.name,
          chapters: saved.chapters,
          tasks: saved.tasks,
        }),
      );
      onClose();
    },
  });
  const errors = save.error ? formErrors(save.error, ['name', 'duration_minutes'], t) : null;
  return (
    <DialogSurface data-testid="save-template-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{t('Save as template')}</DialogTitle>
          <DialogContent className={styles.content}>
            {t(
              "The lesson's chapters and tasks are copied into a new template of the school; task dates become days from the first task's opening.",
            )}
            {errors?.general && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('Name')} required validationMessage={errors?.fields.name}>
              <Input
                value={name}
                onChange={(_event, data) => setName(data.value)}
                data-testid="save-template-name"
              />
            </Field>
            <Field
              label={t('Duration (minutes)')}
              validationMessage={errors?.fields.duration_minutes}
            >
              <Input
                type="number"
                min={1}
                max={600}
                value={duration}
                onChange={(_event, data) => setDuration(data.value)}
              />
            </Field>
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
              data-testid="save-template-confirm"
            >
              {t('Save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
