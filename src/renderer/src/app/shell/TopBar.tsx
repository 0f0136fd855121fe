import {
  Button,
  makeStyles,
  Text,
  Tooltip,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { ArrowLeft24Regular, Dismiss24Regular, Navigation24Regular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BREAKPOINTS } from '../../../../shared/constants';
import { MessagesButton } from '../../features/inbox/MessagesButton';
import { NotificationsButton } from '../../features/inbox/NotificationsButton';
import { useServices } from '../services';
import { impersonationAtom } from '../state/atoms';
import { ProfileMenu } from './ProfileMenu';
import { ToolsMenu } from './ToolsMenu';
import { topBarLayoutFor } from './useViewportWidth';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '56px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    position: 'relative',
    zIndex: 1,
  },
  title: {
    margin: `0 ${tokens.spacingHorizontalS}`,
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  mocking: {
    color: tokens.colorPaletteDarkOrangeForeground2,
    fontWeight: tokens.fontWeightRegular,
  },
});

export interface TopBarProps {
  title: string;
  width: number;
  showBack: boolean;
  userName: string;
  entryCount: number;
  onOpenMenu: () => void;
}

/** The top bar of spec §2. */
export function TopBar({ title, width, showBack, userName, entryCount, onOpenMenu }: TopBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { session } = useServices();
  const impersonation = useAtomValue(impersonationAtom);
  const layout = topBarLayoutFor(width);
  // The drawer it opens hands focus back here when it closes.
  const restoreFocusTarget = useRestoreFocusTarget();

  const closeImpersonation = () => {
    session.closeImpersonation();
    void navigate('/dashboard');
  };

  return (
    <header className={styles.bar}>
      {layout.menuButton && (
        <Tooltip content={t('Open menu')} relationship="label">
          <Button
            appearance="subtle"
            icon={<Navigation24Regular />}
            onClick={onOpenMenu}
            {...restoreFocusTarget}
            data-testid="menu-button"
          />
        </Tooltip>
      )}
      {showBack && (
        <Tooltip content={t('Back')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowLeft24Regular />}
            onClick={() => void navigate(-1)}
          />
        </Tooltip>
      )}
      <Text
        as="h1"
        size={500}
        weight="semibold"
        className={styles.title}
        data-testid="top-bar-title"
      >
        {title}
        {impersonation && <span className={styles.mocking}>{` (${t('mocking')})`}</span>}
      </Text>
      {impersonation && (
        <Button
          appearance="outline"
          icon={<Dismiss24Regular />}
          onClick={closeImpersonation}
          data-testid="close-impersonation"
          aria-label={width < BREAKPOINTS.sm ? t('Close impersonation') : undefined}
        >
          {width < BREAKPOINTS.sm ? null : t('Close impersonation')}
        </Button>
      )}
      {layout.messagesButton && <MessagesButton />}
      <NotificationsButton />
      {layout.toolsMenu && <ToolsMenu />}
      <ProfileMenu userName={userName} entryCount={entryCount} />
    </header>
  );
}
