import { makeStyles, ProgressBar, Spinner, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskBookSummary } from '../../../../shared/api/taskbooks';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { percentDone } from './stepOrder';
import { listChildTaskBooks, taskBookKeys } from './taskbooksApi';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  progress: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: '180px',
  },
  bar: { flexGrow: 1, minWidth: '60px' },
  words: { whiteSpace: 'nowrap' },
});

/** Under a parent's view of their child: the child's task books and how far the child is. */
export function ChildTaskBooksSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: taskBookKeys.child(scope, parentId, page),
    staleTime: 0,
    queryFn: ({ signal }) =>
      listChildTaskBooks(scope, parentId, { page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const columns: SimpleColumn<TaskBookSummary>[] = [
    { id: 'title', label: t('Task book'), width: '36%', cell: (row) => row.title },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    {
      id: 'progress',
      label: t('Progress'),
      cell: (row) => {
        const done = row.progress?.done ?? 0;
        const total = row.progress?.total ?? 0;
        const words = t('{{done}} of {{total}} ({{percent}}%)', {
          done,
          total,
          percent: percentDone(done, total),
        });
        return (
          <span className={styles.progress}>
            <ProgressBar
              className={styles.bar}
              value={total === 0 ? 0 : done / total}
              thickness="large"
              aria-label={words}
            />
            <Text className={styles.words} data-testid="child-taskbook-progress">
              {words}
            </Text>
          </span>
        );
      },
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="child-taskbooks-heading">
      <Text as="h3" id="child-taskbooks-heading" size={500} weight="semibold" style={{ margin: 0 }}>
        {t('Task books')}
      </Text>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Task books')}
          testId="child-taskbook-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
