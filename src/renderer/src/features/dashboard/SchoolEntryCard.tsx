import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { SchoolEntry } from '../../../../shared/api';
import { fileUrl } from '../../api/files';
import schoolDefault from '../../assets/school-default.svg';

const useStyles = makeStyles({
  card: {
    boxSizing: 'border-box',
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    textAlign: 'start',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    fontFamily: tokens.fontFamilyBase,
    transitionProperty: 'box-shadow, border-color',
    transitionDuration: tokens.durationFaster,
    ':hover': { boxShadow: tokens.shadow8, border: `1px solid ${tokens.colorBrandStroke2}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  logo: {
    width: '56px',
    height: '56px',
    flexShrink: 0,
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
});

/** One school-and-role entry: logo (or the default image), school name, the user's names. */
export function SchoolEntryCard({ entry, onOpen }: { entry: SchoolEntry; onOpen: () => void }) {
  const styles = useStyles();
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="school-entry">
      <img
        className={styles.logo}
        src={entry.logo ? fileUrl(entry.logo) : schoolDefault}
        alt=""
        onError={(event) => {
          event.currentTarget.src = schoolDefault;
        }}
      />
      <span className={styles.text}>
        <Text weight="semibold" size={400}>
          {entry.name}
        </Text>
        <Text>{`${entry.first_name} ${entry.last_name}`}</Text>
      </span>
    </button>
  );
}
