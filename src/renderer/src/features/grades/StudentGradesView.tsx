import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { getStudentGrades, gradeKeys } from './gradesApi';
import { LessonGradesCard } from './LessonGradesCard';
import { SubPeriodPicker } from './SubPeriodPicker';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * A student's grades in a sub-period, lesson by lesson: the student's own (childId null) or a
 * parent's child's, exactly as the server publishes them to the family.
 */
export function StudentGradesView({
  childId,
  headingLevel,
}: {
  childId: number | null;
  headingLevel: 'h3' | 'h4';
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [subPeriodId, setSubPeriodId] = useState<number | null>(null);
  const grades = useQuery({
    queryKey: gradeKeys.mine(scope, childId, subPeriodId),
    queryFn: ({ signal }) => getStudentGrades(scope, childId, subPeriodId, signal),
  });
  if (grades.isError) return <LoadError message={apiErrorText(grades.error)} />;
  if (grades.isPending) return <Spinner label={t('Loading...')} />;
  const data = grades.data;
  return (
    <div className={styles.list}>
      <SubPeriodPicker
        subPeriods={data.sub_periods}
        value={data.sub_period.id}
        onChange={setSubPeriodId}
      />
      {data.lessons.length === 0 ? (
        <NothingFound />
      ) : (
        data.lessons.map((lesson) => (
          <LessonGradesCard
            key={lesson.lesson.id}
            heading={lesson.lesson.name}
            headingLevel={headingLevel}
            scaleMax={data.scale.max}
            categories={lesson.categories}
            items={lesson.items}
            grade={lesson.grade}
            remark={lesson.remark}
            testId="lesson-grades"
          />
        ))
      )}
      <Text size={200}>
        {t('Each item counts within its category; the categories count by their weights.')}
      </Text>
    </div>
  );
}
