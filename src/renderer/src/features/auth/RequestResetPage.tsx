import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  accountEndpoints,
  MSG,
  type RequestResetBody,
  requestResetBody,
} from '../../../../shared/api';
import { ApiError } from '../../api/apiError';
import { callEndpoint } from '../../api/client';
import { FlashMessage } from '../../components/FlashMessage';
import { useFlashMessage } from '../../components/useFlashMessage';
import { msg } from '../../i18n/msg';
import { AuthLayout } from './AuthLayout';
import { useFormStyles } from './LoginPage';

export const RESET_REQUESTED_NOTICE = msg(
  'If the address belongs to an account, a reset link is on its way.',
);

export function RequestResetPage() {
  const { t } = useTranslation();
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [flash, showFlash] = useFlashMessage();
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestResetBody>({
    resolver: zodResolver(requestResetBody),
    defaultValues: { email: '' },
  });

  const emailError = errors.email?.message;
  const submit = handleSubmit(
    async (values) => {
      try {
        await callEndpoint(accountEndpoints.requestReset, { body: values });
        void navigate('/login', {
          state: { notice: { intent: 'success', text: RESET_REQUESTED_NOTICE } },
        });
      } catch (error) {
        // A server answer shows its own message; a failed call the spec's generic one.
        const text =
          error instanceof ApiError && error.code !== 'network'
            ? error.message
            : MSG.resetRequestFailed;
        showFlash({ intent: 'error', text });
      }
    },
    // The email error is also shown as a warning (spec §5).
    (invalid) =>
      invalid.email?.message && showFlash({ intent: 'warning', text: invalid.email.message }),
  );

  return (
    <AuthLayout title={t('Reset your password')}>
      <FlashMessage flash={flash} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <Controller
          name="email"
          control={control}
          render={({ field }) => (
            <Field
              label={t('Email')}
              required
              hint={t('We will send a link to reset your password to this address.')}
              validationMessage={emailError ? t(emailError) : undefined}
            >
              <Input {...field} type="email" autoComplete="email" inputMode="email" />
            </Field>
          )}
        />
        <div className={styles.actions}>
          <Button onClick={() => void navigate('/login')}>{t('Cancel')}</Button>
          <Button type="submit" appearance="primary" disabled={isSubmitting}>
            {t('Reset')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
