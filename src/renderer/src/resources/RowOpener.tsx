import { Link, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { AppLink } from '../components/AppLink';
import { focusRing } from '../components/focusRing';
import type { ResourceRecord } from './resourceApi';

const useStyles = makeStyles({ button: { ...focusRing, textAlign: 'start' } });

/**
 * The row's name as the way to open it: a link when the record has a route of its own, a
 * button when it opens in a dialog (a building's rooms), plain text when it does not open. A
 * click on the row does the same for the mouse; this is what the keyboard reaches.
 */
export function RowOpener({
  row,
  hrefOf,
  onOpen,
  children,
}: {
  row: ResourceRecord;
  hrefOf?: (row: ResourceRecord) => string;
  onOpen?: (row: ResourceRecord) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  if (hrefOf)
    return (
      <span onClick={(event) => event.stopPropagation()}>
        <AppLink to={hrefOf(row)}>{children}</AppLink>
      </span>
    );
  if (onOpen)
    return (
      <Link
        as="button"
        className={styles.button}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(row);
        }}
      >
        {children}
      </Link>
    );
  return <>{children}</>;
}
