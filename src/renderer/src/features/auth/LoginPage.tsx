import { Button, Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
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
import type { LoginField, LoginInput } from './loginForm';
import type { LoginCheck } from './loginValidation';

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
// load when the user first types, clicks or taps in the form (and at the latest on submit),
// not with the page. Focus alone does not count: the first field takes it as the page opens.
// The form itself is plain React state: a form library would be the next biggest part of the
// first download, for three fields.
let loadingCheck: Promise<(input: LoginInput) => LoginCheck> | null = null;
const loadLoginCheck = () =>
  (loadingCheck ??= import('./loginValidation').then(
    ({ checkLogin }) => checkLogin,
    (error: unknown) => {
      loadingCheck = null; // let the next submit try again
      throw error;
    },
  ));

/** What submitting needs beyond the page: validation, and the flash that may answer it. */
function preloadFormCode(): void {
  void loadLoginCheck().catch(() => undefined);
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
  const location = useLocation();
  const notice = (location.state as { notice?: Flash } | null)?.notice ?? null;
  const [flash, showFlash] = useFlashMessage(notice);
  const [values, setValues] = useState<LoginInput>({
    username: '',
    password: '',
    remember_me: false,
  });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  // After the first submit the messages follow the typing, as they would disappear once fixed.
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const fieldRefs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // The screen exists to be filled in: focus starts in its first field.
  useEffect(() => fieldRefs.username.current?.focus(), []);

  const change = (next: LoginInput) => {
    setValues(next);
    if (submitted)
      void loadLoginCheck().then(
        (check) => {
          const result = check(next);
          setErrors(result.ok ? {} : result.errors);
        },
        () => undefined,
      );
  };

  const submit = async () => {
    setSubmitted(true);
    const result = (await loadLoginCheck())(values);
    if (!result.ok) {
      setErrors(result.errors);
      const firstInvalid = (['username', 'password'] as const).find((f) => result.errors[f]);
      if (firstInvalid) fieldRefs[firstInvalid].current?.focus();
      return;
    }
    setErrors({});
    try {
      const { data } = await callRoute(accountRoutes.login, {
        body: { ...result.values, platform: platform.kind },
      });
      if (!data?.token)
        throw new ApiError('invalid_credentials', signInMessages.wrongCredentials, 401);
      await session.signIn(data.token, {
        remember: result.values.remember_me === true,
        next: new URLSearchParams(location.search).get('next'),
      });
    } catch (error) {
      showFlash({ intent: 'error', text: loginFailureMessage(error) });
    }
  };
  // Only loading the validation can fail here; without it there is no network to sign in over.
  const signIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    void submit()
      .catch(() => showFlash({ intent: 'error', text: signInMessages.networkError }))
      .finally(() => setSubmitting(false));
  };

  return (
    <AuthLayout title={t('Sign in')}>
      <LazyFlashMessage flash={flash} />
      <form
        className={styles.form}
        onSubmit={signIn}
        onInput={preloadFormCode}
        onKeyDown={preloadFormCode}
        onPointerDown={preloadFormCode}
        noValidate
      >
        <Field
          label={t('Email')}
          required
          validationMessage={errors.username ? t(errors.username) : undefined}
        >
          <Input
            ref={fieldRefs.username}
            name="username"
            value={values.username}
            onChange={(_event, data) => change({ ...values, username: data.value })}
            type="email"
            autoComplete="username"
            inputMode="email"
          />
        </Field>
        <Field
          label={t('Password')}
          required
          validationMessage={errors.password ? t(errors.password) : undefined}
        >
          <PasswordInput
            ref={fieldRefs.password}
            name="password"
            value={values.password}
            onChange={(_event, data) => change({ ...values, password: data.value })}
            autoComplete="current-password"
          />
        </Field>
        <div className={styles.row}>
          <Checkbox
            label={t('Remember me')}
            name="remember_me"
            checked={values.remember_me ?? false}
            onChange={(_event, data) =>
              setValues({ ...values, remember_me: data.checked === true })
            }
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
