import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DocumentPdf20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { downloadFile } from '../../api/fileTransfer';
import { useArea } from '../../app/area/AreaContext';
import { useServices } from '../../app/services';
import { studentReportCardPath, useReportCardChoices } from './reportCardsApi';
import { SubPeriodSelect } from './SubPeriodSelect';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
  },
  title: { margin: 0 },
});

/**
 * A student's report card on their page (admin `students/{id}`): a sub-period and the PDF.
 * Shown only when the server lets the caller make report cards (its answer, not a rule here).
 */
export function StudentReportCardSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const { platform } = useServices();
  const scope = { schoolId, role };
  const choices = useReportCardChoices(scope);
  const [chosen, setChosen] = useState<number | null>(null);
  const subPeriodId = chosen ?? choices.data?.current_sub_period_id ?? null;
  const download = useMutation({
    mutationFn: async () => {
      const file = await downloadFile(studentReportCardPath(scope, parentId), {
        sub_period_id: subPeriodId ?? undefined,
      });
      await platform.saveFile(file.name, file.data, file.type);
    },
  });
  if (!choices.data || choices.data.sub_periods.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="student-report-card">
      <Text as="h3" id="student-report-card" size={500} weight="semibold" className={styles.title}>
        {t('Report card')}
      </Text>
      <div className={styles.row}>
        <SubPeriodSelect
          choices={choices.data}
          value={subPeriodId}
          onChange={setChosen}
          testId="student-report-card-sub-period"
        />
        <Button
          icon={<DocumentPdf20Regular />}
          onClick={() => download.mutate()}
          disabled={download.isPending || subPeriodId === null}
          data-testid="student-report-card-download"
        >
          {t('Download the report card')}
        </Button>
      </div>
      {download.isError && <Text role="alert">{apiErrorText(download.error)}</Text>}
    </section>
  );
}
