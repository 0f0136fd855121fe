import { Link, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { focusRing } from './focusRing';

// Fluent's link marks keyboard focus with a double underline only, too faint to find in a list.
const useStyles = makeStyles({ link: focusRing });

/** A Fluent link that navigates inside the app (and still opens in a new tab with a modifier). */
export function AppLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Link as="a" href={href} onClick={onClick} className={mergeClasses(styles.link, className)}>
      {children}
    </Link>
  );
}
