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
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../shared/constants';
import { RESOURCES, writeSchema } from '../../../../shared/resources';
import { AppLink } from '../../components/AppLink';
import { FlashMessage } from '../../components/FlashMessage';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { PageFrame } from '../../components/PageFrame';
import { useFlashMessage } from '../../components/useFlashMessage';
import { formErrors } from '../../api/formErrors';
import { NoReadPermission } from '../../resources/ListStates';
import { createRecord, type DetailRecord } from '../../resources/resourceApi';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { ROLE_LABELS } from '../../app/roleLabels';
import { msg } from '../../i18n/msg';
import { useArea } from '../../app/area/AreaContext';
import { useUsersInvalidation } from './useUsersInvalidation';
import { useMayGrantFullAccess } from './useUserAccess';
import { WizardSteps } from './WizardSteps';

const users = RESOURCES.users!;
type Values = {
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  roles: Role[];
  full_access: boolean;
};
const STEPS = [msg('Person'), msg('Roles'), msg('Invite')];
// The inputs of the first two steps, where a refused save sends the user back.
const PERSON_FIELDS: readonly (keyof Values)[] = ['first_name', 'last_name', 'email'];
const WIZARD_FIELDS: readonly (keyof Values)[] = [...PERSON_FIELDS, 'roles', 'full_access'];
const ROLE_NOTES: Record<Role, string> = {
  admin: msg('Office staff: manages the school in this app.'),
  teacher: msg('Teaches lessons, grades and talks with students.'),
  student: msg('Attends lessons, does tasks and quizzes.'),
  client: msg('Parent, guardian or payer of students.'),
};

const FULL_ACCESS_NOTE = msg(
  "Every right in this school. Without it, an admin has only their permission groups' rights.",
);

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
  const invalidation = useUsersInvalidation();
  const access = useResourceAccess(users);
  const mayGrantFullAccess = useMayGrantFullAccess();
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<DetailRecord | null>(null);
  const [flash, showFlash] = useFlashMessage();
  const form = useForm<Values>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      language: 'el',
      roles: [],
      full_access: false,
    },
    resolver: zodResolver(writeSchema(users, 'create')) as unknown as Resolver<Values>,
  });
  const { control, trigger, getValues, formState, reset, setError, watch } = form;
  const choosingAdmin = watch('roles').includes('admin');
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
      const values = getValues();
      // Full access is asked for only where it was offered, and only with the admin role.
      const record = await createRecord(
        { ...access.scope },
        {
          ...values,
          full_access: mayGrantFullAccess && values.roles.includes('admin') && values.full_access,
        },
      );
      await invalidation.afterCreate();
      reset(getValues());
      setCreated(record);
    } catch (error) {
      const placed = formErrors(error, WIZARD_FIELDS, t);
      const marked = Object.keys(placed.fields) as (keyof Values)[];
      for (const name of marked) setError(name, { type: 'server', message: placed.fields[name] });
      // Back to the step that shows the first marked field (the person, or the roles).
      if (marked.some((name) => PERSON_FIELDS.includes(name))) setStep(0);
      else if (marked.length > 0) setStep(1);
      showFlash({ intent: 'error', text: placed.general });
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
                {mayGrantFullAccess && choosingAdmin && (
                  <Controller
                    name="full_access"
                    control={control}
                    render={({ field: access, fieldState }) => (
                      <Field
                        validationMessage={fieldState.error?.message && t(fieldState.error.message)}
                      >
                        <div className={styles.role}>
                          <Checkbox
                            label={t('Full access')}
                            checked={access.value}
                            onChange={(_e, d) => access.onChange(d.checked === true)}
                            data-testid="wizard-full-access"
                          />
                          <Text size={200} className={styles.note}>
                            {t(FULL_ACCESS_NOTE)}
                          </Text>
                        </div>
                      </Field>
                    )}
                  />
                )}
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
              {mayGrantFullAccess && getValues().roles.includes('admin') && getValues().full_access
                ? ` · ${t('Full access')}`
                : ''}
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
