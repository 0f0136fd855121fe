import { makeStyles } from '@fluentui/react-components';

/** Icon buttons of the top bar with a count badge on their corner. */
export const useTopBarButtonStyles = makeStyles({
  button: { position: 'relative', minWidth: '40px' },
  badge: { position: 'absolute', top: '2px', right: '0px', pointerEvents: 'none' },
});
