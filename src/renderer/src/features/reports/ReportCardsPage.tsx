import {
  Button,
  Field,
  makeStyles,
  ProgressBar,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, DocumentPdf20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportCardBatch, ReportCardChoices } from '../../../../shared/api/reports';
import { apiErrorText } from '../../api/apiErrorText';
import { downloadFile } from '../../api/fileTransfer';
import { useArea } from '../../app/area/AreaContext';
import { useServices } from '../../app/services';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { msg } from '../../i18n/msg';
import { LoadError } from '../../resources/ListStates';
import {
  reportCardBatch,
  reportCardKeys,
  startReportCards,
  useReportCardChoices,
} from './reportCardsApi';
import { SubPeriodSelect } from './SubPeriodSelect';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
  },
  choosers: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** Which language the server writes the cards in: the school's setting. */
const LANGUAGE_SENTENCES = {
  en: msg('The cards are written in English, the school language.'),
  el: msg('The cards are written in Greek, the school language.'),
} as const;

/** A batch's download button: the file is the caller's, fetched with their session. */
function DownloadBatch({ batch, label }: { batch: ReportCardBatch; label: string }) {
  const { t } = useTranslation();
  const { platform } = useServices();
  const download = useMutation({
    mutationFn: async () => {
      if (!batch.download_url) return;
      const file = await downloadFile(batch.download_url, {});
      await platform.saveFile(file.name, file.data, file.type);
    },
  });
  return (
    <>
      <Button
        icon={<ArrowDownload20Regular />}
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={t('Download the report cards of {{what}}', { what: label })}
        data-testid={`report-cards-download-${batch.id}`}
      >
        {t('Download')}
      </Button>
      {download.isError && <Text role="alert">{apiErrorText(download.error)}</Text>}
    </>
  );
}

function LevelCards({ choices }: { choices: ReportCardChoices }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  const [subPeriodId, setSubPeriodId] = useState<number | null>(
    choices.current_sub_period_id ?? choices.sub_periods[0]?.value ?? null,
  );
  const [levelId, setLevelId] = useState<number | null>(
    (choices.levels.find((l) => l.students > 0) ?? choices.levels[0])?.value ?? null,
  );
  const [batchId, setBatchId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: () => startReportCards(scope, { sub_period_id: subPeriodId!, level_id: levelId! }),
    onSuccess: (batch) => setBatchId(batch.id),
  });
  const batch = useQuery({
    queryKey: reportCardKeys.batch(scope, batchId ?? 0),
    queryFn: ({ signal }) => reportCardBatch(scope, batchId!, signal),
    enabled: batchId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 500,
  });
  const current = batchId === null ? null : (batch.data ?? null);
  const finished = current?.status === 'done' || current?.status === 'failed';
  useEffect(() => {
    if (!finished || !current) return;
    // The finished batch joins the latest at once (and in the offline copy), then the server's
    // list is read again.
    queryClient.setQueryData<ReportCardChoices>(reportCardKeys.choices(scope), (old) =>
      old ? { ...old, batches: [current, ...old.batches.filter((b) => b.id !== current.id)] } : old,
    );
    void queryClient.invalidateQueries({ queryKey: reportCardKeys.choices(scope) });
  }, [finished]);
  const running = start.isPending || (batchId !== null && !finished);
  const levelName = (id: number) => choices.levels.find((l) => l.value === id)?.label ?? '';
  const subPeriodName = (id: number) =>
    choices.sub_periods.find((s) => s.value === id)?.label ?? '';
  return (
    <>
      <section className={styles.panel} aria-labelledby="level-cards">
        <Text as="h3" id="level-cards" size={500} weight="semibold" className={styles.heading}>
          {t('A whole level at once')}
        </Text>
        <Text className={styles.muted}>
          {t('One PDF with a card per student of the level, each on its own pages.')}
        </Text>
        <div className={styles.choosers}>
          <SubPeriodSelect
            choices={choices}
            value={subPeriodId}
            onChange={setSubPeriodId}
            testId="report-cards-sub-period"
          />
          <Field label={t('Level')}>
            <Select
              value={levelId === null ? '' : String(levelId)}
              onChange={(_event, data) => setLevelId(Number(data.value))}
              data-testid="report-cards-level"
            >
              {choices.levels.map((level) => (
                <option key={level.value} value={level.value}>
                  {t('{{level}} ({{count}} students)', {
                    level: level.label,
                    count: level.students,
                  })}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className={styles.row}>
          <Button
            appearance="primary"
            icon={<DocumentPdf20Regular />}
            disabled={running || subPeriodId === null || levelId === null}
            onClick={() => {
              setBatchId(null);
              start.mutate();
            }}
            data-testid="report-cards-start"
          >
            {t("Make the level's report cards")}
          </Button>
        </div>
        {start.isError && <Text role="alert">{apiErrorText(start.error)}</Text>}
        {running && (
          <Field label={t('Drawing the report cards…')} validationState="none">
            <ProgressBar
              value={(current?.progress ?? 0) / 100}
              thickness="large"
              data-testid="report-cards-progress"
            />
          </Field>
        )}
        {current?.status === 'failed' && (
          <Text role="alert">{current.error ?? t('The report cards could not be drawn.')}</Text>
        )}
        {current?.status === 'done' && (
          <div className={styles.row} data-testid="report-cards-ready">
            <Text>{t('Ready: {{count}} report cards.', { count: current.students ?? 0 })}</Text>
            <DownloadBatch
              batch={current}
              label={`${levelName(current.level_id)} · ${subPeriodName(current.sub_period_id)}`}
            />
          </div>
        )}
      </section>
      {choices.batches.some((b) => b.status === 'done') && (
        <section className={styles.panel} aria-labelledby="latest-cards">
          <Text as="h3" id="latest-cards" size={500} weight="semibold" className={styles.heading}>
            {t('Ready to download')}
          </Text>
          <ul className={styles.list}>
            {choices.batches
              .filter((b) => b.status === 'done')
              .map((b) => {
                const label = `${levelName(b.level_id)} · ${subPeriodName(b.sub_period_id)}`;
                return (
                  <li key={b.id} className={styles.row}>
                    <Text>
                      {label} · {t('{{count}} report cards', { count: b.students ?? 0 })}
                    </Text>
                    <DownloadBatch batch={b} label={label} />
                  </li>
                );
              })}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * Admin `reporting/report-cards`: a level's report cards for a sub-period, drawn by the server
 * in the background as one PDF with a progress bar; one student's card is on their page.
 */
export function ReportCardsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const choices = useReportCardChoices({ schoolId, role });
  return (
    <PageFrame title={t('Report cards')}>
      <div className={styles.page}>
        <Text as="p">
          {t(
            "Each student's grade, absences and teacher's comment in every lesson of a sub-period, with the school's logo and colours.",
          )}
        </Text>
        {choices.isError && <LoadError message={apiErrorText(choices.error)} />}
        {choices.isPending && <Spinner label={t('Loading...')} />}
        {choices.data && (
          <>
            <Text as="p" className={styles.muted}>
              {t(LANGUAGE_SENTENCES[choices.data.language])}{' '}
              {t("One student's card is on the student's page.")}{' '}
              <AppLink to={`${basePath}/students`}>{t('Students')}</AppLink>
            </Text>
            <LevelCards choices={choices.data} />
          </>
        )}
      </div>
    </PageFrame>
  );
}
