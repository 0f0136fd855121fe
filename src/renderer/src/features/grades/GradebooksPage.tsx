import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GradebookSummary } from '../../../../shared/api/gradeRecords';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { gradeKeys, listGradebooks } from './gradesApi';

const useStyles = makeStyles({
  // Each sub-period's link is a target of its own: at least 24 px high, apart from the next
  // (WCAG 2.2 target size), also when the Greek words wrap them onto several lines.
  statuses: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  status: { display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
});

type Progress = GradebookSummary['progress'][number];

/** Teacher `grades`: every lesson taught, with each sub-period's gradebook in a word. */
export function GradebooksPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const list = useQuery({
    queryKey: gradeKeys.overview({ schoolId, role }),
    queryFn: ({ signal }) => listGradebooks({ schoolId, role }, signal),
  });
  const status = (p: Progress) => {
    if (p.closed) return { label: t('Closed'), color: 'subtle' as const };
    if (p.items === 0) return { label: t('No grades yet'), color: 'informative' as const };
    if (p.filled >= p.expected) return { label: t('Complete'), color: 'success' as const };
    return {
      label: t('{{filled}} of {{expected}} entered', { filled: p.filled, expected: p.expected }),
      color: 'warning' as const,
    };
  };
  const columns: SimpleColumn<GradebookSummary>[] = [
    {
      id: 'lesson',
      label: t('Lesson'),
      width: '30%',
      cell: (row) => (
        <AppLink to={`${basePath}/grades/${row.lesson.id}`}>{row.lesson.name}</AppLink>
      ),
    },
    { id: 'students', label: t('Students'), width: '12%', cell: (row) => row.students },
    {
      id: 'sub-periods',
      label: t('Sub-periods'),
      cell: (row) => (
        <span className={styles.statuses}>
          {row.sub_periods.map((s) => {
            const p = row.progress.find((x) => x.sub_period_id === s.id);
            const state = p ? status(p) : null;
            return (
              <AppLink
                key={s.id}
                className={styles.status}
                to={`${basePath}/grades/${row.lesson.id}?sub_period=${s.id}`}
              >
                {s.name}
                {state && (
                  <>
                    {': '}
                    <Badge appearance="tint" color={state.color}>
                      {state.label}
                    </Badge>
                  </>
                )}
              </AppLink>
            );
          })}
        </span>
      ),
    },
  ];
  const rows = list.data?.lessons ?? [];
  return (
    <PageFrame title={t('Grades')}>
      <Text as="p">
        {t('Open a lesson to enter its grades; each sub-period has its own gradebook.')}
      </Text>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.lesson.id}
          label={t('Gradebooks')}
          testId="gradebook-row"
        />
      )}
    </PageFrame>
  );
}
