import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../shared/constants';
import { RESOURCES, writeSchema } from '../../../../shared/resources';
import { ApiError } from '../../api/apiError';
import { AppLink } from '../../components/AppLink';
import { FlashMessage } from '../../components/FlashMessage';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { PageFrame } from '../../components/PageFrame';
import { useFlashMessage } from '../../components/useFlashMessage';
import { apiErrorText } from '../../components/resources/apiErrorText';
import { NoReadPermission } from '../../components/resources/ListStates';
import {
  createRecord,
  resourceKeys,
  type DetailRecord,
} from '../../components/resources/resourceApi';
import { useResourceAccess } from '../../components/resources/useResourceAccess';
import { ROLE_LABELS } from '../../app/roleLabels';
import { msg } from '../../i18n/msg';
import { useArea } from '../area/AreaContext';
import { WizardSteps } from './WizardSteps';

const users = RESOURCES.users!;
type Values = {
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  roles: Role[];
};
const STEPS = [msg('Person'), msg('Roles'), msg('Invite')];
const ROLE_NOTES: Record<Role, string> = {
  admin: msg('Office staff: manages the school in this app.'),
  teacher: msg('Teaches lessons, grades and talks with students.'),
  student: msg('Attends lessons, does tasks and quizzes.'),
  client: msg('Parent, guardian or payer of students.'),
};

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
  },
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  },
  role: { display: 'flex', flexDirection: 'column' },
  note: { color: tokens.colorNeutralForeground3, marginLeft: '32px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  summary: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The new-user wizard: the person, the roles here, then create and send the invitation. */
export function NewUserWizard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  const queryClient = useQueryClient();
  const access = useResourceAccess(users);
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<DetailRecord | null>(null);
  const [flash, showFlash] = useFlashMessage();
  const form = useForm<Values>({
    defaultValues: { first_name: '', last_name: '', email: '', language: 'el', roles: [] },
    resolver: zodResolver(writeSchema(users, 'create')) as unknown as Resolver<Values>,
  });
  const { control, trigger, getValues, formState, reset } = form;
  if (!access.write) return <NoReadPermission />;

  const next = async () => {
    const fields =
      step === 0 ? (['first_name', 'last_name', 'email'] as const) : (['roles'] as const);
    if (await trigger(fields)) {
      showFlash(null);
      setStep(step + 1);
    } else showFlash({ intent: 'error', text: msg('Missing Required Fields!') });
  };
  const create = async () => {
    try {
      const record = await createRecord({ ...access.scope }, getValues());
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(access.scope) });
      reset(getValues());
      setCreated(record);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setStep(0);
      showFlash({ intent: 'error', text: apiErrorText(error) });
    }
  };

  const text = (
    name: 'first_name' | 'last_name' | 'email',
    label: string,
    type: 'text' | 'email' = 'text',
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Field
          label={t(label)}
          required
          validationMessage={fieldState.error?.message && t(fieldState.error.message)}
        >
          <Input {...field} type={type} data-testid={`wizard-${name}`} />
        </Field>
      )}
    />
  );

  return (
    <PageFrame title={t('New user')}>
      <WizardSteps steps={STEPS.map((s) => t(s))} current={created ? STEPS.length : step} />
      <div className={styles.panel}>
        <FlashMessage flash={flash} />
        {created ? (
          <>
            <Text size={500} weight="semibold" data-testid="wizard-done">
              {t('{{name}} was created and invited.', {
                name: `${getValues().first_name} ${getValues().last_name}`,
              })}
            </Text>
            <Text className={styles.muted}>
              {t('We mailed a link to {{email}} for choosing a password.', {
                email: getValues().email,
              })}
            </Text>
            <div className={styles.actions}>
              <AppLink to={`${basePath}/users/${created.id}`}>{t('Open the user')}</AppLink>
            </div>
          </>
        ) : step === 0 ? (
          <div className={styles.pair}>
            {text('last_name', msg('Last name'))}
            {text('first_name', msg('First name'))}
            {text('email', msg('Email'), 'email')}
          </div>
        ) : step === 1 ? (
          <Controller
            name="roles"
            control={control}
            render={({ field, fieldState }) => (
              <Field
                label={t('Roles')}
                required
                validationMessage={fieldState.error?.message && t(fieldState.error.message)}
              >
                {ROLES.map((role) => (
                  <div key={role} className={styles.role}>
                    <Checkbox
                      label={t(ROLE_LABELS[role])}
                      checked={field.value.includes(role)}
                      onChange={(_e, d) =>
                        field.onChange(
                          d.checked
                            ? [...field.value, role]
                            : field.value.filter((r) => r !== role),
                        )
                      }
                      data-testid={`wizard-role-${role}`}
                    />
                    <Text size={200} className={styles.note}>
                      {t(ROLE_NOTES[role])}
                    </Text>
                  </div>
                ))}
              </Field>
            )}
          />
        ) : (
          <div className={styles.summary} data-testid="wizard-summary">
            <Text className={styles.muted}>{t('Name')}</Text>
            <Text>{`${getValues().last_name} ${getValues().first_name}`}</Text>
            <Text className={styles.muted}>{t('Email')}</Text>
            <Text>{getValues().email}</Text>
            <Text className={styles.muted}>{t('Roles')}</Text>
            <Text>
              {getValues()
                .roles.map((r) => t(ROLE_LABELS[r]))
                .join(', ')}
            </Text>
          </div>
        )}
        {!created && (
          <div className={styles.actions}>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('Back')}</Button>}
            {step < 2 ? (
              <Button appearance="primary" onClick={() => void next()} data-testid="wizard-next">
                {t('Next')}
              </Button>
            ) : (
              <Button
                appearance="primary"
                onClick={() => void create()}
                data-testid="wizard-create"
              >
                {t('Create and invite')}
              </Button>
            )}
          </div>
        )}
      </div>
      <LeaveWithoutSavingDialog when={formState.isDirty && !created} />
    </PageFrame>
  );
}
