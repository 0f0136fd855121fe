import {
  makeStyles,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Checkmark16Filled } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskBookItem, TaskBookProgressRow } from '../../../../shared/api/taskbooks';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { Pager } from '../../components/Pager';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { percentDone, stepKey } from './stepOrder';
import { getTaskBookProgress, taskBookKeys } from './taskbooksApi';

const PAGE_SIZE = 50;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroller: {
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  stepHead: { width: '44px', textAlign: 'center' },
  mark: { textAlign: 'center', color: tokens.colorPaletteGreenForeground1 },
  percent: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  words: { whiteSpace: 'nowrap' },
  bar: { minWidth: '60px', flexGrow: 1 },
  cards: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chip: {
    minWidth: '24px',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusCircular,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  chipDone: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    border: `1px solid ${tokens.colorPaletteGreenBorder2}`,
  },
});

/** How far a student is: a bar and the words "3 of 5 (60%)". */
function Percent({ row }: { row: TaskBookProgressRow }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const percent = percentDone(row.done, row.total);
  const words = t('{{done}} of {{total}} ({{percent}}%)', {
    done: row.done,
    total: row.total,
    percent,
  });
  return (
    <span className={styles.percent}>
      <ProgressBar
        className={styles.bar}
        value={row.total === 0 ? 0 : row.done / row.total}
        thickness="large"
        aria-label={words}
      />
      <Text className={styles.words} data-testid="taskbook-progress-percent">
        {words}
      </Text>
    </span>
  );
}

/**
 * Each student of the lesson against the book's steps: which they have done (handed in or read)
 * and how far they are. A table on wide screens, a card per student under 768.
 */
export function ProgressTable({ bookId, steps }: { bookId: number; steps: TaskBookItem[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [page, setPage] = useState(1);
  const progress = useQuery({
    queryKey: taskBookKeys.progress(scope, bookId, page),
    // Students hand in and read all the time: ask again on every opening.
    staleTime: 0,
    queryFn: ({ signal }) =>
      getTaskBookProgress(scope, bookId, { page, perPage: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = progress.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((progress.data?.total ?? 0) / PAGE_SIZE));
  const doneSet = (row: TaskBookProgressRow) => new Set(row.done_items.map(stepKey));
  const name = (row: TaskBookProgressRow) => `${row.last_name} ${row.first_name}`;

  return (
    <section className={styles.section} aria-labelledby="taskbook-progress-heading">
      <Text
        as="h3"
        id="taskbook-progress-heading"
        size={500}
        weight="semibold"
        style={{ margin: 0 }}
      >
        {t('Progress of the students')}
      </Text>
      {progress.isError && <LoadError message={apiErrorText(progress.error)} />}
      {progress.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !progress.isError ? (
        <NothingFound />
      ) : narrow ? (
        <ul className={styles.cards} aria-label={t('Progress of the students')}>
          {rows.map((row) => {
            const done = doneSet(row);
            return (
              <li key={row.student_id} className={styles.card} data-testid="taskbook-progress-row">
                <Text weight="semibold">{name(row)}</Text>
                <Percent row={row} />
                <span className={styles.chips}>
                  {steps.map((step, index) => {
                    const isDone = done.has(stepKey(step));
                    return (
                      <span
                        key={stepKey(step)}
                        className={isDone ? `${styles.chip} ${styles.chipDone}` : styles.chip}
                      >
                        <span aria-hidden>{index + 1}</span>
                        <VisuallyHidden>
                          {`${step.title}: ${isDone ? t('Done') : t('Not done')}`}
                        </VisuallyHidden>
                      </span>
                    );
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        // A wide book scrolls sideways; the region takes the focus so keys can scroll it.
        <div
          className={styles.scroller}
          role="region"
          aria-labelledby="taskbook-progress-heading"
          tabIndex={0}
        >
          <Table aria-labelledby="taskbook-progress-heading" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('Student')}</TableHeaderCell>
                {steps.map((step, index) => (
                  <TableHeaderCell
                    key={stepKey(step)}
                    className={styles.stepHead}
                    title={step.title}
                  >
                    <span aria-hidden>{index + 1}</span>
                    <VisuallyHidden>{step.title}</VisuallyHidden>
                  </TableHeaderCell>
                ))}
                <TableHeaderCell style={{ width: '260px' }}>{t('Done')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const done = doneSet(row);
                return (
                  <TableRow key={row.student_id} data-testid="taskbook-progress-row">
                    <TableCell>{name(row)}</TableCell>
                    {steps.map((step) => (
                      <TableCell key={stepKey(step)} className={styles.mark}>
                        {done.has(stepKey(step)) ? (
                          <Checkmark16Filled role="img" aria-label={t('Done')} />
                        ) : (
                          <VisuallyHidden>{t('Not done')}</VisuallyHidden>
                        )}
                      </TableCell>
                    ))}
                    <TableCell>
                      <Percent row={row} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
