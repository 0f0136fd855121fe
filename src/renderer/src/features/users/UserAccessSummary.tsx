import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ShieldCheckmark16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/constants';
import { ROLE_LABELS } from '../../app/roleLabels';

const useStyles = makeStyles({
  line: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface UserAccessRow {
  roles: Role[];
  full_access: boolean;
}

/** An account's roles here, then for an admin: full access, or the permission groups held. */
export function UserAccessSummary({
  user,
  groups,
}: {
  user: UserAccessRow;
  /** The account's group names; null when the caller may not read the groups. */
  groups: string[] | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const admin = user.roles.includes('admin');
  return (
    <span className={styles.line}>
      {user.roles.map((role) => (
        <Badge key={role} appearance="tint" color="informative" data-testid={`user-role-${role}`}>
          {t(ROLE_LABELS[role])}
        </Badge>
      ))}
      {admin && user.full_access && (
        <Badge
          appearance="filled"
          color="brand"
          icon={<ShieldCheckmark16Regular />}
          data-testid="user-full-access"
        >
          {t('Full access')}
        </Badge>
      )}
      {admin && !user.full_access && groups !== null && (
        <Text size={200} className={styles.muted} data-testid="user-groups">
          {groups.length > 0
            ? t('Groups: {{names}}', { names: groups.join(', ') })
            : t('No permission group: no rights')}
        </Text>
      )}
    </span>
  );
}
