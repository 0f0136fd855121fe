import {
  Badge,
  Checkbox,
  Field,
  Input,
  makeStyles,
  SearchBox,
  Select,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { Warning16Filled } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AbsenceRow } from '../../../../shared/api/attendance';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { LessonFilter } from '../lessons/LessonFilter';
import { useLessonChoices } from '../lessons/useLessonChoices';
import { attendanceKeys, listAbsences, listLevels, type AbsencesFilter } from './attendanceApi';
import { JustifiedBadge } from './JustifiedBadge';
import { STATUS_LABELS } from './statusLabels';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 270px), 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    alignItems: 'end',
  },
  student: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  // Fluent's search box and date inputs keep an intrinsic width; the grid's column decides.
  control: { width: '100%', maxWidth: 'none', minWidth: 0 },
});

type Justification = 'all' | 'justified' | 'unjustified';

/**
 * The office's absences (spec §2 admin `absences`): newest first, filtered by dates, lesson,
 * level, justification and the student's name; a student whose unjustified absences in a
 * lesson reach the school's threshold is marked, and can be listed alone.
 */
export function AbsencesPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  const [justification, setJustification] = useState<Justification>('all');
  const [overOnly, setOverOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const lessons = useLessonChoices();
  const levels = useQuery({
    queryKey: attendanceKeys.levels(scope),
    queryFn: ({ signal }) => listLevels(scope, signal),
    staleTime: 5 * 60_000,
  });
  const query: AbsencesFilter = {
    page,
    per_page: LIST_PAGE_SIZE,
    from: from || undefined,
    to: to || undefined,
    lesson_id: lessonId ?? undefined,
    level_id: levelId ?? undefined,
    justified: justification === 'all' ? undefined : justification === 'justified',
    over_threshold: overOnly || undefined,
    search: settledSearch || undefined,
  };
  const list = useQuery({
    queryKey: attendanceKeys.list(scope, query),
    staleTime: 0,
    queryFn: ({ signal }) => listAbsences(scope, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  // Every filter starts the list again from its first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const columns: SimpleColumn<AbsenceRow>[] = [
    {
      id: 'student',
      label: t('Student'),
      width: '28%',
      cell: (row) => (
        <span className={styles.student}>
          <AppLink to={`${basePath}/absence/${row.student_id}`}>
            {`${row.last_name} ${row.first_name}`}
          </AppLink>
          {row.over_threshold && (
            <Badge
              appearance="tint"
              color="danger"
              icon={<Warning16Filled />}
              data-testid="absence-over-threshold"
            >
              {t('Over the threshold ({{count}} unjustified)', {
                count: row.unjustified_in_lesson,
              })}
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'date', label: t('Date'), cell: (row) => formatLongDate(row.date, i18n.language) },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    { id: 'level', label: t('Level'), cell: (row) => row.level_name ?? '–' },
    {
      id: 'justified',
      label: t('Justification'),
      cell: (row) =>
        row.status === 'absent' ? (
          <JustifiedBadge justified={row.justified} />
        ) : (
          t(STATUS_LABELS[row.status])
        ),
    },
  ];

  return (
    <PageFrame title={t('Absences')}>
      <div className={styles.filters} role="search" aria-label={t('Filter absences')}>
        <Field label={t('Search students')}>
          <SearchBox
            className={styles.control}
            value={search}
            onChange={(_event, data) => filter(setSearch)(data.value)}
            dismiss={{ 'aria-label': t('Clear search') }}
            data-testid="absences-search"
          />
        </Field>
        <Field label={t('From')}>
          <Input
            className={styles.control}
            type="date"
            value={from}
            onChange={(_event, data) => filter(setFrom)(data.value)}
            data-testid="absences-from"
          />
        </Field>
        <Field label={t('To')}>
          <Input
            className={styles.control}
            type="date"
            value={to}
            onChange={(_event, data) => filter(setTo)(data.value)}
            data-testid="absences-to"
          />
        </Field>
        <LessonFilter
          lessons={lessons.data ?? []}
          value={lessonId}
          onChange={filter(setLessonId)}
        />
        <Field label={t('Level')}>
          <Select
            value={levelId === null ? '' : String(levelId)}
            onChange={(_event, data) => filter(setLevelId)(data.value ? Number(data.value) : null)}
            data-testid="absences-level"
          >
            <option value="">{t('All levels')}</option>
            {(levels.data ?? []).map((level) => (
              <option key={level.id} value={level.id}>
                {level.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('Justification')}>
          <Select
            value={justification}
            onChange={(_event, data) => filter(setJustification)(data.value as Justification)}
            data-testid="absences-justified"
          >
            <option value="all">{t('Justified or not')}</option>
            <option value="justified">{t('Justified')}</option>
            <option value="unjustified">{t('Unjustified')}</option>
          </Select>
        </Field>
        <Checkbox
          checked={overOnly}
          onChange={(_event, data) => filter(setOverOnly)(data.checked === true)}
          label={t('Only students over the threshold')}
          data-testid="absences-over"
        />
      </div>
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
          label={t('Absences')}
          testId="absence-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </PageFrame>
  );
}
