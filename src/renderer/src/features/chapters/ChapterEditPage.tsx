import {
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
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Chapter } from '../../../../shared/api/chapters';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { RichTextEditor } from '../../components/editor';
import { useDraftForm } from '../../components/useDraftForm';
import { DraftFormActions } from '../../components/DraftFormActions';
import { PageFrame } from '../../components/PageFrame';
import { LoadError } from '../../resources/ListStates';
import { Attachments } from '../files/Attachments';
import { LessonPicker } from '../lessons/LessonPicker';
import {
  type ChapterDraft,
  chapterKeys,
  createChapter,
  deleteChapter,
  getChapter,
  updateChapter,
} from './chaptersApi';
import { useChaptersInvalidation } from './useChaptersInvalidation';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
  },
  grow: { flexGrow: 1, minWidth: '220px' },
  label: { fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const SHOWN_FIELDS = ['title', 'lesson_id', 'content', 'published'] as const;

const draftOf = (chapter: Chapter): ChapterDraft => ({
  title: chapter.title,
  published: chapter.published,
  content: JSON.stringify(chapter.content),
});

/** The teacher's chapter: title, lesson, published, the text in the editor; Save and Delete. */
export function ChapterEditPage() {
  const param = useParams().chapter_id;
  const id = param === 'new' ? null : Number(param);
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const record = useQuery({
    queryKey: chapterKeys.one(scope, id ?? 0),
    queryFn: ({ signal }) => getChapter(scope, id!, signal),
    enabled: id !== null && Number.isInteger(id),
  });
  if (id === null) return <ChapterForm chapter={null} />;
  if (record.isError)
    return (
      <PageFrame title={t('Chapter')}>
        <LoadError message={apiErrorText(record.error)} />
      </PageFrame>
    );
  if (!record.data)
    return (
      <PageFrame title={t('Chapter')}>
        <Spinner label={t('Loading...')} />
      </PageFrame>
    );
  return <ChapterForm chapter={record.data} key={record.data.id} />;
}

function ChapterForm({ chapter }: { chapter: Chapter | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const invalidation = useChaptersInvalidation();
  const editable = chapter ? chapter.abilities.update : true;
  const form = useDraftForm({
    initial: chapter ? draftOf(chapter) : { title: '', published: false, content: null },
    initialLesson: chapter?.lesson_id ?? null,
    editable,
    fields: SHOWN_FIELDS,
    save: (values: ChapterDraft, lesson) =>
      chapter
        ? updateChapter(scope, chapter.id, values)
        : createChapter(scope, lesson ?? 0, values),
    remove: () => deleteChapter(scope, chapter!.id),
    afterWrite: invalidation.afterWrite,
    openCreated: chapter ? undefined : (id) => `${basePath}/chapters/${id}`,
    listPath: `${basePath}/chapters`,
  });
  const { draft, change, lessonId, chooseLesson, submit, errors, removeError } = form;
  return (
    <PageFrame title={chapter ? chapter.title || t('Chapter') : t('New chapter')}>
      <form className={styles.form} onSubmit={submit} data-testid="chapter-form">
        {(errors?.general || removeError) && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{errors?.general || removeError}</MessageBarBody>
          </MessageBar>
        )}
        {!editable && <Text>{t('You may read this chapter but not change it.')}</Text>}
        <div className={styles.row}>
          <Field
            label={t('Title')}
            required
            className={styles.grow}
            validationMessage={errors?.fields.title}
          >
            <Input
              value={draft.title}
              readOnly={!editable}
              onChange={(_event, data) => change({ title: data.value })}
              data-testid="chapter-title"
            />
          </Field>
          {chapter ? (
            <Field label={t('Lesson')} className={styles.grow}>
              <Input value={chapter.lesson_name} readOnly />
            </Field>
          ) : (
            <LessonPicker
              value={lessonId}
              onChange={(next) => {
                chooseLesson(next);
              }}
              error={errors?.fields.lesson_id}
            />
          )}
          <Switch
            label={t('Published')}
            checked={draft.published}
            disabled={!editable}
            onChange={(_event, data) => change({ published: data.checked })}
            data-testid="chapter-published"
          />
        </div>
        <Text id="chapter-content-label" className={styles.label}>
          {t('Content')}
        </Text>
        {errors?.fields.content && (
          <Text role="alert" className={styles.error}>
            {errors.fields.content}
          </Text>
        )}
        <RichTextEditor
          value={draft.content}
          onChange={(json) => change({ content: json })}
          editable={editable}
          aria-labelledby="chapter-content-label"
          data-testid="chapter-editor"
        />
        <DraftFormActions
          form={form}
          editable={editable}
          canDelete={chapter?.abilities.delete === true}
          name={chapter?.title}
          testId="chapter"
        />
      </form>
      {chapter ? (
        <Attachments
          files={chapter.files}
          target={editable ? { type: 'chapter', entityId: chapter.id } : null}
          testId="chapter-attachments"
        />
      ) : (
        <Text>{t('Save the chapter to attach files to it.')}</Text>
      )}
    </PageFrame>
  );
}
