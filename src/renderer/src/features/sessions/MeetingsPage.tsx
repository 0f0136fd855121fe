import { Spinner, Tab, TabList } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MEETING_LISTS, type SessionSummary } from '../../../../shared/api/sessions';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { msg } from '../../i18n/msg';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { PlanSessionButton } from './PlanSessionDialog';
import { SessionStateBadge, useSessionTimes } from './SessionBits';
import { listMeetings, sessionKeys } from './sessionsApi';

type MeetingList = (typeof MEETING_LISTS)[number];
const LIST_LABELS: Record<MeetingList, string> = {
  upcoming: msg('Upcoming'),
  live: msg('Live now'),
  past: msg('Past'),
};

/** The teacher's `meetings` (spec §2): their lessons' sessions and staff meetings. */
export function MeetingsPage() {
  const { t } = useTranslation();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [search, setSearch] = useSearchParams();
  const asked = search.get('list') as MeetingList | null;
  const list: MeetingList = asked && MEETING_LISTS.includes(asked) ? asked : 'upcoming';
  const [page, setPage] = useState(1);
  const times = useSessionTimes();
  const query = useQuery({
    queryKey: sessionKeys.meetings(scope, list, page),
    queryFn: ({ signal }) => listMeetings(scope, { list, page, perPage: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: list === 'live' ? 15_000 : false,
  });
  const rows = query.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / LIST_PAGE_SIZE));

  const columns: SimpleColumn<SessionSummary>[] = [
    {
      id: 'title',
      label: t('Title'),
      width: '28%',
      cell: (row) => <AppLink to={`${basePath}/meetings/${row.id}`}>{row.title}</AppLink>,
    },
    {
      id: 'lesson',
      label: t('Lesson'),
      cell: (row) => row.lesson_name ?? t('Staff meeting'),
    },
    { id: 'when', label: t('When'), cell: (row) => times(row) },
    { id: 'state', label: t('State'), cell: (row) => <SessionStateBadge state={row.state} /> },
    {
      id: 'people',
      label: t('In the call now'),
      cell: (row) => (row.state === 'live' ? String(row.in_now) : '–'),
    },
    {
      id: 'open',
      label: t('Session'),
      cell: (row) =>
        row.abilities.join ? (
          <AppLink to={`${basePath}/session/${row.id}`}>
            {row.state === 'live' ? t('Join') : t('Open')}
          </AppLink>
        ) : (
          '–'
        ),
    },
  ];

  return (
    <PageFrame title={t('Meetings')} actions={<PlanSessionButton />}>
      <TabList
        selectedValue={list}
        onTabSelect={(_event, data) => {
          setPage(1);
          setSearch(data.value === 'upcoming' ? {} : { list: String(data.value) });
        }}
        aria-label={t('Meetings')}
      >
        {MEETING_LISTS.map((value) => (
          <Tab key={value} value={value} data-testid={`meetings-tab-${value}`}>
            {t(LIST_LABELS[value])}
          </Tab>
        ))}
      </TabList>
      {query.isError ? (
        <LoadError message={apiErrorText(query.error)} />
      ) : query.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 ? (
        <NothingFound />
      ) : (
        <>
          <SimpleList
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            label={t(LIST_LABELS[list])}
            testId="meeting-row"
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </PageFrame>
  );
}
