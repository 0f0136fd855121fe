import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../../shared/api/account';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { formErrors } from '../../api/formErrors';
import { PasswordInput } from '../../components/PasswordInput';
import { changePassword } from './profileApi';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '420px',
  },
});

const SHOWN = ['current_password', 'password'] as const;

/** A new password, given with the current one; other devices are signed out. */
export function PasswordSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: (values: { current_password: string; password: string }) => changePassword(values),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
    },
  });
  const errors = save.error ? formErrors(save.error, SHOWN, t) : null;
  const tooShort = next.length > 0 && next.length < PASSWORD_MIN_LENGTH;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const differs = next !== repeat;
        setMismatch(differs);
        if (!differs) save.mutate({ current_password: current, password: next });
      }}
      data-testid="password-form"
    >
      {save.isSuccess && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            {t('Your password was changed. Your other devices were signed out.')}
          </MessageBarBody>
        </MessageBar>
      )}
      {errors?.general && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errors.general}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('Current password')}
        required
        validationMessage={errors?.fields.current_password}
      >
        <PasswordInput
          value={current}
          autoComplete="current-password"
          onChange={(_event, data) => setCurrent(data.value)}
          data-testid="password-current"
        />
      </Field>
      <Field
        label={t('New password')}
        required
        validationMessage={
          errors?.fields.password ?? (tooShort ? t(MSG.passwordTooShort) : undefined)
        }
        validationState={errors?.fields.password || tooShort ? 'error' : 'none'}
      >
        <PasswordInput
          value={next}
          autoComplete="new-password"
          onChange={(_event, data) => setNext(data.value)}
          data-testid="password-new"
        />
      </Field>
      <Field
        label={t('Repeat the new password')}
        required
        validationMessage={mismatch ? t('The two passwords differ') : undefined}
      >
        <PasswordInput
          value={repeat}
          autoComplete="new-password"
          onChange={(_event, data) => {
            setRepeat(data.value);
            setMismatch(false);
          }}
          data-testid="password-repeat"
        />
      </Field>
      <div>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={save.isPending}
          icon={save.isPending ? <Spinner size="tiny" /> : undefined}
          data-testid="password-save"
        >
          {t('Change password')}
        </Button>
      </div>
    </form>
  );
}
