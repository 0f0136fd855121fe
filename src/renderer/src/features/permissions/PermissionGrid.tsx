import {
  makeStyles,
  mergeClasses,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_RESOURCES, type PermissionResource } from '../../../../shared/permissions';
import { useAppToaster } from '../../app/toaster';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { LoadError } from '../../resources/ListStates';
import {
  createRecord,
  deleteRecord,
  updateRecord,
  type ResourceScope,
} from '../../resources/resourceApi';
import { recordAbilities } from '../../resources/recordAbilities';
import { useRecordQuery } from '../../resources/useRecordQuery';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { definitionOf } from '../../resources/resourceScreen';
import {
  NO_GRANT,
  PERMISSION_LABELS,
  ruleWrite,
  rulesByResource,
  switchGrant,
  type Grant,
  type StoredRule,
} from './permissionRules';
import { usePermissionsInvalidation } from './usePermissionsInvalidation';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  frame: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  frameWidth: { maxWidth: '640px' },
  switchColumn: { width: '88px' },
  centered: { justifyContent: 'center' },
  switchCell: { display: 'flex', justifyContent: 'center', alignItems: 'center' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * What a permission group's members may see and change: one row per permission resource with
 * Read and Write switches, each change stored at once as a permission_rules row. The members'
 * next requests and menus follow (the server reads the rules on every call).
 */
export function PermissionGrid({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const access = useResourceAccess(definitionOf('permission_rules'));
  // Whether the rules may change is the group's to say (its abilities: only an admin with full
  // access changes groups), not the caller's write permission on the screen.
  const groupAccess = useResourceAccess(definitionOf('permissions'));
  const group = useRecordQuery(groupAccess.scope, parentId, groupAccess.read);
  const editable = group.data ? recordAbilities(group.data, access.write).update : false;
  const list = useResourceList(
    access.scope,
    {
      search: '',
      sort: { field: 'resource', order: 'asc' },
      filters: { group_id: parentId },
      perPage: 100,
    },
    access.read,
    true,
  );
  const stored = useMemo(() => rulesByResource(list.rows), [list.rows]);
  if (!access.read) return null;
  return (
    <section className={styles.section} data-testid="permission-grid">
      <Text as="h3" size={500} weight="semibold" className={styles.heading}>
        {t('Access')}
      </Text>
      <Text size={200} className={styles.hint}>
        {t('What the members of this group may see and change. Changing includes seeing.')}
      </Text>
      {group.data && !editable && (
        <Text size={200} className={styles.hint} data-testid="permission-grid-read-only">
          {t('Only an admin with full access changes permission groups.')}
        </Text>
      )}
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <div className={mergeClasses(styles.frame, styles.frameWidth)}>
          <Table size="small" aria-label={t('Access')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('Area')}</TableHeaderCell>
                <TableHeaderCell
                  className={styles.switchColumn}
                  button={{ className: styles.centered }}
                >
                  {t('Read')}
                </TableHeaderCell>
                <TableHeaderCell
                  className={styles.switchColumn}
                  button={{ className: styles.centered }}
                >
                  {t('Write')}
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {PERMISSION_RESOURCES.map((resource) => (
                <PermissionGridRow
                  key={resource}
                  scope={access.scope}
                  groupId={parentId}
                  resource={resource}
                  stored={stored.get(resource)}
                  editable={editable}
                />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function PermissionGridRow({
  scope,
  groupId,
  resource,
  stored,
  editable,
}: {
  scope: ResourceScope;
  groupId: number;
  resource: PermissionResource;
  stored: StoredRule | undefined;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const invalidation = usePermissionsInvalidation();
  const { dispatchToast } = useAppToaster();
  const save = useMutation({
    mutationFn: async (next: Grant) => {
      const write = ruleWrite(groupId, resource, stored, next);
      if (write.kind === 'create') await createRecord(scope, write.body);
      else if (write.kind === 'update') await updateRecord(scope, write.id, write.body);
      else if (write.kind === 'delete') await deleteRecord(scope, write.id);
    },
    onError: (error) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
        </Toast>,
        { intent: 'error' },
      ),
    onSettled: () => invalidation.afterRuleChange(scope),
  });
  const grant = save.isPending && save.variables ? save.variables : (stored ?? NO_GRANT);
  const label = t(PERMISSION_LABELS[resource]);
  const toggle = (column: keyof Grant, on: boolean) => save.mutate(switchGrant(grant, column, on));
  return (
    <TableRow data-testid={`permission-row-${resource}`}>
      <TableCell>
        <span className={styles.name}>
          {label}
          {save.isPending && <Spinner size="extra-tiny" aria-label={t('Saving...')} />}
        </span>
      </TableCell>
      {(['read', 'write'] as const).map((column) => (
        <TableCell key={column} className={styles.switchColumn}>
          <span className={styles.switchCell}>
            <Switch
              checked={grant[column]}
              disabled={!editable || save.isPending}
              onChange={(_e, data) => toggle(column, data.checked)}
              aria-label={`${label}: ${column === 'read' ? t('Read') : t('Write')}`}
              data-testid={`permission-${resource}-${column}`}
            />
          </span>
        </TableCell>
      ))}
    </TableRow>
  );
}
