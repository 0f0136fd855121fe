import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { ReportExportPanel } from './ReportExportPanel';
import { ReportFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { reportKeys, runReport } from './reportsApi';

const ReportChart = lazy(() => import('./ReportChart'));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  chart: { position: 'relative', height: '320px', width: '100%' },
});

/**
 * Admin `reporting/{report_id}`: one declared report, with its filters, chart, table and
 * exports. The filters live in the address, so a report can be bookmarked or shared.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const reportId = useParams().report_id ?? '';
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(search.entries());
  const scope = { schoolId, role };
  const report = useQuery({
    queryKey: reportKeys.report(scope, reportId, filters),
    queryFn: ({ signal }) => runReport(scope, reportId, filters, signal),
    placeholderData: keepPreviousData,
  });
  const declaration = report.data?.report;
  const title = declaration ? t(declaration.title) : t('Report');
  const change = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value === '') next.delete(key);
    else next.set(key, value);
    // A sub-period belongs to a period: a new period starts again from its current one.
    if (declaration?.filters.find((f) => f.key === key)?.kind === 'period')
      for (const f of declaration.filters) if (f.kind === 'lesson') next.delete(f.key);
    setSearch(next, { replace: true });
  };
  return (
    <PageFrame title={title}>
      <div className={styles.page}>
        {declaration && <Text as="p">{t(declaration.description)}</Text>}
        {report.isError && <LoadError message={apiErrorText(report.error)} />}
        {declaration && (
          <ReportFilters declaration={declaration} result={report.data} onChange={change} />
        )}
        {report.isPending && <Spinner label={t('Loading...')} />}
        {declaration && report.data && (
          <>
            {report.data.rows.length === 0 ? (
              <NothingFound />
            ) : (
              declaration.chart && (
                <div className={styles.chart} data-testid="report-chart">
                  <Suspense fallback={<Spinner label={t('Loading...')} />}>
                    <ReportChart
                      chart={declaration.chart}
                      columns={declaration.columns}
                      rows={report.data.rows}
                      totals={report.data.totals}
                      label={(text) => t(text)}
                      ariaLabel={t('Chart of {{title}}; the table below holds the same figures.', {
                        title,
                      })}
                    />
                  </Suspense>
                </div>
              )
            )}
            {report.data.rows.length > 0 && (
              <ReportTable declaration={declaration} result={report.data} />
            )}
            <ReportExportPanel
              scope={scope}
              declaration={declaration}
              rows={report.data.rows}
              filters={Object.fromEntries(
                Object.entries(report.data.applied).flatMap(([k, v]) =>
                  v === null ? [] : [[k, String(v)]],
                ),
              )}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}
