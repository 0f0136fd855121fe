import { Badge, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LearnerRow } from '../../../../shared/api/scorm';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { listLearners, scormKeys } from './scormApi';
import { durationText, scoreText, statusColor, statusLabel } from './standingText';

/** Each student of the package's lesson: status, best score, time and attempts. */
export function ScormLearners({ packageId }: { packageId: number }) {
  const { t, i18n } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const learners = useQuery({
    queryKey: scormKeys.learners(scope, packageId),
    queryFn: ({ signal }) => listLearners(scope, packageId, signal),
  });
  const columns: SimpleColumn<LearnerRow>[] = [
    {
      id: 'name',
      label: t('Student'),
      width: '28%',
      cell: (row) => `${row.last_name} ${row.first_name}`,
    },
    {
      id: 'status',
      label: t('Status'),
      cell: (row) => (
        <Badge appearance="tint" color={statusColor(row.status)}>
          {statusLabel(row.status, t)}
        </Badge>
      ),
    },
    { id: 'score', label: t('Score'), cell: (row) => scoreText(row.score_percent, i18n.language) },
    {
      id: 'time',
      label: t('Time spent'),
      cell: (row) => (row.attempts === 0 ? '—' : durationText(row.total_seconds, t)),
    },
    { id: 'attempts', label: t('Attempts'), cell: (row) => String(row.attempts) },
    {
      id: 'last',
      label: t('Last played'),
      cell: (row) =>
        row.last_played_at ? formatLongDate(row.last_played_at, i18n.language, true) : '—',
    },
  ];
  if (learners.isError) return <LoadError message={apiErrorText(learners.error)} />;
  if (learners.isPending) return <Spinner label={t('Loading...')} />;
  if (learners.data.length === 0) return <NothingFound />;
  return (
    <SimpleList
      rows={learners.data}
      columns={columns}
      rowKey={(row) => row.student_id}
      label={t('Learners')}
      testId="scorm-learner"
    />
  );
}
