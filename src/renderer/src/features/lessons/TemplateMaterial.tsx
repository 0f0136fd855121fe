import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemplateMaterial as Material } from '../../../../shared/api/lessons';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { LoadError } from '../../resources/ListStates';
import { getTemplateMaterial, lessonKeys } from './lessonsApi';

const useStyles = makeStyles({
  material: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What a lesson made from a template gets: its chapters and its tasks with their days. */
export function TemplateMaterialView({
  material,
  withDescription = true,
}: {
  material: Material;
  /** False under the office's form, which shows the description already. */
  withDescription?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.material} data-testid="template-material">
      {withDescription && material.description && <Text>{material.description}</Text>}
      <Text as="h3" weight="semibold" className={styles.heading}>
        {t('Chapters ({{count}})', { count: material.chapters.length })}
      </Text>
      {material.chapters.length === 0 ? (
        <Text className={styles.muted}>{t('No chapters in this template.')}</Text>
      ) : (
        <ol className={styles.list}>
          {material.chapters.map((chapter) => (
            <li key={chapter.id} className={styles.item} data-testid="template-chapter">
              {chapter.title}
            </li>
          ))}
        </ol>
      )}
      <Text as="h3" weight="semibold" className={styles.heading}>
        {t('Tasks ({{count}})', { count: material.tasks.length })}
      </Text>
      {material.tasks.length === 0 ? (
        <Text className={styles.muted}>{t('No tasks in this template.')}</Text>
      ) : (
        <ol className={styles.list}>
          {material.tasks.map((task) => (
            <li key={task.id} className={styles.item} data-testid="template-task">
              {task.title}{' '}
              <Text size={200} className={styles.muted}>
                {t('{{points}} points, opens on day {{opens}}, due on day {{due}}', {
                  points: task.points,
                  opens: task.open_offset_days,
                  due: task.due_offset_days,
                })}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A template's material, loaded (the admin's template record shows it under the form). */
export function TemplateMaterialSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const material = useQuery({
    queryKey: lessonKeys.material(scope, parentId),
    queryFn: ({ signal }) => getTemplateMaterial(scope, parentId, signal),
  });
  if (material.isError) return <LoadError message={apiErrorText(material.error)} />;
  if (!material.data) return <Spinner label={t('Loading...')} />;
  return (
    <section aria-label={t('Template material')}>
      <TemplateMaterialView material={material.data} withDescription={false} />
    </section>
  );
}
