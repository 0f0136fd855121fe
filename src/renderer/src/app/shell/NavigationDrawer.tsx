import {
  Button,
  makeStyles,
  mergeClasses,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { PanelLeftContract24Regular, PanelLeftExpand24Regular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { RESTORE_FOCUS_TARGET } from './restoreFocus';
import { NavLink, useLocation } from 'react-router-dom';
import { DRAWER_WIDTH_BIG, DRAWER_WIDTH_SMALL } from '../../../../shared/constants';
import { fileUrl } from '../../api/files';
import schoolDefault from '../../assets/school-default.svg';
import type { MenuItem } from '../area/areaTypes';
import { impersonationAtom } from '../state/atoms';

const useStyles = makeStyles({
  drawer: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
    overflow: 'hidden',
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    flexShrink: 0,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    minHeight: '56px',
    boxSizing: 'border-box',
  },
  headerSmall: { flexDirection: 'column', padding: `${tokens.spacingVerticalM} 0` },
  logo: {
    width: '40px',
    height: '40px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#ffffff',
    flexShrink: 0,
  },
  names: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  schoolName: { opacity: 0.8 },
  schoolLink: { color: 'inherit', textDecorationLine: 'underline' },
  toggle: { color: 'inherit', flexShrink: 0 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    overflowY: 'auto',
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '40px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    color: 'inherit',
    textDecorationLine: 'none',
    borderLeft: '4px solid transparent',
    ':hover': { backgroundColor: 'rgba(255, 255, 255, 0.08)' },
    ':focus-visible': {
      outline: `2px solid ${tokens.colorNeutralForegroundInverted}`,
      outlineOffset: '-2px',
    },
  },
  itemSmall: { justifyContent: 'center', padding: tokens.spacingVerticalS },
  active: {
    backgroundColor: 'rgba(255, 255, 255, 0.14)',
    borderLeft: `4px solid ${tokens.colorPaletteDarkOrangeBorderActive}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '24px', flexShrink: 0 },
});

export interface NavigationDrawerProps {
  size: 'big' | 'small';
  basePath: string;
  items: readonly MenuItem[];
  userName: string;
  schoolName: string;
  /** The school's page, when the area has one: the school's name links to it. */
  schoolPath?: string;
  logo: string | null;
  /** Shown when the width allows switching sizes (above 992). */
  onToggleSize?: () => void;
  onNavigate?: () => void;
}

/** The drawer of spec §2: name (or the impersonated name) and logo, the visible items. */
export function NavigationDrawer(props: NavigationDrawerProps) {
  const { size, basePath, items, userName, schoolName, schoolPath, logo } = props;
  const { onToggleSize, onNavigate } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const impersonation = useAtomValue(impersonationAtom);
  const { pathname } = useLocation();
  const big = size === 'big';
  const shownName = impersonation?.name ?? userName;

  const toggle = onToggleSize && (
    <Tooltip content={big ? t('Collapse menu') : t('Expand menu')} relationship="label">
      <Button
        className={styles.toggle}
        appearance="transparent"
        icon={big ? <PanelLeftContract24Regular /> : <PanelLeftExpand24Regular />}
        onClick={onToggleSize}
        {...RESTORE_FOCUS_TARGET}
        data-testid="drawer-toggle"
      />
    </Tooltip>
  );

  return (
    <nav
      className={styles.drawer}
      style={{ width: big ? DRAWER_WIDTH_BIG : DRAWER_WIDTH_SMALL }}
      aria-label={t('Main menu')}
      data-testid="drawer"
      data-size={size}
    >
      <div className={mergeClasses(styles.header, !big && styles.headerSmall)}>
        <img
          className={styles.logo}
          src={logo ? fileUrl(logo) : schoolDefault}
          alt=""
          onError={(event) => {
            event.currentTarget.src = schoolDefault;
          }}
        />
        {big && (
          <div className={styles.names}>
            <Text weight="semibold" className={styles.ellipsis} data-testid="drawer-user-name">
              {shownName}
            </Text>
            <Text size={200} className={mergeClasses(styles.ellipsis, styles.schoolName)}>
              {schoolPath ? (
                <NavLink
                  to={schoolPath}
                  className={styles.schoolLink}
                  onClick={onNavigate}
                  data-testid="drawer-school-link"
                >
                  {schoolName}
                </NavLink>
              ) : (
                schoolName
              )}
            </Text>
          </div>
        )}
        {toggle}
      </div>
      <ul className={styles.list}>
        {items.map((item) => {
          const to = `${basePath}/${item.path}`;
          const active = pathname === to || pathname.startsWith(`${to}/`);
          const Icon = item.icon;
          const link = (
            <NavLink
              to={to}
              className={mergeClasses(
                styles.item,
                !big && styles.itemSmall,
                active && styles.active,
              )}
              aria-current={active ? 'page' : undefined}
              aria-label={big ? undefined : t(item.title)}
              onClick={onNavigate}
              data-testid={`drawer-item-${item.id}`}
            >
              <Icon className={styles.icon} aria-hidden />
              {big && <span className={styles.ellipsis}>{t(item.title)}</span>}
            </NavLink>
          );
          return (
            <li key={item.id}>
              {big ? (
                link
              ) : (
                <Tooltip content={t(item.title)} relationship="description" positioning="after">
                  {link}
                </Tooltip>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
