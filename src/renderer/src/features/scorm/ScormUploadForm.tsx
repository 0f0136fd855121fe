import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScormPackage } from '../../../../shared/api/scorm';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import type { LessonChoice } from '../lessons/useLessonChoices';
import { uploadPackage } from './scormApi';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  field: { minWidth: '200px', flex: '1 1 200px' },
});

/** Upload of a SCORM zip to one of the teacher's lessons; a refusal says why, on the file. */
export function ScormUploadForm({
  lessons,
  initialLesson,
  onUploaded,
}: {
  lessons: LessonChoice[];
  initialLesson: number | null;
  onUploaded: (created: ScormPackage) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const [lessonId, setLessonId] = useState<number | null>(initialLesson ?? lessons[0]?.id ?? null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: () => uploadPackage({ schoolId, role }, { lessonId: lessonId!, title }, file!),
    onSuccess: (created) => {
      setFile(null);
      setTitle('');
      setInputKey((k) => k + 1);
      onUploaded(created);
    },
  });
  const fileError = upload.isError ? apiErrorMessage(upload.error, t) : undefined;
  return (
    <form
      className={styles.form}
      aria-label={t('Upload a SCORM package')}
      onSubmit={(event) => {
        event.preventDefault();
        if (lessonId !== null && file) upload.mutate();
      }}
    >
      <Field label={t('Lesson')} className={styles.field} required>
        <Select
          value={lessonId === null ? '' : String(lessonId)}
          onChange={(_event, data) => setLessonId(data.value ? Number(data.value) : null)}
          data-testid="scorm-lesson"
        >
          {lessons.map((lesson) => (
            <option key={lesson.id} value={lesson.id}>
              {lesson.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('Title (optional)')} className={styles.field}>
        <Input
          value={title}
          maxLength={200}
          onChange={(_event, data) => setTitle(data.value)}
          placeholder={t("The package's own title")}
        />
      </Field>
      <Field
        label={t('SCORM package (zip)')}
        className={styles.field}
        required
        validationMessage={fileError}
        validationState={fileError ? 'error' : 'none'}
      >
        <input
          key={inputKey}
          type="file"
          accept=".zip,application/zip"
          // Fluent's Field labels its own controls only: the native picker is named here.
          aria-label={t('SCORM package (zip)')}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => {
            upload.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
          data-testid="scorm-file"
        />
      </Field>
      <Button
        appearance="primary"
        type="submit"
        icon={<ArrowUpload20Regular />}
        disabled={!file || lessonId === null || upload.isPending}
        data-testid="scorm-upload"
      >
        {upload.isPending ? t('Uploading...') : t('Upload')}
      </Button>
    </form>
  );
}
