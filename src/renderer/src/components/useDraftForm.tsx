import { Toast, ToastTitle } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formErrors } from '../api/formErrors';
import { useAppToaster } from '../app/toaster';

/**
 * The state and calls of a teaching record's form (a chapter, a task, a task book): its draft
 * and lesson, whether they changed, Save (create or update) and Delete after asking.
 *
 * The values travel with the Save call, not through the mutation's options (an effect sets
 * those): a Save clicked straight after a change sends that change.
 */
export function useDraftForm<Draft, Saved extends { id: number }>(options: {
  initial: Draft;
  initialLesson: number | null;
  /** A record the caller may only read does not save. */
  editable: boolean;
  /** The fields the form shows, so that their errors go beside them. */
  fields: readonly string[];
  /** Creates the record (no id yet) or updates it. */
  save: (values: Draft, lessonId: number | null) => Promise<Saved>;
  remove: () => Promise<void>;
  /** Refreshes what the write changed (lists, the home). */
  afterWrite: () => Promise<unknown>;
  /** Set while creating: where the new record opens once saved. */
  openCreated?: (id: number) => string;
  /** Where Delete leads. */
  listPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dispatchToast } = useAppToaster();
  const [draft, setDraft] = useState<Draft>(options.initial);
  const [lessonId, setLessonId] = useState<number | null>(options.initialLesson);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const chooseLesson = (next: number | null) => {
    setLessonId(next);
    setDirty(true);
  };

  const save = useMutation({
    mutationFn: ({ values, lesson }: { values: Draft; lesson: number | null }) =>
      options.save(values, lesson),
    onSuccess: async (saved) => {
      flushSync(() => setDirty(false));
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      await options.afterWrite();
      if (options.openCreated) void navigate(options.openCreated(saved.id), { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: async () => {
      flushSync(() => setDirty(false));
      await options.afterWrite();
      void navigate(options.listPath);
    },
    onSettled: () => setConfirming(false),
  });

  return {
    draft,
    change,
    lessonId,
    chooseLesson,
    dirty,
    confirming,
    setConfirming,
    save,
    remove,
    /** The form's onSubmit: saves the values shown now. */
    submit: (event: FormEvent) => {
      event.preventDefault();
      if (options.editable) save.mutate({ values: draft, lesson: lessonId });
    },
    errors: save.error ? formErrors(save.error, options.fields, t) : null,
    removeError: remove.error ? formErrors(remove.error, [], t).general : '',
  };
}
