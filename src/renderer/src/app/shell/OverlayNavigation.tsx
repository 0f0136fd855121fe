import {
  makeStyles,
  OverlayDrawer,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH_BIG } from '../../../../shared/constants';
import { NavigationDrawer, type NavigationDrawerProps } from './NavigationDrawer';

const useStyles = makeStyles({
  overlay: { backgroundColor: tokens.colorNeutralBackgroundInverted },
});

export interface OverlayNavigationProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  drawerProps: Omit<NavigationDrawerProps, 'size' | 'onToggleSize' | 'onNavigate'>;
  /** In 'toggle' mode the drawer's own button closes it again. */
  closeButton: boolean;
}

/**
 * The big drawer over the page (narrow windows, and the rail's button). A chunk of its own,
 * loaded once the area's first screen has painted: closed, it draws nothing.
 */
export default function OverlayNavigation({
  open,
  onOpenChange,
  drawerProps,
  closeButton,
}: OverlayNavigationProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Creates tabster's restorer, which hands focus back on close to the button that opened the
  // drawer (marked with RESTORE_FOCUS_TARGET, see restoreFocus.ts); this chunk comes after the
  // first paint, before anyone can open the drawer.
  useRestoreFocusTarget();
  return (
    <OverlayDrawer
      open={open}
      onOpenChange={(_event, data) => onOpenChange(data.open)}
      style={{ width: DRAWER_WIDTH_BIG, maxWidth: '85vw' }}
      className={styles.overlay}
      aria-label={t('Main menu')}
    >
      <NavigationDrawer
        {...drawerProps}
        size="big"
        onToggleSize={closeButton ? () => onOpenChange(false) : undefined}
        onNavigate={() => onOpenChange(false)}
      />
    </OverlayDrawer>
  );
}
