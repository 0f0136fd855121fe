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
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { resourceKeys, type ResourceRecord } from '../../resources/resourceApi';
import { definitionOf } from '../../resources/resourceScreen';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { createLessonFromTemplate, getTemplateMaterial, lessonKeys } from './lessonsApi';
import { TemplateMaterialView } from './TemplateMaterial';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

/**
 * The teacher's lesson templates (spec §2 `lessons-templates`): the school's templates, and a
 * lesson made from one with copies of its chapters and tasks as drafts, which the teacher
 * teaches and then opens.
 */
export function LessonTemplatesPage() {
  const { t } = useTranslation();
  const access = useResourceAccess(definitionOf('lessons-templates'));
  const [chosen, setChosen] = useState<ResourceRecord | null>(null);
  const list = useResourceList(
    access.scope,
    { search: '', sort: { field: 'name', order: 'asc' }, perPage: 100 },
    access.read,
    true,
  );
  const columns: SimpleColumn<ResourceRecord>[] = [
    {
      id: 'name',
      label: t('Name'),
      width: '45%',
      cell: (row) => (
        <Link as="button" onClick={() => setChosen(row)} data-testid="template-open">
          {String(row.name)}
        </Link>
      ),
    },
    { id: 'course', label: t('Course'), cell: (row) => String(row.course_label ?? '–') },
    {
      id: 'duration',
      label: t('Duration (minutes)'),
      cell: (row) => (row.duration_minutes == null ? '–' : String(row.duration_minutes)),
    },
  ];
  return (
    <PageFrame title={t('Lesson templates')}>
      {list.isError ? (
        <LoadError message={apiErrorText(list.error)} />
      ) : list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : list.rows.length === 0 ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={list.rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Lesson templates')}
          testId="template-row"
        />
      )}
      {chosen && (
        <Dialog open onOpenChange={(_event, data) => !data.open && setChosen(null)}>
          <TemplateSurface template={chosen} onClose={() => setChosen(null)} key={chosen.id} />
        </Dialog>
      )}
    </PageFrame>
  );
}

function TemplateSurface({ template, onClose }: { template: ResourceRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [name, setName] = useState(String(template.name));
  const [startDate, setStartDate] = useState('');
  const material = useQuery({
    queryKey: lessonKeys.material(scope, template.id),
    queryFn: ({ signal }) => getTemplateMaterial(scope, template.id, signal),
  });
  const create = useMutation({
    mutationFn: () => createLessonFromTemplate(scope, template.id, { name, startDate }),
    onSuccess: async (made) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: resourceKeys.all({ ...scope, resource: 'lessons' }),
        }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'chapters'] }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'tasks'] }),
      ]);
      announce(t('The lesson {{name}} was created.', { name: made.name }));
      onClose();
      void navigate(`${basePath}/lesson/${made.lesson_id}`);
    },
  });
  const errors = create.error ? formErrors(create.error, ['name', 'start_date'], t) : null;
  const mayCreate = material.data?.abilities.create_lesson ?? false;
  return (
    <DialogSurface data-testid="template-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{String(template.name)}</DialogTitle>
          <DialogContent className={styles.content}>
            {material.isError ? (
              <LoadError message={apiErrorText(material.error)} />
            ) : !material.data ? (
              <Spinner label={t('Loading...')} />
            ) : (
              <TemplateMaterialView material={material.data} />
            )}
            {mayCreate && (
              <>
                {errors?.general && (
                  <MessageBar intent="error" role="alert">
                    <MessageBarBody>{errors.general}</MessageBarBody>
                  </MessageBar>
                )}
                <div className={styles.form}>
                  <Field
                    label={t('Name of the new lesson')}
                    required
                    validationMessage={errors?.fields.name}
                  >
                    <Input
                      value={name}
                      onChange={(_event, data) => setName(data.value)}
                      data-testid="template-lesson-name"
                    />
                  </Field>
                  <Field
                    label={t('Starts on')}
                    hint={t('Task dates count from this day (today if empty).')}
                    validationMessage={errors?.fields.start_date}
                  >
                    <Input
                      type="date"
                      value={startDate}
                      onChange={(_event, data) => setStartDate(data.value)}
                      data-testid="template-lesson-start"
                    />
                  </Field>
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={onClose}>
              {t('Cancel')}
            </Button>
            {mayCreate && (
              <Button
                appearance="primary"
                type="submit"
                disabledFocusable={create.isPending}
                icon={create.isPending ? <Spinner size="tiny" /> : undefined}
                data-testid="template-create-lesson"
              >
                {t('Create lesson')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
