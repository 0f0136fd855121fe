import { Spinner, Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { APP_TOASTER } from '../../app/toaster';
import { PageFrame } from '../../components/PageFrame';
import { apiErrorText } from '../../components/resources/apiErrorText';
import { DeleteConfirmDialog } from '../../components/resources/DeleteConfirmDialog';
import { formDefaults } from '../../components/resources/formLogic';
import { recordTitle } from '../../components/resources/listLogic';
import { LoadError, NoReadPermission } from '../../components/resources/ListStates';
import { ResourceForm } from '../../components/resources/ResourceForm';
import { useDeleteRecords } from '../../components/resources/useDeleteRecords';
import { useResourceAccess } from '../../components/resources/useResourceAccess';
import { useArea } from '../area/AreaContext';
import { ResourcePartsSection } from './ResourcePartsSection';
import { definitionOf, type ResourceScreen } from './resourceScreen';
import { useRecordQuery } from './useRecordQuery';

/**
 * The screen of one record of a declared resource: its form (new, copy or existing), delete
 * with confirmation, and the lists of its parts.
 */
export function resourceDetailPage(screen: ResourceScreen): ComponentType {
  const resource = definitionOf(screen.resource);
  function ResourceDetailPage() {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const { basePath } = useArea();
    const { dispatchToast } = useToastController(APP_TOASTER);
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
    const listPath = `${basePath}/${screen.listPath}`;
    const detailPath = `${basePath}/${screen.detailPath ?? screen.listPath}`;

    // Navigate once the form has re-rendered as saved, so that the leave warning stays quiet.
    useEffect(() => {
      if (createdId !== null) void navigate(`${detailPath}/${createdId}`, { replace: true });
    }, [createdId, detailPath, navigate]);

    const initial = useMemo(
      () =>
        creating && record.data ? formDefaults(resource, record.data, { copy: true }) : undefined,
      [creating, record.data],
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
              <ToastTitle>{t(apiErrorText(error))}</ToastTitle>
            </Toast>,
            { intent: 'error' },
          ),
        onSettled: () => setConfirming(false),
      });

    const Actions = screen.actions;
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
            readOnly={!access.write}
            hiddenFields={screen.hiddenFields}
            onSaved={(saved, mode) => mode === 'create' && setCreatedId(saved.id)}
            onDelete={creating ? undefined : () => setConfirming(true)}
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
