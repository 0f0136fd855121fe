import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { LockClosed24Regular, SearchInfo24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  icon: { fontSize: '32px' },
});

/** The empty state of a list (spec §8). */
export function NothingFound() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.empty} data-testid="nothing-found">
      <SearchInfo24Regular className={styles.icon} aria-hidden />
      <Text size={400} weight="semibold">
        {t('Nothing Found')}
      </Text>
    </div>
  );
}

/** What shows instead of a list whose read permission is false (spec §2, §6). */
export function NoReadPermission() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.empty} data-testid="no-permission">
      <LockClosed24Regular className={styles.icon} aria-hidden />
      <Text size={400} weight="semibold">
        {t('You do not have permission to see this list.')}
      </Text>
    </div>
  );
}

/** A failed load, with the server's message or 'Network Error!'. */
export function LoadError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" role="alert" data-testid="load-error">
      <MessageBarBody>{t(message)}</MessageBarBody>
    </MessageBar>
  );
}
