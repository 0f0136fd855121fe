import { Spinner, Tab, TabList } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { LoadError } from '../../resources/ListStates';
import { SubmissionsTab } from './SubmissionsTab';
import { TaskForm } from './TaskForm';
import { getTask, taskKeys } from './tasksApi';

/** The teacher's task: its settings, and (once it exists) the class's submissions. */
export function TaskEditPage() {
  const param = useParams().task_id;
  const id = param === 'new' ? null : Number(param);
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  // The tab is kept in the address, so that a reload or a shared link opens the same one.
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'submissions' ? 'submissions' : 'details';
  const record = useQuery({
    queryKey: taskKeys.one(scope, id ?? 0),
    queryFn: ({ signal }) => getTask(scope, id!, signal),
    enabled: id !== null && Number.isInteger(id),
  });
  if (id === null)
    return (
      <PageFrame title={t('New task')}>
        <TaskForm task={null} />
      </PageFrame>
    );
  const task = record.data;
  return (
    <PageFrame title={task?.title || t('Task')}>
      {record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !task ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <TabList
            selectedValue={tab}
            onTabSelect={(_event, data) =>
              setSearch(data.value === 'submissions' ? { tab: 'submissions' } : {}, {
                replace: true,
              })
            }
          >
            <Tab value="details" data-testid="tab-details">
              {t('Details')}
            </Tab>
            <Tab value="submissions" data-testid="tab-submissions">
              {t('Submissions')}
            </Tab>
          </TabList>
          {tab === 'details' ? (
            <TaskForm task={task} key={task.updated_at} />
          ) : (
            <SubmissionsTab task={task} />
          )}
        </>
      )}
    </PageFrame>
  );
}
