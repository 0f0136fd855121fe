import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { StudentGradesView } from './StudentGradesView';

/** Student `grades`: the student's own grades per lesson in a sub-period. */
export function MyGradesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Grades')}>
      <StudentGradesView childId={null} headingLevel="h3" />
    </PageFrame>
  );
}
