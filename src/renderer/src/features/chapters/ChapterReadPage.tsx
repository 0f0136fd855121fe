import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { RichTextEditor } from '../../components/editor';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError } from '../../resources/ListStates';
import { Attachments } from '../files/Attachments';
import { chapterKeys, getChapter, markChapterRead } from './chaptersApi';
import { useChaptersInvalidation } from './useChaptersInvalidation';

const useStyles = makeStyles({
  meta: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    color: tokens.colorNeutralForeground3,
  },
  article: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
});

/** A chapter as its student reads it; opening it marks it read (the study guide counts it). */
export function ChapterReadPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const id = Number(useParams().chapter_id);
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidation = useChaptersInvalidation();
  const record = useQuery({
    queryKey: chapterKeys.one(scope, id),
    queryFn: ({ signal }) => getChapter(scope, id, signal),
    enabled: Number.isInteger(id),
  });
  const markRead = useMutation({
    mutationFn: () => markChapterRead(scope, id),
    onSuccess: () => invalidation.afterWrite(),
  });
  const unread = record.data?.read === false;
  useEffect(() => {
    // Only a student's unread chapter is marked; the server answers the same for a second call.
    if (role === 'student' && unread && markRead.isIdle) markRead.mutate();
  }, [role, unread, markRead]);

  const chapter = record.data;
  return (
    <PageFrame title={chapter?.title ?? t('Chapter')}>
      {record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !chapter ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <div className={styles.meta}>
            <Text>{chapter.lesson_name}</Text>
            {chapter.published_at && (
              <Text>· {formatLongDate(chapter.published_at, i18n.language)}</Text>
            )}
            {(chapter.read || markRead.isSuccess) && (
              <Badge appearance="tint" color="success" data-testid="chapter-read">
                {t('Already read')}
              </Badge>
            )}
          </div>
          <article className={styles.article} aria-label={chapter.title}>
            <RichTextEditor
              value={JSON.stringify(chapter.content)}
              editable={false}
              maxHeight={100_000}
              aria-label={chapter.title}
              data-testid="chapter-reader"
            />
          </article>
          <Attachments files={chapter.files} testId="chapter-attachments" />
        </>
      )}
    </PageFrame>
  );
}
