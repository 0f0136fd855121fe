import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useAccount } from '../../api/accountQueries';
import { accountRoutes } from '../../api/accountRoutes';
import { ApiError } from '../../api/apiError';
import { apiErrorMessage } from '../../api/apiErrorText';
import { callRoute } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { tokenAtom } from '../../app/state/atoms';
import { AppLink } from '../../components/AppLink';
import { AuthLayout } from '../auth/AuthLayout';
import { acceptInvitation } from './invitationsApi';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' },
});

/**
 * /invitation/:token, the link of a school's invitation mail. Accepting needs the invited
 * account signed in (the server checks who it is), so a signed-out visitor signs in first and
 * comes back here.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const signedIn = useAtomValue(tokenAtom) !== null;
  return (
    <AuthLayout title={t('An invitation to a school')}>
      {signedIn ? (
        <AcceptInvitation token={token} />
      ) : (
        <div className={styles.body}>
          <Text>{t('Sign in first with the account the invitation was sent to.')}</Text>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              onClick={() =>
                void navigate(`/login?next=${encodeURIComponent(`/invitation/${token}`)}`)
              }
              data-testid="invitation-sign-in"
            >
              {t('Sign in')}
            </Button>
          </div>
        </div>
      )}
    </AuthLayout>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const account = useAccount().data;
  const accept = useMutation({
    mutationFn: async () => {
      const { school_id } = await acceptInvitation(token);
      // The new school is one more entry of the account: read them again, and name it.
      const schools = (await callRoute(accountRoutes.schools)).data;
      queryClient.setQueryData(queryKeys.schools, schools);
      return schools.find((entry) => entry.school_id === school_id)?.name ?? null;
    },
  });

  if (accept.isSuccess) {
    return (
      <div className={styles.body} data-testid="invitation-accepted">
        <MessageBar intent="success">
          <MessageBarBody>
            {accept.data
              ? t('You joined {{school}}.', { school: accept.data })
              : t('You joined the school.')}
          </MessageBarBody>
        </MessageBar>
        <AppLink to="/dashboard">{t('Go to the dashboard')}</AppLink>
      </div>
    );
  }
  const refused = accept.error instanceof ApiError && accept.error.httpStatus === 404;
  return (
    <div className={styles.body}>
      <Text>{t('A school invites you to join it on Mathema.')}</Text>
      {account && (
        <Text className={styles.muted}>
          {t('Signed in as {{name}}', { name: `${account.first_name} ${account.last_name}` })}
        </Text>
      )}
      {accept.isError && (
        <MessageBar intent="error" data-testid="invitation-error">
          <MessageBarBody>
            {refused
              ? t(
                  'This invitation link is no longer valid: it has expired, was revoked or was already used, or it was sent to another account.',
                )
              : apiErrorMessage(accept.error, t)}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {refused ? (
          <AppLink to="/dashboard">{t('Go to the dashboard')}</AppLink>
        ) : (
          <Button
            appearance="primary"
            disabled={accept.isPending}
            icon={accept.isPending ? <Spinner size="tiny" /> : undefined}
            onClick={() => accept.mutate()}
            data-testid="invitation-accept"
          >
            {t('Accept the invitation')}
          </Button>
        )}
      </div>
    </div>
  );
}
