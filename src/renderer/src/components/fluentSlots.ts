import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

// Fluent UI names some of its parts itself, in English only: a combobox's arrow ("Open"), its
// clear button and a dropdown's ("Clear selection"), a search box's ("clear"). A Greek screen
// reader user would hear English. Every combobox, dropdown and search box takes its slots from
// here, so that the names are translated (the axe test fails on an English default in Greek).

const useStyles = makeStyles({
  // A combobox's arrow is a tab stop of its own, 20×20 by default; WCAG 2.2 (2.5.8) asks 24×24.
  expandIcon: {
    minWidth: '24px',
    minHeight: '24px',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
});

/** Slots of a Combobox: its arrow (named after the field when `label` is given) and clear icon. */
export function useComboboxSlots(label?: string) {
  const { t } = useTranslation();
  const styles = useStyles();
  return {
    expandIcon: {
      className: styles.expandIcon,
      'aria-label': label ? t('Open {{label}}', { label }) : t('Open'),
    },
    clearIcon: { 'aria-label': t('Clear selection') },
  };
}

/** Slots of a Dropdown: its clear button. */
export function useDropdownSlots() {
  const { t } = useTranslation();
  return { clearButton: { 'aria-label': t('Clear selection') } };
}

/** Slots of a SearchBox: its clear button. */
export function useSearchBoxSlots() {
  const { t } = useTranslation();
  return { dismiss: { 'aria-label': t('Clear') } };
}
