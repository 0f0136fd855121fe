import { Spinner, Toast, ToastTitle } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppToaster } from '../app/toaster';
import { PageFrame } from '../components/PageFrame';
import { apiErrorMessage, apiErrorText } from '../api/apiErrorText';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { formDefaults } from './formLogic';
import { recordTitle } from './listLogic';
import { LoadError, NoReadPermission } from './ListStates';
import { ResourceForm } from './ResourceForm';
import { useDeleteRecords } from './useDeleteRecords';
import { useResourceAccess } from './useResourceAccess';
import { useArea } from '../app/area/AreaContext';
import { recordAbilities } from './recordAbilities';
import { ResourcePartsSection } from './ResourcePartsSection';
import { definitionOf, type ResourceScreen } from './resourceScreen';
import { useRecordQuery } from './useRecordQuery';

/**
 * The screen of one record of a declared resource: its form (new, copy or existing), delete
 * with confirmation, and the lists of its parts.
 */
export function resourceDetailPage(screen: ResourceScreen): ComponentType {
  const resource = definitionOf(screen.resource);
  const useWithheldFields = screen.withheldFields ?? noFields;
  function ResourceDetailPage() {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const { basePath } = useArea();
    const { dispatchToast } = useAppToaster();
    const access = useResourceAccess(resource);
    const raw = useParams()[screen.idParam ?? 'id'];
    const [searchParams] = useSearchParams();
    const creating = raw === 'new';
    const id = creating ? null : Number(raw);
    const copyId = creating ? Number(searchParams.get('copy')) || null : null;
    const record = useRecordQuery(access.scope, id ?? copyId, access.read);
    const [createdId, setCreatedId] = useState<number | null>(null);
    const [confirming, setConfirming] = useState(false);
    const remove = useDeleteRecords(access.scope);
    const withheld = useWithheldFields();
    const listPath = `${basePath}/${screen.listPath}`;
    const detailPath = `${basePath}/${screen.detailPath ?? screen.listPath}`;

    // Navigate once the form has re-rendered as saved, so that the leave warning stays quiet.
    useEffect(() => {
      if (createdId !== null) void navigate(`${detailPath}/${createdId}`, { replace: true });
    }, [createdId, detailPath, navigate]);

    const initial = useMemo(
      () =>
        creating && record.data
          ? formDefaults(resource, record.data, { copy: true, role: access.scope.role })
          : undefined,
      [creating, record.data, access.scope.role],
    );

    if (!access.read) return <NoReadPermission />;
    if (!creating && !Number.isInteger(id)) return <LoadError message="Nothing Found" />;
    const loading = (id !== null || copyId !== null) && record.isPending;
    const title = creating
      ? `${t(resource.singular)} · ${t('New')}`
      : record.data
        ? recordTitle(resource, record.data) || t(resource.singular)
        : t(resource.singular);

    const confirmDelete = () =>
      remove.mutate([id!], {
        onSuccess: () => void navigate(listPath, { replace: true }),
        onError: (error) =>
          dispatchToast(
            <Toast>
              <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
            </Toast>,
            { intent: 'error' },
          ),
        onSettled: () => setConfirming(false),
      });

    const Actions = screen.actions;
    // Creating follows the user's permissions; an existing record says what may be done to it.
    const abilities = recordAbilities(record.data, access.write);
    const readOnly = creating ? !access.write : !abilities.update;
    return (
      <PageFrame title={title}>
        {record.isError ? (
          <LoadError message={apiErrorText(record.error)} />
        ) : loading ? (
          <Spinner label={t('Loading...')} />
        ) : (
          <ResourceForm
            key={`${id ?? 'new'}-${copyId ?? ''}`}
            resource={resource}
            scope={access.scope}
            mode={creating ? 'create' : 'update'}
            record={creating ? undefined : record.data}
            initial={initial}
            readOnly={readOnly}
            impliedFields={withheld}
            onSaved={(saved, mode) => mode === 'create' && setCreatedId(saved.id)}
            onDelete={creating || !abilities.delete ? undefined : () => setConfirming(true)}
            actions={!creating && Actions && record.data ? <Actions record={record.data} /> : null}
          />
        )}
        {!creating &&
          id !== null &&
          record.data &&
          screen.parts?.map((part) => (
            <ResourcePartsSection key={part.resource} part={part} parentId={id} />
          ))}
        {!creating &&
          id !== null &&
          record.data &&
          screen.sections?.map((Section, index) => <Section key={index} parentId={id} />)}
        <DeleteConfirmDialog
          open={confirming}
          name={record.data ? recordTitle(resource, record.data) : undefined}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmDelete}
        />
      </PageFrame>
    );
  }
  ResourceDetailPage.displayName = `ResourceDetailPage(${resource.name})`;
  return ResourceDetailPage;
}

const NO_FIELDS: readonly string[] = [];
const noFields = () => NO_FIELDS;
