import {
  Avatar,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/api/account';
import { apiErrorMessage } from '../../api/apiErrorText';
import { fileUrl } from '../../api/files';
import { announce } from '../../components/LiveAnnouncer';
import { removePhoto, uploadPhoto } from './profileApi';
import { useProfileInvalidation } from './useProfileInvalidation';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center', flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' },
});

/** The person's photo: shown, replaced (PNG, JPEG, WebP up to 2 MB) or removed. */
export function PhotoSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const invalidation = useProfileInvalidation();
  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async () => {
      announce(t('Your photo was saved.'));
      await invalidation.afterWrite();
    },
  });
  const remove = useMutation({
    mutationFn: removePhoto,
    onSuccess: async () => {
      announce(t('Your photo was removed.'));
      await invalidation.afterWrite();
    },
  });
  const name = `${account.first_name} ${account.last_name}`;
  const error = upload.error ?? remove.error;
  return (
    <div className={styles.row}>
      <Avatar
        size={96}
        name={name}
        image={account.logo ? { src: fileUrl(account.logo), alt: t('Your photo') } : undefined}
        data-testid="profile-photo"
      />
      <div>
        <div className={styles.buttons}>
          <Button
            onClick={() => input.current?.click()}
            disabledFocusable={upload.isPending}
            data-testid="profile-photo-upload"
          >
            {account.logo ? t('Change photo') : t('Upload photo')}
          </Button>
          {account.logo && (
            <Button
              appearance="subtle"
              onClick={() => remove.mutate()}
              disabledFocusable={remove.isPending}
              data-testid="profile-photo-remove"
            >
              {t('Remove photo')}
            </Button>
          )}
        </div>
        <Text size={200} block className={styles.hint}>
          {t('PNG, JPEG or WebP, at most 2 MB.')}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className={styles.input}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) upload.mutate(file);
          }}
          data-testid="profile-photo-input"
        />
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{apiErrorMessage(error, t)}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </div>
  );
}
