import { Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SchoolEntry } from '../../../../shared/api';
import { fileUrl } from '../../api/files';
import { ROLE_LABELS } from '../../app/roleLabels';
import schoolDefault from '../../assets/school-default.svg';

const useStyles = makeStyles({
  card: { width: '100%', height: '100%' },
  logo: {
    width: '56px',
    height: '56px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** One school-and-role entry: logo (or the default image), school name, the user's names. */
export function SchoolEntryCard({ entry, onOpen }: { entry: SchoolEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card
      className={styles.card}
      onClick={onOpen}
      role="button"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        }
      }}
      aria-label={`${entry.name}, ${t(ROLE_LABELS[entry.role])}`}
      data-testid="school-entry"
    >
      <CardHeader
        image={
          <img
            className={styles.logo}
            src={entry.logo ? fileUrl(entry.logo) : schoolDefault}
            alt=""
            onError={(event) => {
              event.currentTarget.src = schoolDefault;
            }}
          />
        }
        header={
          <Text weight="semibold" size={400}>
            {entry.name}
          </Text>
        }
        description={<Text>{`${entry.first_name} ${entry.last_name}`}</Text>}
      />
    </Card>
  );
}
