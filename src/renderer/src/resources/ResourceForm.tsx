import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Field,
  makeStyles,
  Spinner,
  Toast,
  ToastTitle,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { Delete20Regular, Save20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { writeSchema, type ResourceDefinition } from '../../../shared/resources';
import { ApiError } from '../api/apiError';
import { useAppToaster } from '../app/toaster';
import { msg } from '../i18n/msg';
import { FlashMessage } from '../components/FlashMessage';
import { LeaveWithoutSavingDialog } from '../components/LeaveWithoutSavingDialog';
import { useFlashMessage } from '../components/useFlashMessage';
import { formErrors } from '../api/formErrors';
import { FieldInput } from './FieldInput';
import {
  changedValues,
  formDefaults,
  formRows,
  hasMissingRequired,
  type FormValues,
} from './formLogic';
import {
  createRecord,
  resourceKeys,
  updateRecord,
  type DetailRecord,
  type ResourceScope,
} from './resourceApi';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    '@media (max-width: 575.98px)': { padding: tokens.spacingHorizontalM },
  },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalL,
    gridTemplateColumns: 'repeat(var(--columns), minmax(0, 1fr))',
    '@media (max-width: 575.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
  grow: { flexGrow: 1 },
});

export interface ResourceFormProps {
  resource: ResourceDefinition;
  scope: ResourceScope;
  mode: 'create' | 'update';
  record?: DetailRecord;
  /** Starting values of a new record (a copy, or the parent of a part). */
  initial?: FormValues;
  /** No saving (the caller may not update this record); Delete may still be offered. */
  readOnly?: boolean;
  /**
   * Fields the screen sets and does not show, because the page already says them (the building
   * of a room in its building's dialog). What a role may not see is the declaration's business.
   */
  impliedFields?: readonly string[];
  onSaved?: (record: DetailRecord, mode: 'create' | 'update') => void;
  onDelete?: () => void;
  onCancel?: () => void;
  /** Extra buttons beside Save (invite a user...). */
  actions?: ReactNode;
  /** Whether leaving with unsaved changes asks first (off inside dialogs). */
  guardLeave?: boolean;
}

/**
 * The form of a declared resource, laid out by its `form` rows and validated with the same zod
 * schema as the server; an update sends only the changed fields.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { resource, scope, mode, record } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { dispatchToast } = useAppToaster();
  const [flash, showFlash] = useFlashMessage();
  const [saving, setSaving] = useState(false);
  // The delete confirmation hands focus back to the Delete button when it is cancelled.
  const restoreFocusTarget = useRestoreFocusTarget();
  const defaults = useMemo(
    () => props.initial ?? formDefaults(resource, record, { role: scope.role }),
    [props.initial, resource, record, scope.role],
  );
  const resolver = useMemo(
    () => zodResolver(writeSchema(resource, mode)) as unknown as Resolver<FormValues>,
    [resource, mode],
  );
  const form = useForm<FormValues>({ defaultValues: defaults, resolver, mode: 'onTouched' });
  const { control, handleSubmit, formState, reset, setError, getValues } = form;
  const rows = useMemo(
    () => formRows(resource, scope.role, props.impliedFields),
    [resource, scope.role, props.impliedFields],
  );

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const missing = hasMissingRequired(resource, getValues(), Object.keys(errors));
    showFlash({
      intent: 'error',
      text: missing ? msg('Required Fields Are Missing') : msg('Please correct the marked fields'),
    });
  };

  const onValid = async (values: FormValues) => {
    // The fields are disabled while saving, which drops focus to <body>; it comes back where the
    // user was (a field, or Save) once the answer is in. The result is announced by the toast.
    const focused = document.activeElement;
    setSaving(true);
    try {
      const saved =
        mode === 'create'
          ? await createRecord(scope, values)
          : await updateRecord(scope, record!.id, changedValues(values, formState.dirtyFields));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(scope) });
      reset(formDefaults(resource, saved, { role: scope.role }));
      showFlash(null);
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      props.onSaved?.(saved, mode);
    } catch (error) {
      const placed = formErrors(error, rows.flat(), t);
      for (const [name, message] of Object.entries(placed.fields)) {
        setError(name, { type: 'server', message });
      }
      // Spec §8's own words for an empty required field, when the server did not code a rule.
      const missing =
        error instanceof ApiError &&
        error.issues.length === 0 &&
        error.code === 'validation' &&
        hasMissingRequired(resource, values, Object.keys(error.fields));
      showFlash({
        intent: 'error',
        text: missing ? msg('Missing Required Fields!') : placed.general,
      });
    } finally {
      setSaving(false);
      requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && focused instanceof HTMLElement && focused.isConnected) focused.focus();
      });
    }
  };

  const disabled = Boolean(props.readOnly) || saving;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      data-testid={`resource-form-${resource.name}`}
    >
      <FlashMessage flash={flash} />
      {rows.map((row) => {
        return (
          <div
            key={row.join()}
            className={styles.row}
            style={{ ['--columns' as string]: row.length }}
          >
            {row.map((name) => {
              const field = resource.fields.find((f) => f.name === name);
              if (!field) return null;
              const id = `field-${resource.name}-${name}`;
              return (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field: input, fieldState }) => (
                    <Field
                      label={{ children: t(field.label), htmlFor: id }}
                      required={field.required && !props.readOnly}
                      validationMessage={
                        fieldState.error?.message ? t(fieldState.error.message) : undefined
                      }
                      data-testid={`field-${name}`}
                    >
                      <FieldInput
                        id={id}
                        field={field}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        disabled={disabled}
                        invalid={Boolean(fieldState.error)}
                        known={record?.labels?.[name] ?? []}
                      />
                    </Field>
                  )}
                />
              );
            })}
          </div>
        );
      })}
      {(!props.readOnly || props.onDelete) && (
        <div className={styles.actions}>
          {!props.readOnly && (
            <>
              <Button
                type="submit"
                appearance="primary"
                icon={saving ? <Spinner size="tiny" /> : <Save20Regular />}
                // Focusable while busy, so that pressing it does not lose focus.
                disabledFocusable={saving}
                data-testid="form-save"
              >
                {mode === 'create' ? t('Create') : t('Save')}
              </Button>
              {props.onCancel && <Button onClick={props.onCancel}>{t('Cancel')}</Button>}
              {props.actions}
            </>
          )}
          <span className={styles.grow} />
          {props.onDelete && (
            <Button
              icon={<Delete20Regular />}
              onClick={props.onDelete}
              {...restoreFocusTarget}
              data-testid="form-delete"
            >
              {t('Delete')}
            </Button>
          )}
        </div>
      )}
      {props.guardLeave !== false && (
        <LeaveWithoutSavingDialog when={formState.isDirty && !saving} />
      )}
    </form>
  );
}
