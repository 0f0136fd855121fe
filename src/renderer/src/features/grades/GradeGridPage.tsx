import { Badge, Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import type { Gradebook } from '../../../../shared/api/grades';
import { CategoryDialog } from './CategoryDialog';
import { GradebookSetup } from './GradebookSetup';
import { GradeGrid } from './GradeGrid';
import type { SetupDialog } from './gradeSetup';
import { getGradebook, gradeKeys } from './gradesApi';
import { ItemDialog } from './ItemDialog';
import { DeleteCategoryDialog, DeleteItemDialog } from './SetupDeleteDialogs';
import { SubPeriodPicker } from './SubPeriodPicker';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    // A long sub-period name must not push the page wider than a phone.
    '& > *': { minWidth: 0, maxWidth: '100%' },
  },
  adds: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The set-up dialog that is open, over the gradebook it changes. */
function OpenDialog({
  book,
  dialog,
  onClose,
}: {
  book: Gradebook;
  dialog: SetupDialog;
  onClose: () => void;
}) {
  switch (dialog.kind) {
    case 'category':
      return <CategoryDialog book={book} category={dialog.category} onClose={onClose} />;
    case 'item':
      return <ItemDialog book={book} item={dialog.item} onClose={onClose} />;
    case 'delete-category':
      return <DeleteCategoryDialog book={book} category={dialog.category} onClose={onClose} />;
    case 'delete-item':
      return <DeleteItemDialog book={book} item={dialog.item} onClose={onClose} />;
  }
}

/** Teacher `grades/{lesson_id}`: the lesson's grade grid in the chosen sub-period. */
export function GradeGridPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const lessonId = Number(useParams().lesson_id);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('sub_period');
  const subPeriodId = asked && /^\d+$/.test(asked) ? Number(asked) : null;
  const queryKey = gradeKeys.book(scope, lessonId, subPeriodId);
  const book = useQuery({
    queryKey,
    queryFn: ({ signal }) => getGradebook(scope, lessonId, subPeriodId, signal),
    // Read again on every opening: the copy kept for offline use may predate the last saves
    // (it is written once a second), and other teachers change the same gradebook.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const data = book.data;
  const [dialog, setDialog] = useState<SetupDialog | null>(null);
  return (
    <PageFrame
      title={data ? t('Grades: {{lesson}}', { lesson: data.lesson.name }) : t('Grades')}
      actions={<AppLink to={`${basePath}/grades`}>{t('All gradebooks')}</AppLink>}
    >
      {book.isError && <LoadError message={apiErrorText(book.error)} />}
      {book.isPending && <Spinner label={t('Loading...')} />}
      {data && (
        <>
          <div className={styles.bar}>
            <SubPeriodPicker
              subPeriods={data.sub_periods}
              value={data.sub_period.id}
              onChange={(id) => setSearch({ sub_period: String(id) }, { replace: true })}
            />
            {data.sub_period.closed && (
              <Badge appearance="tint" color="warning" data-testid="grades-closed">
                {t('Closed: read-only')}
              </Badge>
            )}
            {data.abilities.update && (
              <span className={styles.adds}>
                <Button
                  icon={<Add20Regular />}
                  onClick={() => setDialog({ kind: 'item', item: null })}
                  data-testid="add-grade-item"
                >
                  {t('Add a grade item')}
                </Button>
                <Button
                  icon={<Add20Regular />}
                  onClick={() => setDialog({ kind: 'category', category: null })}
                  data-testid="add-grade-category"
                >
                  {t('Add a category')}
                </Button>
              </span>
            )}
          </div>
          <GradebookSetup book={data} onOpen={setDialog} />
          {dialog && <OpenDialog book={data} dialog={dialog} onClose={() => setDialog(null)} />}
          {data.students.length === 0 ? (
            <NothingFound />
          ) : (
            <GradeGrid
              key={data.sub_period.id}
              book={data}
              queryKey={queryKey}
              onEditItem={(item) => setDialog({ kind: 'item', item })}
              studentPath={(studentId) => `${basePath}/lesson/${lessonId}/student/${studentId}`}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}
