import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AbsenceRow, StudentAbsences } from '../../../../shared/api/attendance';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { fileLink } from '../files/filesApi';
import { JustifiedBadge } from './JustifiedBadge';
import { JustifyDialog } from './JustifyDialog';
import { STATUS_LABELS } from './statusLabels';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  total: {
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  justification: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
  },
  files: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' },
  link: { color: tokens.colorBrandForegroundLink, overflowWrap: 'anywhere' },
});

/**
 * One student's absences (the office's `absence/{user_id}` and a parent's view of a child):
 * totals against the school's threshold, per lesson and per period, and every absence and late
 * arrival with its justification and documents; the office justifies from here.
 */
export function StudentAbsencesView({
  data,
  headingLevel,
}: {
  data: StudentAbsences;
  /** The level of this view's headings under the page's own. */
  headingLevel: 'h3' | 'h4';
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [justifying, setJustifying] = useState<AbsenceRow | null>(null);
  const { totals, threshold } = data;
  const heading = (text: string, id: string) => (
    <Text as={headingLevel} id={id} size={400} weight="semibold" className={styles.heading}>
      {text}
    </Text>
  );
  const total = (term: string, value: number, testId: string) => (
    <div className={styles.total} data-testid={testId}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  const lessonColumns: SimpleColumn<StudentAbsences['per_lesson'][number]>[] = [
    { id: 'lesson', label: t('Lesson'), width: '34%', cell: (row) => row.lesson_name },
    { id: 'absent', label: t('Absences'), cell: (row) => row.absent },
    { id: 'justified', label: t('Justified'), cell: (row) => row.justified },
    {
      id: 'unjustified',
      label: t('Unjustified'),
      cell: (row) =>
        row.over_threshold ? (
          <span className={styles.over} data-testid="lesson-over-threshold">
            {t('{{count}} of {{threshold}}: over the threshold', {
              count: row.unjustified,
              threshold,
            })}
          </span>
        ) : threshold > 0 ? (
          t('{{count}} of {{threshold}}', { count: row.unjustified, threshold })
        ) : (
          row.unjustified
        ),
    },
    { id: 'late', label: t('Late arrivals'), cell: (row) => row.late },
  ];
  const periodColumns: SimpleColumn<StudentAbsences['per_period'][number]>[] = [
    {
      id: 'period',
      label: t('Period'),
      width: '34%',
      cell: (row) => [row.period_name, row.sub_period_name].filter(Boolean).join(' · '),
    },
    { id: 'absent', label: t('Absences'), cell: (row) => row.absent },
    { id: 'justified', label: t('Justified'), cell: (row) => row.justified },
    { id: 'unjustified', label: t('Unjustified'), cell: (row) => row.unjustified },
    { id: 'late', label: t('Late arrivals'), cell: (row) => row.late },
  ];
  const recordColumns: SimpleColumn<AbsenceRow>[] = [
    {
      id: 'date',
      label: t('Date'),
      width: '20%',
      cell: (row) => formatLongDate(row.date, i18n.language),
    },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'status',
      label: t('Status'),
      cell: (row) => (
        <Badge appearance="outline" color={row.status === 'absent' ? 'danger' : 'informative'}>
          {t(STATUS_LABELS[row.status])}
        </Badge>
      ),
    },
    {
      id: 'justification',
      label: t('Justification'),
      cell: (row) => (
        <span className={styles.justification}>
          {row.status === 'absent' && <JustifiedBadge justified={row.justified} />}
          {row.justification_note && (
            <Text size={200} data-testid="absence-note">
              {row.justification_note}
            </Text>
          )}
          {row.files.length > 0 && (
            <ul className={styles.files} aria-label={t('Documents')}>
              {row.files.map((file) => (
                <li key={file.id}>
                  <a
                    className={styles.link}
                    href={fileLink(file.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="absence-document"
                  >
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </span>
      ),
    },
    ...(data.abilities.justify
      ? [
          {
            id: 'actions',
            label: t('Actions'),
            cell: (row: AbsenceRow) => {
              const action = row.justified ? t('Edit justification') : t('Justify');
              // The spoken name starts with the visible one (WCAG 2.5.3), then says which.
              return (
                <Button
                  size="small"
                  onClick={() => setJustifying(row)}
                  data-testid="absence-justify"
                  aria-label={t('{{action}}: {{date}}, {{lesson}}', {
                    action,
                    date: formatLongDate(row.date, i18n.language),
                    lesson: row.lesson_name,
                  })}
                >
                  {action}
                </Button>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <div className={styles.root}>
      <section className={styles.section} aria-labelledby="absences-totals">
        {heading(t('Totals'), 'absences-totals')}
        <dl className={styles.totals}>
          {total(t('Absences'), totals.absent, 'total-absent')}
          {total(t('Justified'), totals.justified, 'total-justified')}
          {total(t('Unjustified'), totals.unjustified, 'total-unjustified')}
          {total(t('Late arrivals'), totals.late, 'total-late')}
        </dl>
        <Text size={200} data-testid="absences-threshold">
          {threshold > 0
            ? t('The school warns at {{count}} unjustified absences in a lesson.', {
                count: threshold,
              })
            : t('The school has no absence threshold.')}
        </Text>
      </section>
      {data.per_lesson.length > 0 && (
        <section className={styles.section} aria-labelledby="absences-per-lesson">
          {heading(t('Per lesson'), 'absences-per-lesson')}
          <SimpleList
            rows={data.per_lesson}
            columns={lessonColumns}
            rowKey={(row) => row.lesson_id}
            label={t('Per lesson')}
            testId="absences-lesson-row"
          />
        </section>
      )}
      {data.per_period.length > 0 && (
        <section className={styles.section} aria-labelledby="absences-per-period">
          {heading(t('Per period'), 'absences-per-period')}
          <SimpleList
            rows={data.per_period}
            columns={periodColumns}
            rowKey={(row) => `${row.period_id}:${row.sub_period_id ?? ''}`}
            label={t('Per period')}
            testId="absences-period-row"
          />
        </section>
      )}
      <section className={styles.section} aria-labelledby="absences-records">
        {heading(t('Absences and late arrivals'), 'absences-records')}
        {data.records.length === 0 ? (
          <Text>{t('No absences recorded.')}</Text>
        ) : (
          <SimpleList
            rows={data.records}
            columns={recordColumns}
            rowKey={(row) => row.id}
            label={t('Absences and late arrivals')}
            testId="absence-record"
          />
        )}
      </section>
      {justifying && (
        <JustifyDialog
          record={data.records.find((r) => r.id === justifying.id) ?? justifying}
          onClose={() => setJustifying(null)}
        />
      )}
    </div>
  );
}
