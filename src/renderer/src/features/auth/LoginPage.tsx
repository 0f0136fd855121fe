import { Button, Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import type { loginBody } from '../../../../shared/api';
import { accountRoutes, signInMessages } from '../../api/accountRoutes';
import { ApiError } from '../../api/apiError';
import { callRoute } from '../../api/client';
import { RedirectSignedIn } from '../../app/guards';
import { useServices } from '../../app/services';
import { AppLink } from '../../components/AppLink';
import { LazyFlashMessage, preloadFlashMessage } from '../../components/LazyFlashMessage';
import { PasswordInput } from '../../components/PasswordInput';
import { type Flash, useFlashMessage } from '../../components/useFlashMessage';
import { msg } from '../../i18n/msg';
import { AuthLayout } from './AuthLayout';

type LoginInput = z.input<typeof loginBody>;
type LoginOutput = z.output<typeof loginBody>;

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
  },
});

// Validation needs zod and the shared schemas, which are most of a sign-in screen's weight: they
// load when the user first focuses the form (and at the latest on submit), not with the page.
let loadingResolver: Promise<Resolver<LoginInput, unknown, LoginOutput>> | null = null;
const loadLoginResolver = () =>
  (loadingResolver ??= import('./loginValidation').then(
    ({ loginResolver }) => loginResolver,
    (error: unknown) => {
      loadingResolver = null; // let the next submit try again
      throw error;
    },
  ));
const lazyLoginResolver: Resolver<LoginInput, unknown, LoginOutput> = async (...args) =>
  (await loadLoginResolver())(...args);

/** What submitting needs beyond the page: validation, and the flash that may answer it. */
function preloadFormCode(): void {
  void loadLoginResolver().catch(() => undefined);
  preloadFlashMessage();
}

/** What a failed sign-in tells the user (spec §8). */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'network') return signInMessages.networkError;
  if (error instanceof ApiError && error.code === 'rate_limited')
    return msg('Too many attempts. Please try again later.');
  return signInMessages.wrongCredentials;
}

export function LoginPage() {
  return (
    <RedirectSignedIn>
      <LoginForm />
    </RedirectSignedIn>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const styles = useFormStyles();
  const { platform, session } = useServices();
  const notice = (useLocation().state as { notice?: Flash } | null)?.notice ?? null;
  const [flash, showFlash] = useFlashMessage(notice);
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: lazyLoginResolver,
    defaultValues: { username: '', password: '', remember_me: false },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { data } = await callRoute(accountRoutes.login, {
        body: { ...values, platform: platform.kind },
      });
      if (!data?.token)
        throw new ApiError('invalid_credentials', signInMessages.wrongCredentials, 401);
      await session.signIn(data.token);
    } catch (error) {
      showFlash({ intent: 'error', text: loginFailureMessage(error) });
    }
  });
  // Only loading the validation can fail here; without it there is no network to sign in over.
  const signIn = (event: FormEvent<HTMLFormElement>) =>
    void submit(event).catch(() =>
      showFlash({ intent: 'error', text: signInMessages.networkError }),
    );

  return (
    <AuthLayout title={t('Sign in')}>
      <LazyFlashMessage flash={flash} />
      <form className={styles.form} onSubmit={signIn} onFocus={preloadFormCode} noValidate>
        <Controller
          name="username"
          control={control}
          render={({ field }) => (
            <Field
              label={t('Email')}
              required
              validationMessage={errors.username?.message ? t(errors.username.message) : undefined}
            >
              <Input {...field} type="email" autoComplete="username" inputMode="email" />
            </Field>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <Field
              label={t('Password')}
              required
              validationMessage={errors.password?.message ? t(errors.password.message) : undefined}
            >
              <PasswordInput {...field} autoComplete="current-password" />
            </Field>
          )}
        />
        <div className={styles.row}>
          <Controller
            name="remember_me"
            control={control}
            render={({ field }) => (
              <Checkbox
                label={t('Remember me')}
                checked={field.value ?? false}
                onChange={(_event, data) => field.onChange(data.checked === true)}
              />
            )}
          />
          <AppLink to="/request-reset">{t('Forgot your password?')}</AppLink>
        </div>
        <Button type="submit" appearance="primary" size="large" disabled={isSubmitting}>
          {isSubmitting ? t('Signing in...') : t('Sign in')}
        </Button>
      </form>
    </AuthLayout>
  );
}
