import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { Delete16Regular, Edit16Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateMaterial as Material } from '../../../../shared/api/lessons';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { LoadError } from '../../resources/ListStates';
import {
  getTemplateMaterial,
  lessonKeys,
  removeTemplateItem,
  type TemplateItemKind,
} from './lessonsApi';
import { TemplateItemDialog } from './TemplateItemDialog';

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
  editable: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
  },
  itemText: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What a lesson made from a template gets: its chapters and its tasks with their days. */
export function TemplateMaterialView({
  material,
  withDescription = true,
  editable = false,
}: {
  material: Material;
  /** False under the office's form, which shows the description already. */
  withDescription?: boolean;
  /** Offers Edit and Delete per chapter and task where the server allows it. */
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const edits = editable && material.abilities.edit_material;
  const Item = ({ kind, id, title, children }: ItemProps) =>
    edits ? (
      <EditableItem kind={kind} templateId={material.id} id={id} title={title}>
        {children}
      </EditableItem>
    ) : (
      <li className={styles.item} data-testid={`template-${kind}`}>
        {children}
      </li>
    );
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
            <Item key={chapter.id} kind="chapter" id={chapter.id} title={chapter.title}>
              {chapter.title}
            </Item>
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
            <Item key={task.id} kind="task" id={task.id} title={task.title}>
              {task.title}{' '}
              <Text size={200} className={styles.muted}>
                {t('{{points}} points, opens on day {{opens}}, due on day {{due}}', {
                  points: task.points,
                  opens: task.open_offset_days,
                  due: task.due_offset_days,
                })}
              </Text>
            </Item>
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
      <TemplateMaterialView material={material.data} withDescription={false} editable />
    </section>
  );
}

interface ItemProps {
  kind: TemplateItemKind;
  id: number;
  title: string;
  children: ReactNode;
}

/** A chapter or task of the template with Edit (a dialog) and Delete (after asking). */
function EditableItem({
  kind,
  templateId,
  id,
  title,
  children,
}: ItemProps & { templateId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeTemplateItem(scope, kind, id),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: lessonKeys.material(scope, templateId) });
      announce(t('Deleted'));
    },
  });
  return (
    <li className={styles.editable} data-testid={`template-${kind}`}>
      <span className={styles.itemText}>{children}</span>
      <Button
        size="small"
        icon={<Edit16Regular />}
        aria-label={t('Edit {{name}}', { name: title })}
        onClick={() => setEditing(true)}
        data-testid="template-item-edit"
      >
        {t('Edit')}
      </Button>
      <Button
        size="small"
        icon={<Delete16Regular />}
        aria-label={t('Delete {{name}}', { name: title })}
        onClick={() => setConfirming(true)}
        data-testid="template-item-delete"
      >
        {t('Delete')}
      </Button>
      {remove.isError && <LoadError message={apiErrorText(remove.error)} />}
      {editing && (
        <TemplateItemDialog
          kind={kind}
          templateId={templateId}
          itemId={id}
          onClose={() => setEditing(false)}
        />
      )}
      <DeleteConfirmDialog
        open={confirming}
        name={title}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
