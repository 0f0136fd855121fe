import { makeStyles, tokens } from '@fluentui/react-components';
import { PayerReceipts } from '../invoices/PayerReceipts';
import { RoleHome } from '../home/RoleHome';

const useStyles = makeStyles({
  below: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXL}`,
  },
});

/** A parent's home: the family's day and what is new, then their receipts to download. */
export function ClientHome() {
  const styles = useStyles();
  return (
    <>
      <RoleHome />
      <div className={styles.below}>
        <PayerReceipts />
      </div>
    </>
  );
}
