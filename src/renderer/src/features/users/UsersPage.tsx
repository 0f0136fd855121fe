import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RESOURCES } from '../../../../shared/resources';
import { PageFrame } from '../../components/PageFrame';
import { InvitationsList } from '../invitations/InvitationsList';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { UserAccountsList } from './UserAccountsList';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type UsersTab = 'accounts' | 'invitations';

/** The admin's users screen: the school's accounts, and the invitations still out (or past). */
export function UsersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const access = useResourceAccess(RESOURCES.users!);
  // In the address, so that a reload or the back button keeps the tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: UsersTab = searchParams.get('tab') === 'invitations' ? 'invitations' : 'accounts';
  return (
    <PageFrame title={t('Users')}>
      <TabList
        selectedValue={tab}
        onTabSelect={(_e, data) =>
          setSearchParams(data.value === 'invitations' ? { tab: 'invitations' } : {}, {
            replace: true,
          })
        }
      >
        <Tab value="accounts" data-testid="users-tab-accounts">
          {t('Accounts')}
        </Tab>
        {access.read && (
          <Tab value="invitations" data-testid="users-tab-invitations">
            {t('Invitations')}
          </Tab>
        )}
      </TabList>
      <div className={styles.panel} role="tabpanel">
        {tab === 'invitations' && access.read ? <InvitationsList /> : <UserAccountsList />}
      </div>
    </PageFrame>
  );
}
