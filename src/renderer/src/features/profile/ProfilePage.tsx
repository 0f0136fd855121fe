import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, UpdateAccountBody } from '../../../../shared/api/account';
import type { Language } from '../../../../shared/constants';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { useAppToaster } from '../../app/toaster';
import { AppLink } from '../../components/AppLink';
import { useDropdownSlots } from '../../components/fluentSlots';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { PageFrame } from '../../components/PageFrame';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PasswordSection } from './PasswordSection';
import { PhotoSection } from './PhotoSection';
import { updateAccount } from './profileApi';
import { useProfileInvalidation } from './useProfileInvalidation';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-start',
  },
  grow: { flexGrow: 1, minWidth: '200px' },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * The saved language becomes the one the app speaks. The atoms are loaded on use: they read
 * localStorage when their module loads, and the route tables that lead here are also loaded by
 * tests without a browser.
 */
async function chooseLanguage(language: Language) {
  const { appStore, languageChoiceAtom } = await import('../../app/state/atoms');
  appStore.set(languageChoiceAtom, language);
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', el: 'Ελληνικά' };
const SHOWN = ['first_name', 'last_name', 'phone', 'language'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <Text as="h3" id={id} size={500} weight="semibold" className={styles.heading}>
        {title}
      </Text>
      {children}
    </section>
  );
}

/** The teacher's own profile (spec §2): details, photo, password, language, notifications. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { account } = useArea();
  return (
    <PageFrame title={t('Profile')}>
      {!account ? <Spinner label={t('Loading...')} /> : <Profile account={account} />}
    </PageFrame>
  );
}

function Profile({ account }: { account: Account }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { basePath, schoolId, role } = useArea();
  return (
    <>
      <Section id="profile-details" title={t('Your details')}>
        <PhotoSection account={account} />
        <DetailsForm account={account} key={`${account.first_name}|${account.last_name}`} />
      </Section>
      <Section id="profile-password" title={t('Password')}>
        <PasswordSection />
      </Section>
      <Section id="profile-notifications" title={t('Notifications')}>
        <NotificationPreferencesSection />
      </Section>
      {role === 'teacher' && (
        <nav className={styles.links} aria-label={t('More')}>
          <AppLink to={`${basePath}/files`}>{t('Your files')}</AppLink>
          <AppLink to={`${basePath}/school/${schoolId}`}>{t('About the school')}</AppLink>
        </nav>
      )}
    </>
  );
}

function DetailsForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const { dispatchToast } = useAppToaster();
  const invalidation = useProfileInvalidation();
  const [values, setValues] = useState<UpdateAccountBody>({
    first_name: account.first_name,
    last_name: account.last_name,
    phone: account.phone ?? '',
    language: account.language,
  });
  const [dirty, setDirty] = useState(false);
  const change = (next: Partial<UpdateAccountBody>) => {
    setValues((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const save = useMutation({
    mutationFn: (body: UpdateAccountBody) => updateAccount(body),
    onSuccess: async (saved) => {
      setDirty(false);
      await chooseLanguage(saved.language);
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      await invalidation.afterWrite();
    },
  });
  const errors = save.error ? formErrors(save.error, SHOWN, t) : null;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
      data-testid="profile-form"
    >
      {errors?.general && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errors.general}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Field
          label={t('First name')}
          required
          className={styles.grow}
          validationMessage={errors?.fields.first_name}
        >
          <Input
            value={values.first_name}
            autoComplete="given-name"
            onChange={(_event, data) => change({ first_name: data.value })}
            data-testid="profile-first-name"
          />
        </Field>
        <Field
          label={t('Last name')}
          required
          className={styles.grow}
          validationMessage={errors?.fields.last_name}
        >
          <Input
            value={values.last_name}
            autoComplete="family-name"
            onChange={(_event, data) => change({ last_name: data.value })}
            data-testid="profile-last-name"
          />
        </Field>
      </div>
      <div className={styles.row}>
        <Field
          label={t('Email')}
          className={styles.grow}
          hint={t('The school changes your email.')}
        >
          <Input value={account.email ?? ''} readOnly data-testid="profile-email" />
        </Field>
        <Field label={t('Phone')} className={styles.grow} validationMessage={errors?.fields.phone}>
          <Input
            type="tel"
            value={values.phone ?? ''}
            autoComplete="tel"
            onChange={(_event, data) => change({ phone: data.value })}
            data-testid="profile-phone"
          />
        </Field>
        <Field label={t('Language')} className={styles.grow}>
          <Dropdown
            {...slots}
            value={LANGUAGE_NAMES[values.language]}
            selectedOptions={[values.language]}
            onOptionSelect={(_event, data) => change({ language: data.optionValue as Language })}
            data-testid="profile-language"
          >
            {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
              <Option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <div>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={save.isPending}
          icon={save.isPending ? <Spinner size="tiny" /> : undefined}
          data-testid="profile-save"
        >
          {t('Save')}
        </Button>
      </div>
      <LeaveWithoutSavingDialog when={dirty} />
    </form>
  );
}
