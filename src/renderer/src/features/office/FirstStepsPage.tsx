import { makeStyles, ProgressBar, Spinner, Text, tokens, Field } from '@fluentui/react-components';
import { CheckmarkCircle24Filled, Circle24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { FirstStepKey } from '../../../../shared/api/office';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { msg } from '../../i18n/msg';
import { useFirstSteps } from './officeApi';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
  },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  step: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  text: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  done: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  open: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** What each step asks for, and what its count means once something is there. */
const STEP_TEXTS: Record<FirstStepKey, { title: string; hint: string }> = {
  school_details: {
    title: msg('School details and logo'),
    hint: msg("The school's name and logo, in the settings."),
  },
  periods: {
    title: msg('Periods and sub-periods'),
    hint: msg('A school year with its terms.'),
  },
  levels: { title: msg('Levels'), hint: msg('The classes the school teaches.') },
  buildings: {
    title: msg('Buildings and rooms'),
    hint: msg('At least one building with its rooms.'),
  },
  teachers: { title: msg('Teachers'), hint: msg('The people who teach.') },
  students: { title: msg('Students imported'), hint: msg('The students, added or imported.') },
  lessons: {
    title: msg('Lessons with timetables'),
    hint: msg('Lessons with their weekly hours.'),
  },
  pricing_items: {
    title: msg('Pricing items'),
    hint: msg('What the school charges for: tuition, registration, books.'),
  },
  mydata: {
    title: msg('myDATA credentials'),
    hint: msg("The server's AADE myDATA access and the school's invoicing details."),
  },
};

/** A new school's checklist (spec route firs-steps), ticked by the server from the data. */
export function FirstStepsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, basePath } = useArea();
  const steps = useFirstSteps(schoolId);
  const data = steps.data;
  return (
    <PageFrame title={t('First steps')}>
      {steps.isError && !data && <Text role="alert">{t(apiErrorText(steps.error))}</Text>}
      {!data ? (
        !steps.isError && <Spinner label={t('Loading...')} />
      ) : (
        <section className={styles.panel} aria-labelledby="first-steps-progress">
          <Field
            label={{
              id: 'first-steps-progress',
              children: t('{{done}} of {{total}} steps done', {
                done: data.done,
                total: data.total,
              }),
            }}
            validationState="none"
          >
            <ProgressBar
              value={data.done}
              max={data.total}
              thickness="large"
              aria-labelledby="first-steps-progress"
            />
          </Field>
          <ul className={styles.list} data-testid="first-steps">
            {data.steps.map((step) => {
              const texts = STEP_TEXTS[step.key];
              return (
                <li
                  key={step.key}
                  className={styles.step}
                  data-testid={`first-step-${step.key}`}
                  data-done={step.done}
                >
                  {step.done ? (
                    <CheckmarkCircle24Filled className={styles.done} aria-hidden />
                  ) : (
                    <Circle24Regular className={styles.open} aria-hidden />
                  )}
                  <span className={styles.text}>
                    {step.link ? (
                      <AppLink to={`${basePath}/${step.link}`}>{t(texts.title)}</AppLink>
                    ) : (
                      <Text weight="semibold">{t(texts.title)}</Text>
                    )}
                    <Text size={200} className={styles.muted}>
                      {`${step.done ? t('Done') : t('Not done yet')} · ${t(texts.hint)}`}
                    </Text>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </PageFrame>
  );
}
