import { Button, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import {
  Alert24Regular,
  ArrowLeft24Regular,
  Chat24Regular,
  Dismiss24Regular,
  Navigation24Regular,
  Sparkle24Regular,
  Toolbox24Regular,
} from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RESTORE_FOCUS_TARGET } from './restoreFocus';
import { useNavigate } from 'react-router-dom';
import { BREAKPOINTS, TOP_BAR_SWITCH_WIDTH } from '../../../../shared/constants';
import { useServices } from '../services';
import { impersonationAtom } from '../state/atoms';
import type { TopBarActionsProps } from './TopBarActions';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { topBarLayoutFor } from './useViewportWidth';

const TopBarActions = lazy(() => import('./TopBarActions'));

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
  // The size and look of a subtle icon button, without being one (nothing to press yet).
  placeholder: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '40px',
    height: '32px',
    color: tokens.colorNeutralForeground2,
  },
  avatar: {
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
});

/** The right-hand buttons' icons, inert, until their chunk has arrived after the first paint. */
function ActionsPlaceholder({ messagesButton, assistantButton, toolsMenu }: TopBarActionsProps) {
  const styles = useStyles();
  const icons = [
    assistantButton && <Sparkle24Regular key="assistant" />,
    messagesButton && <Chat24Regular key="messages" />,
    <Alert24Regular key="notifications" />,
    toolsMenu && <Toolbox24Regular key="tools" />,
    <span key="profile" className={styles.avatar} />,
  ];
  return (
    <>
      {icons
        .filter((icon) => icon !== false)
        .map((icon) => (
          <span key={icon.key} className={styles.placeholder} aria-hidden>
            {icon}
          </span>
        ))}
    </>
  );
}

function DeferredActions(props: TopBarActionsProps) {
  const painted = useAfterFirstPaint();
  const placeholder = <ActionsPlaceholder {...props} />;
  return painted ? (
    <Suspense fallback={placeholder}>
      <TopBarActions {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}

export interface TopBarProps {
  title: string;
  width: number;
  showBack: boolean;
  userName: string;
  entryCount: number;
  /** The school has the assistant on (its setting ai_chatbot_enabled is the text true). */
  assistant: boolean;
  onOpenMenu: () => void;
}

/** The top bar of spec §2. */
export function TopBar({
  title,
  width,
  showBack,
  userName,
  entryCount,
  assistant,
  onOpenMenu,
}: TopBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { session } = useServices();
  const impersonation = useAtomValue(impersonationAtom);
  const layout = topBarLayoutFor(width);

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
            {...RESTORE_FOCUS_TARGET}
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
      <DeferredActions
        messagesButton={layout.messagesButton}
        assistantButton={assistant && width > TOP_BAR_SWITCH_WIDTH}
        toolsMenu={layout.toolsMenu}
        userName={userName}
        entryCount={entryCount}
      />
    </header>
  );
}
