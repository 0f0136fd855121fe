import { Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { useReportCardChoices } from './reportCardsApi';
import { listReports, reportKeys } from './reportsApi';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  card: { height: '100%' },
});

/** Admin `reporting`: the reports the admin's permissions let them read. */
export function ReportsListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const list = useQuery({
    queryKey: reportKeys.list({ schoolId, role }),
    queryFn: ({ signal }) => listReports({ schoolId, role }, signal),
  });
  // Report cards are offered when the server lets the caller make them.
  const cards = useReportCardChoices({ schoolId, role });
  return (
    <PageFrame title={t('Reports')}>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : list.data?.length === 0 ? (
        <NothingFound />
      ) : (
        <ul className={styles.grid} data-testid="reports-list">
          {cards.isSuccess && (
            <li>
              <Card className={styles.card}>
                <Text as="h3" weight="semibold" size={400}>
                  <AppLink to={`${basePath}/reporting/report-cards`}>{t('Report cards')}</AppLink>
                </Text>
                <Text as="p">
                  {t(
                    "Each student's grades, absences and teachers' comments for a sub-period, as a PDF; a whole level at once.",
                  )}
                </Text>
              </Card>
            </li>
          )}
          {list.data?.map((report) => (
            <li key={report.id}>
              <Card className={styles.card}>
                <Text as="h3" weight="semibold" size={400}>
                  <AppLink to={`${basePath}/reporting/${report.id}`}>{t(report.title)}</AppLink>
                </Text>
                <Text as="p">{t(report.description)}</Text>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
