import { Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { attendanceKeys, getStudentAbsences } from './attendanceApi';
import { StudentAbsencesView } from './StudentAbsencesView';

/** The office's view of one student's absences (spec §2 admin `absence/{user_id}`). */
export function StudentAbsencesPage() {
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const studentId = Number(useParams().user_id);
  const valid = Number.isInteger(studentId) && studentId > 0;
  const absences = useQuery({
    queryKey: attendanceKeys.student(scope, studentId),
    staleTime: 0,
    enabled: valid,
    queryFn: ({ signal }) => getStudentAbsences(scope, studentId, signal),
  });
  const student = absences.data?.student;
  return (
    <PageFrame
      title={
        student
          ? t('Absences of {{name}}', { name: `${student.first_name} ${student.last_name}` })
          : t('Absences of a student')
      }
      actions={<AppLink to={`${basePath}/absences`}>{t('All absences')}</AppLink>}
    >
      {!valid ? (
        <NothingFound />
      ) : absences.isError ? (
        <LoadError message={apiErrorText(absences.error)} />
      ) : !absences.data ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <StudentAbsencesView data={absences.data} headingLevel="h3" />
      )}
    </PageFrame>
  );
}
