import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  makeStyles,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Circle16Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskBookSummary } from '../../../../shared/api/taskbooks';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { Pager } from '../../components/Pager';
import { LoadError } from '../../resources/ListStates';
import { percentDone } from './stepOrder';
import { getTaskBook, listTaskBooks, taskBookKeys } from './taskbooksApi';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    marginBottom: tokens.spacingVerticalS,
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  meta: { color: tokens.colorNeutralForeground3 },
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  bar: { width: '160px', maxWidth: '40vw' },
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  step: { overflowWrap: 'anywhere' },
  stepLine: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  done: { color: tokens.colorPaletteGreenForeground1 },
  open: { color: tokens.colorNeutralForeground3 },
  description: { whiteSpace: 'pre-wrap', paddingBottom: tokens.spacingVerticalS },
});

/**
 * A student's task books in the study guide: each with how far they are; opening one lists its
 * steps in order, each marked and opening its task or chapter.
 */
export function StudentTaskBooks() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: taskBookKeys.list(scope, null, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listTaskBooks(scope, { lessonId: null, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  if (list.isSuccess && rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="student-taskbooks-heading">
      <Text
        as="h3"
        id="student-taskbooks-heading"
        size={500}
        weight="semibold"
        style={{ margin: 0 }}
      >
        {t('Task books')}
      </Text>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <Accordion collapsible multiple>
          {rows.map((book) => (
            <BookItem key={book.id} book={book} />
          ))}
        </Accordion>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function BookItem({ book }: { book: TaskBookSummary }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const done = book.progress?.done ?? 0;
  const total = book.progress?.total ?? 0;
  const words = t('{{done}} of {{total}} ({{percent}}%)', {
    done,
    total,
    percent: percentDone(done, total),
  });
  return (
    <AccordionItem value={book.id} className={styles.item} data-testid="student-taskbook">
      <AccordionHeader expandIconPosition="end">
        <span className={styles.header}>
          <Text weight="semibold">{book.title}</Text>
          <Text size={200} className={styles.meta}>
            {book.lesson_name}
          </Text>
          <span className={styles.progress}>
            <ProgressBar
              className={styles.bar}
              value={total === 0 ? 0 : done / total}
              thickness="large"
              aria-label={words}
            />
            <Text size={200} data-testid="student-taskbook-progress">
              {words}
            </Text>
          </span>
        </span>
      </AccordionHeader>
      <AccordionPanel>
        <BookSteps id={book.id} description={book.description} />
      </AccordionPanel>
    </AccordionItem>
  );
}

/** The steps of an opened book; fetched when it opens (the panel mounts then). */
function BookSteps({ id, description }: { id: number; description: string | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const record = useQuery({
    queryKey: taskBookKeys.one(scope, id),
    staleTime: 0,
    queryFn: ({ signal }) => getTaskBook(scope, id, signal),
  });
  if (record.isError) return <LoadError message={apiErrorText(record.error)} />;
  if (!record.data) return <Spinner size="tiny" label={t('Loading...')} />;
  return (
    <>
      {description && <Text className={styles.description}>{description}</Text>}
      <ol className={styles.steps} aria-label={t('Steps')}>
        {record.data.items.map((step) => (
          <li
            key={`${step.kind}:${step.id}`}
            className={styles.step}
            data-testid="student-taskbook-step"
          >
            <span className={styles.stepLine}>
              {step.done ? (
                <CheckmarkCircle16Filled
                  className={styles.done}
                  role="img"
                  aria-label={t('Done')}
                />
              ) : (
                <Circle16Regular className={styles.open} role="img" aria-label={t('Not done')} />
              )}
              <Text size={200}>{step.kind === 'task' ? t('Task') : t('Chapter')}:</Text>
              <AppLink
                to={
                  step.kind === 'task'
                    ? `${basePath}/task/${step.id}`
                    : `${basePath}/chapters/${step.id}`
                }
              >
                {step.title}
              </AppLink>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
