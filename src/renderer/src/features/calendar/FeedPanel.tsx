import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { Copy20Regular, Delete20Regular, Link20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { createFeed, revokeFeed } from './calendarApi';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  heading: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  link: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  field: { flexGrow: 1, minWidth: '0', flexBasis: '240px' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * The private iCalendar link: made (or made again, which stops the previous one), copied and
 * revoked. The server shows a link once and keeps only its hash, so the panel cannot say
 * whether one exists; Revoke is always offered and is harmless without one.
 */
export function FeedPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const restoreFocus = useRestoreFocusTarget();

  const create = useMutation({
    mutationFn: () => createFeed(scope),
    onSuccess: (made) => {
      setUrl(made);
      setStatus(null);
      announce(t('Your private link is ready. Copy it now: it is shown only once.'));
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeFeed(scope),
    onSuccess: () => {
      setUrl(null);
      setConfirming(false);
      const done = t('The link was revoked: calendars that used it stop updating.');
      setStatus(done);
      announce(done);
    },
  });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      announce(t('The link was copied.'));
      setStatus(t('The link was copied.'));
    } catch {
      // No clipboard (an insecure page, a refused permission): select it for Ctrl+C instead.
      input.current?.select();
      setStatus(t('Select the link and copy it yourself.'));
    }
  };

  const error = create.error ?? revoke.error;
  return (
    <section className={styles.card} aria-labelledby="calendar-feed" data-testid="calendar-feed">
      <Text as="h3" id="calendar-feed" size={500} weight="semibold" className={styles.heading}>
        {t('Subscribe')}
      </Text>
      <Text>
        {t(
          'A private link that adds your timetable and tasks due to the calendar on your phone or computer (Google, Outlook, Apple), kept up to date; anyone who has it can see them.',
        )}
      </Text>
      {url && (
        <div className={styles.link}>
          <Field className={styles.field} label={t('Your private link')}>
            <Input ref={input} readOnly value={url} data-testid="calendar-feed-url" />
          </Field>
          <Button
            icon={<Copy20Regular />}
            onClick={() => void copy()}
            data-testid="calendar-feed-copy"
          >
            {t('Copy')}
          </Button>
        </div>
      )}
      {url && (
        <Text size={200} className={styles.muted}>
          {t('Shown only once. Making a new link stops this one.')}
        </Text>
      )}
      <div className={styles.actions}>
        <Button
          appearance={url ? 'secondary' : 'primary'}
          icon={create.isPending ? <Spinner size="tiny" /> : <Link20Regular />}
          disabledFocusable={create.isPending}
          onClick={() => create.mutate()}
          data-testid="calendar-feed-create"
        >
          {t('Make a new link')}
        </Button>
        <Button
          icon={<Delete20Regular />}
          onClick={() => setConfirming(true)}
          data-testid="calendar-feed-revoke"
          {...restoreFocus}
        >
          {t('Revoke the link')}
        </Button>
      </div>
      {!url && (
        <Text size={200} className={styles.muted}>
          {t('Making a new link stops the one you made before.')}
        </Text>
      )}
      {status && (
        <Text size={200} data-testid="calendar-feed-status">
          {status}
        </Text>
      )}
      {error && <Text role="alert">{t(apiErrorText(error))}</Text>}
      <Dialog
        open={confirming}
        modalType="alert"
        onOpenChange={(_event, data) => !data.open && !revoke.isPending && setConfirming(false)}
      >
        <DialogSurface data-testid="calendar-feed-confirm">
          <DialogBody>
            <DialogTitle>{t('Revoke your calendar link?')}</DialogTitle>
            <DialogContent>
              {t(
                'Calendars subscribed with it stop updating. You can make a new link at any time.',
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)} disabledFocusable={revoke.isPending}>
                {t('Cancel')}
              </Button>
              <Button
                appearance="primary"
                onClick={() => revoke.mutate()}
                // Focusable while busy: focus stays in the dialog, which hands it back on closing.
                disabledFocusable={revoke.isPending}
                icon={revoke.isPending ? <Spinner size="tiny" /> : undefined}
                data-testid="calendar-feed-confirm-button"
              >
                {t('Revoke')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
