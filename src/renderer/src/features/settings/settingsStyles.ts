import { makeStyles, tokens } from '@fluentui/react-components';

/** The cards and grids the settings sections share. */
export const useSettingsStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    '@media (max-width: 575.98px)': { padding: tokens.spacingHorizontalM },
  },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr)) auto',
  },
  inline: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  logo: {
    width: '64px',
    height: '64px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});
