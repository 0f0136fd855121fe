import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { GradeGrid } from './GradeGrid';
import { getGradebook, gradeKeys } from './gradesApi';
import { SubPeriodPicker } from './SubPeriodPicker';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
  },
  weights: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
});

/** Teacher `grades/{lesson_id}`: the lesson's grade grid in the chosen sub-period. */
export function GradeGridPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const lessonId = Number(useParams().lesson_id);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('sub_period');
  const subPeriodId = asked && /^\d+$/.test(asked) ? Number(asked) : null;
  const queryKey = gradeKeys.book(scope, lessonId, subPeriodId);
  const book = useQuery({
    queryKey,
    queryFn: ({ signal }) => getGradebook(scope, lessonId, subPeriodId, signal),
  });
  const data = book.data;
  const weightTotal = data?.categories.reduce((sum, c) => sum + c.weight, 0) ?? 0;
  return (
    <PageFrame
      title={data ? t('Grades: {{lesson}}', { lesson: data.lesson.name }) : t('Grades')}
      actions={<AppLink to={`${basePath}/grades`}>{t('All gradebooks')}</AppLink>}
    >
      {book.isError && <LoadError message={apiErrorText(book.error)} />}
      {book.isPending && <Spinner label={t('Loading...')} />}
      {data && (
        <>
          <div className={styles.bar}>
            <SubPeriodPicker
              subPeriods={data.sub_periods}
              value={data.sub_period.id}
              onChange={(id) => setSearch({ sub_period: String(id) }, { replace: true })}
            />
            {data.sub_period.closed && (
              <Badge appearance="tint" color="warning" data-testid="grades-closed">
                {t('Closed: read-only')}
              </Badge>
            )}
          </div>
          <section aria-label={t('Categories and weights')}>
            <Text as="h3" size={400} weight="semibold">
              {t('Categories and weights')}
            </Text>
            {data.categories.length === 0 ? (
              <Text as="p">{t('No categories yet: items count once they are in one.')}</Text>
            ) : (
              <ul className={styles.weights}>
                {data.categories.map((c) => (
                  <li key={c.id}>
                    <Badge appearance="outline" color="informative">
                      {`${c.name} · ${weightTotal > 0 ? Math.round((c.weight / weightTotal) * 100) : 0}%`}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {data.students.length === 0 ? (
            <NothingFound />
          ) : (
            <GradeGrid
              key={data.sub_period.id}
              book={data}
              queryKey={queryKey}
              studentPath={(studentId) => `${basePath}/lesson/${lessonId}/student/${studentId}`}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}
