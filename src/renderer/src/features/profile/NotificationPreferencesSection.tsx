import {
  Button,
  Checkbox,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationEntity } from '../../../../shared/api/inbox';
import {
  notificationEndpoints,
  type NotificationChannel,
  type NotificationPreference,
} from '../../../../shared/api/notifications';
import { callEndpoint } from '../../api/client';
import { msg } from '../../i18n/msg';
import { PushDeviceSetting } from './PushDeviceSetting';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  table: { maxWidth: '560px', tableLayout: 'fixed' },
  // The kind's name takes what is left; a phone fits "Announcements" beside three boxes.
  kind: { width: '40%', overflowWrap: 'break-word', hyphens: 'auto' },
  channel: {
    width: '20%',
    paddingLeft: '2px',
    paddingRight: '2px',
    fontSize: tokens.fontSizeBase200,
    textAlign: 'center',
    justifyContent: 'center',
  },
  cell: { textAlign: 'center' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const KIND_NAMES: Record<NotificationEntity, string> = {
  task: msg('Tasks'),
  event: msg('Live sessions'),
  announcements: msg('Announcements'),
  taskbook: msg('Study guide'),
  quiz: msg('Quizzes'),
  absence: msg('Absences'),
};
const CHANNEL_NAMES: Record<NotificationChannel, string> = {
  in_app: msg('In the app'),
  email: msg('E-mail'),
  push: msg('Push'),
};
const CHANNELS: NotificationChannel[] = ['in_app', 'email', 'push'];
const PREFERENCES_KEY = ['account', 'notification-preferences'] as const;

/**
 * How the person hears of each kind of notification (in the app, by e-mail, by push), and
 * whether this device receives push. Saved for the account, not the school.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => (await callEndpoint(notificationEndpoints.preferences, {})).data,
  });
  const [draft, setDraft] = useState<NotificationPreference[] | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: async (preferences: NotificationPreference[]) =>
      (await callEndpoint(notificationEndpoints.savePreferences, { body: { preferences } })).data,
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });

  if (!draft) return <Spinner size="small" label={t('Loading...')} />;
  const toggle = (kind: NotificationEntity, channel: NotificationChannel, on: boolean) => {
    save.reset();
    setDraft(draft.map((p) => (p.kind === kind ? { ...p, [channel]: on } : p)));
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved.data);

  return (
    <div className={styles.root} data-testid="notification-preferences">
      <Text>{t('Choose how you hear of each kind of notification.')}</Text>
      <Table size="small" className={styles.table} aria-label={t('Notification settings')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.kind}>{t('Kind')}</TableHeaderCell>
            {CHANNELS.map((channel) => (
              <TableHeaderCell key={channel} className={styles.channel}>
                {t(CHANNEL_NAMES[channel])}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {draft.map((preference) => (
            <TableRow key={preference.kind}>
              <TableCell className={styles.kind}>{t(KIND_NAMES[preference.kind])}</TableCell>
              {CHANNELS.map((channel) => (
                <TableCell key={channel} className={styles.cell}>
                  <Checkbox
                    checked={preference[channel]}
                    onChange={(_event, data) =>
                      toggle(preference.kind, channel, data.checked === true)
                    }
                    aria-label={t('{{kind}}: {{channel}}', {
                      kind: t(KIND_NAMES[preference.kind]),
                      channel: t(CHANNEL_NAMES[channel]),
                    })}
                    data-testid={`preference-${preference.kind}-${channel}`}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {save.isError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('Network Error!')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={!dirty || save.isPending}
          icon={save.isPending ? <Spinner size="tiny" /> : undefined}
          onClick={() => save.mutate(draft)}
          data-testid="preferences-save"
        >
          {t('Save')}
        </Button>
        {save.isSuccess && !dirty && (
          <Text role="status" data-testid="preferences-saved">
            {t('Updated Successfully!')}
          </Text>
        )}
      </div>
      <PushDeviceSetting />
    </div>
  );
}
