import {
  Badge,
  Button,
  makeStyles,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Delete20Regular, Play20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { LoadError } from '../../resources/ListStates';
import { deletePackage, getPackage, scormKeys, updatePackage } from './scormApi';
import { ScormLearners } from './ScormLearners';
import { ScormPlayer } from './ScormPlayer';

const useStyles = makeStyles({
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A teacher's package: preview (nothing tracked), the gradebook switch, and each learner. */
export function ScormPackagePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().scorm_id);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const pkg = useQuery({
    queryKey: scormKeys.one(scope, id),
    queryFn: ({ signal }) => getPackage(scope, id, signal),
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: scormKeys.all(scope) });
  const gradebook = useMutation({
    mutationFn: (inGradebook: boolean) => updatePackage(scope, id, { in_gradebook: inGradebook }),
    onSuccess: () => void invalidate(),
  });
  const remove = useMutation({
    mutationFn: () => deletePackage(scope, id),
    onSuccess: async () => {
      await invalidate();
      void navigate(`${basePath}/scorm`);
    },
  });
  if (pkg.isError) return <LoadError message={apiErrorText(pkg.error)} />;
  if (pkg.isPending) return <Spinner label={t('Loading...')} />;
  const data = pkg.data;
  return (
    <PageFrame
      title={data.title}
      actions={
        data.abilities.delete && (
          <Button icon={<Delete20Regular />} onClick={() => setConfirming(true)}>
            {t('Delete')}
          </Button>
        )
      }
    >
      <div className={styles.facts}>
        <Text>{data.lesson_name}</Text>
        <Badge appearance="outline">SCORM {data.version}</Badge>
        <Text>{t('{{count}} files', { count: data.file_count })}</Text>
        {data.abilities.update && (
          <Switch
            checked={data.in_gradebook}
            disabled={gradebook.isPending}
            onChange={(_event, change) => gradebook.mutate(change.checked)}
            label={t('Count the best score in the gradebook')}
            data-testid="scorm-gradebook"
          />
        )}
      </div>
      {gradebook.isError && (
        <Text role="alert" className={styles.error}>
          {apiErrorMessage(gradebook.error, t)}
        </Text>
      )}
      {data.abilities.preview && (
        <section className={styles.section} aria-label={t('Preview')}>
          {previewing ? (
            <>
              <Text>{t('Preview: nothing you do here is recorded.')}</Text>
              <ScormPlayer packageId={id} title={data.title} />
              <Button onClick={() => setPreviewing(false)}>{t('Close preview')}</Button>
            </>
          ) : (
            <div>
              <Button
                appearance="primary"
                icon={<Play20Regular />}
                onClick={() => setPreviewing(true)}
                data-testid="scorm-preview"
              >
                {t('Preview')}
              </Button>
            </div>
          )}
        </section>
      )}
      {data.abilities.report && (
        <section className={styles.section} aria-labelledby="scorm-learners">
          <Text as="h3" size={500} weight="semibold" id="scorm-learners">
            {t('Learners')}
          </Text>
          <ScormLearners packageId={id} />
        </section>
      )}
      <DeleteConfirmDialog
        open={confirming}
        name={data.title}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </PageFrame>
  );
}
