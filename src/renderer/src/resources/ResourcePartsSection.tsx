import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListView } from './ResourceListView';
import { useArea } from '../app/area/AreaContext';
import { PartDialog, type PartEditing } from './PartDialog';
import { definitionOf, type ResourcePart } from './resourceScreen';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
});

/** The parts of a record on its screen (rooms of a building, sub-periods, timetable, rules). */
export function ResourcePartsSection({ part, parentId }: { part: ResourcePart; parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  const resource = definitionOf(part.resource);
  const [editing, setEditing] = useState<PartEditing | null>(null);
  return (
    <section className={styles.section} data-testid={`parts-${resource.name}`}>
      <Text as="h3" size={500} weight="semibold" className={styles.heading}>
        {t(resource.title)}
      </Text>
      <ResourceListView
        resource={resource}
        filters={{ [part.parentField]: parentId }}
        transfer={false}
        selectable={false}
        scrollHelper={false}
        onCreate={() => setEditing({ mode: 'create' })}
        hrefOf={part.route ? (row) => `${basePath}/${part.route}/${parentId}/${row.id}` : undefined}
        onOpen={part.route ? undefined : (row) => setEditing({ mode: 'update', id: row.id })}
      />
      <PartDialog
        resource={resource}
        parentField={part.parentField}
        parentId={parentId}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
