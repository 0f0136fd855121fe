import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  Clock20Regular,
  Globe20Regular,
  Location20Regular,
  Mail20Regular,
  Phone20Regular,
} from '@fluentui/react-icons';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { schoolContactsSetting, type SchoolContacts } from '../../../../shared/api/school';
import { fileUrl } from '../../api/files';
import { useSchoolSettings } from '../../api/schoolQueries';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { NotFoundPage } from '../../app/area/NotFoundPage';
import schoolDefault from '../../assets/school-default.svg';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
  },
  head: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center', flexWrap: 'wrap' },
  logo: {
    width: '96px',
    height: '96px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  name: { margin: 0, overflowWrap: 'anywhere' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0 },
  // A definition list allows a div of dt and dd, nothing else: the icon goes in the dt, and the
  // value lines up under the label.
  term: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: {
    flexShrink: 0,
    display: 'inline-flex',
    width: '20px',
    color: tokens.colorBrandForeground1,
  },
  value: {
    margin: 0,
    paddingLeft: `calc(20px + ${tokens.spacingHorizontalM})`,
    overflowWrap: 'anywhere',
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div>
      <dt className={styles.term}>
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/**
 * The school's public details, read-only (teacher `school/:id`, student `school`): name and logo
 * from the school entry, address and contacts from the setting school_contacts.
 */
export function SchoolPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, entry } = useArea();
  const param = useParams().id;
  const settings = useSchoolSettings(schoolId, true);
  const contacts = useMemo<SchoolContacts>(() => {
    const row = settings.data?.find((setting) => setting.name === 'school_contacts');
    if (!row) return {};
    try {
      const parsed = schoolContactsSetting.safeParse(JSON.parse(row.data));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }, [settings.data]);
  // The teacher's route names the school; only the school of the area is shown.
  if (param !== undefined && Number(param) !== schoolId) return <NotFoundPage />;
  const name = entry?.name ?? '';
  const address = [
    contacts.address,
    [contacts.postal_code, contacts.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const shown =
    address || contacts.phone || contacts.email || contacts.website || contacts.office_hours;
  return (
    <PageFrame title={t('School')}>
      <section className={styles.card} aria-labelledby="school-name" data-testid="school-page">
        <div className={styles.head}>
          <img
            className={styles.logo}
            src={entry?.logo ? fileUrl(entry.logo) : schoolDefault}
            alt={t('Logo of {{name}}', { name })}
          />
          <Text as="h3" id="school-name" size={700} weight="semibold" className={styles.name}>
            {name}
          </Text>
        </div>
        {settings.isPending ? (
          <Spinner label={t('Loading...')} />
        ) : !shown ? (
          <Text className={styles.empty}>
            {t('The school has not published its contact details.')}
          </Text>
        ) : (
          <dl className={styles.list}>
            {address && (
              <Detail icon={<Location20Regular />} label={t('Address')}>
                {address}
              </Detail>
            )}
            {contacts.phone && (
              <Detail icon={<Phone20Regular />} label={t('Phone')}>
                <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a>
              </Detail>
            )}
            {contacts.email && (
              <Detail icon={<Mail20Regular />} label={t('Email')}>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </Detail>
            )}
            {contacts.website && (
              <Detail icon={<Globe20Regular />} label={t('Website')}>
                <a href={contacts.website} target="_blank" rel="noopener noreferrer">
                  {contacts.website}
                </a>
              </Detail>
            )}
            {contacts.office_hours && (
              <Detail icon={<Clock20Regular />} label={t('Office hours')}>
                {contacts.office_hours}
              </Detail>
            )}
          </dl>
        )}
      </section>
    </PageFrame>
  );
}
