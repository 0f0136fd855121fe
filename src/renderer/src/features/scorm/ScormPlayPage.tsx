import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { LoadError } from '../../resources/ListStates';
import { getPackage, scormKeys } from './scormApi';
import { ScormPlayer } from './ScormPlayer';
import { durationText, scoreText, statusColor, statusLabel } from './standingText';

const useStyles = makeStyles({
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

/** A student plays a package of their lesson; every commit is stored, and it resumes later. */
export function ScormPlayPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().scorm_id);
  const pkg = useQuery({
    queryKey: scormKeys.one(scope, id),
    queryFn: ({ signal }) => getPackage(scope, id, signal),
  });
  if (pkg.isError) return <LoadError message={apiErrorText(pkg.error)} />;
  if (pkg.isPending) return <Spinner label={t('Loading...')} />;
  const data = pkg.data;
  const standing = data.standing;
  return (
    <PageFrame title={data.title}>
      <div className={styles.facts} aria-live="polite" data-testid="scorm-standing">
        <Text>{data.lesson_name}</Text>
        {standing && (
          <>
            <Badge appearance="tint" color={statusColor(standing.status)}>
              {statusLabel(standing.status, t)}
            </Badge>
            <Text>
              {t('Score')}: {scoreText(standing.score_percent, i18n.language)}
            </Text>
            <Text>
              {t('Time spent')}: {durationText(standing.total_seconds, t)}
            </Text>
          </>
        )}
      </div>
      {data.abilities.play || data.abilities.preview ? (
        <ScormPlayer
          packageId={id}
          title={data.title}
          onCommitted={(next) =>
            queryClient.setQueryData(scormKeys.one(scope, id), { ...data, standing: next })
          }
        />
      ) : null}
    </PageFrame>
  );
}
