import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { ResourceListView } from './ResourceListView';
import { useArea } from '../app/area/AreaContext';
import { definitionOf, type ResourceScreen } from './resourceScreen';

/** The list screen of a declared resource in a role area (house style rule 3). */
export function resourceListPage(screen: ResourceScreen): ComponentType {
  const resource = definitionOf(screen.resource);
  function ResourceListPage() {
    const { t } = useTranslation();
    const { basePath } = useArea();
    const detail = screen.detailPath ? `${basePath}/${screen.detailPath}` : undefined;
    return (
      <PageFrame title={t(resource.title)}>
        <ResourceListView
          resource={resource}
          hrefOf={detail ? (row) => `${detail}/${row.id}` : undefined}
          newHref={detail ? `${detail}/new` : undefined}
          copyHrefOf={detail ? (row) => `${detail}/new?copy=${row.id}` : undefined}
          selectable={screen.selectable ?? true}
          narrowLayout={screen.narrowLayout}
          transfer={screen.transfer}
          filterBar
        />
      </PageFrame>
    );
  }
  ResourceListPage.displayName = `ResourceListPage(${resource.name})`;
  return ResourceListPage;
}
