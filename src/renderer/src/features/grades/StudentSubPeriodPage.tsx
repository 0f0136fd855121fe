import {
  Button,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { kindLabel } from './GridHeader';
import { checkGradeText, formatGrade } from './gradeText';
import { saveEntry, saveRemark } from './gradesApi';
import type { ValuedItem } from './LessonGradesCard';
import { LessonGradesCard } from './LessonGradesCard';
import { useStudentRecord } from './StudentLessonPage';
import { useGradesInvalidation } from './useGradesInvalidation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (min-width: 768px)': {
      gridTemplateColumns: 'minmax(0, 2fr) 120px minmax(0, 3fr) auto',
      alignItems: 'end',
    },
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** One item's value and comment, saved together. */
function ItemEditor({ item, studentId }: { item: ValuedItem; studentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const lessonId = Number(useParams().lesson_id);
  const invalidation = useGradesInvalidation();
  const [value, setValue] = useState(formatGrade(item.value, i18n.language));
  const [comment, setComment] = useState(item.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { value: number | null; comment: string }) =>
      saveEntry({ schoolId, role }, { lessonId, itemId: item.id!, studentId }, body),
    onSuccess: async () => {
      setError(null);
      announce(t('Saved'));
      await invalidation.afterWrite();
    },
    onError: (failure) => setError(apiErrorMessage(failure, t)),
  });
  const submit = () => {
    const checked = checkGradeText(t, value, item.max_points);
    if (!checked.ok) return setError(checked.message);
    save.mutate({ value: checked.value, comment });
  };
  return (
    <form
      className={styles.item}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="grade-item-editor"
    >
      <div>
        <Text weight="semibold">{item.title}</Text>
        <br />
        <Text size={200} className={styles.muted}>
          {t(kindLabel(item.kind))}
        </Text>
      </div>
      <Field
        label={t('Points (out of {{max}})', { max: item.max_points })}
        validationMessage={error ?? undefined}
      >
        <Input value={value} inputMode="decimal" onChange={(_e, d) => setValue(d.value)} />
      </Field>
      <Field label={t('Comment')}>
        <Input value={comment} onChange={(_e, d) => setComment(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={save.isPending}>
        {t('Save')}
      </Button>
    </form>
  );
}

/** The teacher's remark on the whole sub-period. */
function RemarkEditor({
  initial,
  subPeriodId,
  studentId,
}: {
  initial: string;
  subPeriodId: number;
  studentId: number;
}) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const lessonId = Number(useParams().lesson_id);
  const invalidation = useGradesInvalidation();
  const [text, setText] = useState(initial);
  const save = useMutation({
    mutationFn: () => saveRemark({ schoolId, role }, { lessonId, studentId, subPeriodId }, text),
    onSuccess: async () => {
      announce(t('Saved'));
      await invalidation.afterWrite();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Field
        label={t("Teacher's remark (students and parents see it with the grade)")}
        validationMessage={save.isError ? apiErrorMessage(save.error, t) : undefined}
      >
        <Textarea value={text} rows={3} maxLength={2000} onChange={(_e, d) => setText(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={save.isPending} style={{ marginTop: 8 }}>
        {t('Save remark')}
      </Button>
    </form>
  );
}

/** Teacher `lesson/{lesson_id}/student/{student_id}/grades/{sub_period_id}`. */
export function StudentSubPeriodPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  const subPeriodId = Number(useParams().sub_period_id);
  const { query, lessonId, studentId } = useStudentRecord();
  const data = query.data;
  const record = data?.sub_periods.find((s) => s.sub_period.id === subPeriodId);
  const name = data ? `${data.student.first_name} ${data.student.last_name}` : '';
  const writable = !!data?.abilities.update && record?.sub_period.closed === false;
  return (
    <PageFrame
      title={
        data && record
          ? t('{{student}}: {{lesson}}, {{subPeriod}}', {
              student: name,
              lesson: data.lesson.name,
              subPeriod: record.sub_period.name,
            })
          : t('Grades')
      }
      actions={
        <AppLink to={`${basePath}/lesson/${lessonId}/student/${studentId}`}>
          {t('All sub-periods')}
        </AppLink>
      }
    >
      {query.isError && <LoadError message={apiErrorText(query.error)} />}
      {query.isPending && <Spinner label={t('Loading...')} />}
      {data && !record && <NothingFound />}
      {data && record && (
        <>
          <LessonGradesCard
            heading={t('Sub-period grade')}
            scaleMax={data.scale.max}
            categories={record.categories}
            items={record.items}
            grade={record.grade}
            remark={writable ? null : record.remark}
            testId="student-sub-period"
          />
          {writable && (
            <section className={styles.form} aria-labelledby="grade-edit-heading">
              <Text as="h3" id="grade-edit-heading" size={400} weight="semibold">
                {t('Change grades and comments')}
              </Text>
              {record.items
                .filter((item) => item.editable && item.id !== null)
                .map((item) => (
                  <ItemEditor
                    key={`${item.key}:${item.value}:${item.comment}`}
                    item={item}
                    studentId={studentId}
                  />
                ))}
              <RemarkEditor
                key={record.remark ?? ''}
                initial={record.remark ?? ''}
                subPeriodId={subPeriodId}
                studentId={studentId}
              />
            </section>
          )}
          {!writable && <Text className={styles.muted}>{t('This sub-period is read-only.')}</Text>}
        </>
      )}
    </PageFrame>
  );
}
