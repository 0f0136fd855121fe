import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { LoadError } from '../../resources/ListStates';
import { attendanceKeys, getStudentAbsences } from './attendanceApi';
import { StudentAbsencesView } from './StudentAbsencesView';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Under a parent's view of their child: the child's absences, justifications and documents. */
export function ChildAbsencesSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const absences = useQuery({
    queryKey: attendanceKeys.student(scope, parentId),
    // Teachers mark absences during the day: always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => getStudentAbsences(scope, parentId, signal),
  });
  return (
    <section
      className={styles.section}
      aria-labelledby="child-absences-heading"
      data-testid="child-absences"
    >
      <Text as="h3" id="child-absences-heading" size={500} weight="semibold" style={{ margin: 0 }}>
        {t('Absences')}
      </Text>
      {absences.isError ? (
        <LoadError message={apiErrorText(absences.error)} />
      ) : !absences.data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <StudentAbsencesView data={absences.data} headingLevel="h4" />
      )}
    </section>
  );
}
