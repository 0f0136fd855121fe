import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { SignOut24Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Role } from '../../../../shared/constants';
import { useAccount, useSchoolEntries, useWhiteLabel } from '../../api/accountQueries';
import { fileUrl } from '../../api/files';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useServices } from '../../app/services';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import PageSpinner from '../../components/PageSpinner';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import defaultLogo from '../../assets/logo.svg';
import { SchoolEntryCard } from './SchoolEntryCard';
import { areaPath, groupEntriesByRole } from './groupEntries';

const useStyles = makeStyles({
  page: { minHeight: '100%', display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  brandLogo: { width: '32px', height: '32px' },
  grow: { flexGrow: 1 },
  main: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '1100px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: { margin: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalL },
});

/** Role and school selection (spec §2). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { session } = useServices();
  const account = useAccount();
  const schools = useSchoolEntries();
  const whiteLabel = useWhiteLabel().data;
  const groups = groupEntriesByRole(schools.data ?? []);
  const [selectedRole, setSelectedRole] = useState<Role | null>(null);
  const activeRole = selectedRole ?? groups[0]?.role ?? null;

  // The dashboard always acts as the signed-in user itself.
  useEffect(() => session.closeImpersonation(), [session]);

  if (account.isError && !account.data) return <Navigate to="/login" replace />;
  if (!account.data || !schools.data) {
    return schools.isError ? <Navigate to="/login" replace /> : <PageSpinner />;
  }
  const onlyEntry = schools.data.length === 1 ? schools.data[0] : undefined;
  if (onlyEntry) return <Navigate to={areaPath(onlyEntry)} replace />;

  const active = groups.find((group) => group.role === activeRole);
  return (
    <div className={styles.page}>
      <SkipLink />
      <header className={styles.header}>
        <img
          className={styles.brandLogo}
          src={whiteLabel?.logo ? fileUrl(whiteLabel.logo) : defaultLogo}
          alt=""
        />
        <Text weight="semibold" size={400} className={styles.grow}>
          {whiteLabel?.name ?? 'Mathema'}
        </Text>
        <Text>{`${account.data.first_name} ${account.data.last_name}`}</Text>
        <Button
          appearance="subtle"
          icon={<SignOut24Regular />}
          onClick={() => void session.logout()}
        >
          {t('Logout')}
        </Button>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        <Text as="h1" size={700} weight="semibold" className={styles.heading}>
          {t('Choose a school and role')}
        </Text>
        {groups.length === 0 ? (
          <MessageBar intent="info">
            <MessageBarBody>
              {t('Your account has no school roles yet. Please contact your school.')}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <TabList
              selectedValue={activeRole}
              onTabSelect={(_event, data) => setSelectedRole(data.value as Role)}
              aria-label={t('Roles')}
            >
              {groups.map((group) => (
                <Tab key={group.role} value={group.role}>
                  {t(ROLE_LABELS[group.role])}
                </Tab>
              ))}
            </TabList>
            <ul
              className={styles.grid}
              aria-label={active ? t(ROLE_LABELS[active.role]) : undefined}
            >
              {active?.entries.map((entry) => (
                <li key={entry.id}>
                  <SchoolEntryCard entry={entry} onOpen={() => void navigate(areaPath(entry))} />
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
      <footer className={styles.footer}>
        <LanguageSwitch />
      </footer>
    </div>
  );
}
