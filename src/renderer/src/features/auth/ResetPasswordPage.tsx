import { Button, Checkbox, Field, Link } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { accountEndpoints, MSG, resetPasswordBody } from '../../../../shared/api';
import { ApiError } from '../../api/apiError';
import { callEndpoint } from '../../api/client';
import { FlashMessage } from '../../components/FlashMessage';
import { PasswordInput } from '../../components/PasswordInput';
import { useFlashMessage } from '../../components/useFlashMessage';
import { msg } from '../../i18n/msg';
import { AuthLayout } from './AuthLayout';
import { useFormStyles } from './LoginPage';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog';

// The token comes from the address, so the form validates only what the user types.
const passwordForm = resetPasswordBody.omit({ token: true }).extend({
  privacyChecked: z.boolean().refine((checked) => checked, { error: MSG.privacyRequired }),
});
type PasswordForm = z.infer<typeof passwordForm>;

export const PASSWORD_SAVED_NOTICE = msg('Your password has been saved. You can sign in now.');

/** /create-user-password/:reset_token (a new account) and /reset-password/:reset_token. */
export function ResetPasswordPage({ mode }: { mode: 'create' | 'reset' }) {
  const { t } = useTranslation();
  const styles = useFormStyles();
  const navigate = useNavigate();
  const token = useParams().reset_token ?? '';
  const [flash, showFlash] = useFlashMessage();
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { password: '', privacyChecked: false },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await callEndpoint(accountEndpoints.resetPassword, {
        body: { token, password, privacyChecked: true },
      });
      void navigate('/login', {
        state: { notice: { intent: 'success', text: PASSWORD_SAVED_NOTICE } },
      });
    } catch (error) {
      const text =
        error instanceof ApiError && error.code !== 'network' ? error.message : MSG.networkError;
      showFlash({ intent: 'error', text });
    }
  });

  return (
    <AuthLayout title={mode === 'create' ? t('Create your password') : t('Choose a new password')}>
      <FlashMessage flash={flash} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <Field
              label={t('New password')}
              required
              hint={t('At least 8 characters.')}
              validationMessage={errors.password?.message ? t(errors.password.message) : undefined}
            >
              <PasswordInput {...field} autoComplete="new-password" />
            </Field>
          )}
        />
        <Controller
          name="privacyChecked"
          control={control}
          render={({ field }) => (
            <Field
              validationMessage={
                errors.privacyChecked?.message ? t(errors.privacyChecked.message) : undefined
              }
            >
              <Checkbox
                checked={field.value}
                onChange={(_event, data) => field.onChange(data.checked === true)}
                label={
                  <>
                    {t('I have read and accept the')}{' '}
                    <Link
                      as="button"
                      type="button"
                      onClick={(event) => {
                        event.preventDefault();
                        setPrivacyOpen(true);
                      }}
                    >
                      {t('privacy policy')}
                    </Link>
                  </>
                }
              />
            </Field>
          )}
        />
        <div className={styles.actions}>
          <Button onClick={() => void navigate('/login')}>{t('Cancel')}</Button>
          <Button type="submit" appearance="primary" disabled={isSubmitting}>
            {t('Save password')}
          </Button>
        </div>
      </form>
      <PrivacyPolicyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </AuthLayout>
  );
}
