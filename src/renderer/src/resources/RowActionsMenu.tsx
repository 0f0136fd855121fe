import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import {
  Copy20Regular,
  Delete20Regular,
  MoreVertical20Regular,
  PersonArrowRight20Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/**
 * A row's action menu (spec §2): copy (a new record from this one) and delete; for an admin
 * on a list of people, also "view as this person".
 */
export function RowActionsMenu({
  name,
  onCopy,
  onDelete,
  onActAs,
}: {
  name: string;
  onCopy?: () => void;
  onDelete?: () => void;
  onActAs?: () => void;
}) {
  const { t } = useTranslation();
  const restoreFocusTarget = useRestoreFocusTarget();
  if (!onCopy && !onDelete && !onActAs) return null;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreVertical20Regular />}
          aria-label={t('Actions for {{name}}', { name })}
          // The delete confirmation a menu item opens hands focus back here.
          {...restoreFocusTarget}
          data-testid="row-menu"
          onClick={(event) => event.stopPropagation()}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {onCopy && (
            <MenuItem icon={<Copy20Regular />} onClick={onCopy} data-testid="row-copy">
              {t('Copy')}
            </MenuItem>
          )}
          {onActAs && (
            <MenuItem
              icon={<PersonArrowRight20Regular />}
              onClick={onActAs}
              data-testid="row-act-as"
            >
              {t('View as this person')}
            </MenuItem>
          )}
          {onDelete && (
            <MenuItem icon={<Delete20Regular />} onClick={onDelete} data-testid="row-delete">
              {t('Delete')}
            </MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
