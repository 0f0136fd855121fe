import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { z } from 'zod';
import type { attendanceMark } from '../../../../shared/api/gradeRecords';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { getStudentRecord, gradeKeys } from './gradesApi';
import { LessonGradesCard } from './LessonGradesCard';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const STATUS_LABELS = { absent: msg('Absent'), late: msg('Late'), excused: msg('Excused') };

/** Shared by the student's pages in a lesson: the record, read once. */
export function useStudentRecord() {
  const { schoolId, role } = useArea();
  const params = useParams();
  const lessonId = Number(params.lesson_id);
  const studentId = Number(params.student_id);
  const query = useQuery({
    queryKey: gradeKeys.student({ schoolId, role }, lessonId, studentId),
    queryFn: ({ signal }) => getStudentRecord({ schoolId, role }, lessonId, studentId, signal),
  });
  return { query, lessonId, studentId };
}

/** Teacher `lesson/{lesson_id}/student/{student_id}`: the student in that lesson. */
export function StudentLessonPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  const { query, lessonId, studentId } = useStudentRecord();
  const data = query.data;
  const name = data ? `${data.student.first_name} ${data.student.last_name}` : '';
  const columns: SimpleColumn<z.infer<typeof attendanceMark>>[] = [
    { id: 'date', label: t('Date'), cell: (row) => formatLongDate(row.date, i18n.language) },
    { id: 'status', label: t('Status'), cell: (row) => t(STATUS_LABELS[row.status]) },
    {
      id: 'justified',
      label: t('Justified'),
      cell: (row) => (row.justified ? t('Yes') : t('No')),
    },
  ];
  return (
    <PageFrame
      title={
        data
          ? t('{{student}} in {{lesson}}', { student: name, lesson: data.lesson.name })
          : t('Student')
      }
      actions={<AppLink to={`${basePath}/grades/${lessonId}`}>{t('Gradebook')}</AppLink>}
    >
      {query.isError && <LoadError message={apiErrorText(query.error)} />}
      {query.isPending && <Spinner label={t('Loading...')} />}
      {data && (
        <>
          {data.sub_periods.map((record) => (
            <div key={record.sub_period.id} className={styles.section}>
              <div className={styles.facts}>
                <Badge
                  appearance="tint"
                  color={record.absences.unjustified > 0 ? 'warning' : 'subtle'}
                >
                  {t(
                    'Absences: {{absent}} ({{unjustified}} unjustified), late: {{late}}',
                    record.absences,
                  )}
                </Badge>
                {record.sub_period.closed && <Badge appearance="tint">{t('Closed')}</Badge>}
                <AppLink
                  to={`${basePath}/lesson/${lessonId}/student/${studentId}/grades/${record.sub_period.id}`}
                >
                  {t('Grades and comments of {{subPeriod}}', { subPeriod: record.sub_period.name })}
                </AppLink>
              </div>
              <LessonGradesCard
                heading={record.sub_period.name}
                scaleMax={data.scale.max}
                categories={record.categories}
                items={record.items}
                grade={record.grade}
                remark={record.remark}
                testId="student-sub-period"
              />
            </div>
          ))}
          <section className={styles.section} aria-labelledby="student-attendance-heading">
            <Text as="h3" id="student-attendance-heading" size={400} weight="semibold">
              {t('Absences')}
            </Text>
            {data.attendance.length === 0 ? (
              <NothingFound />
            ) : (
              <SimpleList
                rows={data.attendance}
                columns={columns}
                rowKey={(row) => row.date}
                label={t('Absences')}
                testId="student-absence-row"
              />
            )}
          </section>
        </>
      )}
    </PageFrame>
  );
}
