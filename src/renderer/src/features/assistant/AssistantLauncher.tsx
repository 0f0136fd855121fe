import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Sparkle24Regular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhiteLabel } from '../../api/accountQueries';
import { useArea } from '../../app/area/AreaContext';
import { takeFloatingActionSpace } from '../../components/floatingActionSpace';

const AssistantDialog = lazy(() => import('./AssistantDialog'));

/** The button (56 px) and its margin from the edge. */
const FLOATING_ACTION_WIDTH = '72px';

const useStyles = makeStyles({
  floating: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 10,
    width: '56px',
    height: '56px',
    minWidth: '56px',
    borderRadius: tokens.borderRadiusCircular,
    boxShadow: tokens.shadow16,
  },
});

/**
 * The assistant's button (spec §1): in the top bar above 768 wide, floating at 768 and under;
 * it opens the chat modal. The shell shows it only when the school's ai_chatbot_enabled
 * setting is the text true. Its title: the school's translation of the label, which names the
 * white-label provider.
 */
export function AssistantLauncher({ variant }: { variant: 'top-bar' | 'floating' }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const provider = useWhiteLabel().data?.name ?? 'Mathema';
  const [open, setOpen] = useState(false);
  const title = t('{{name}} Assistant', { name: provider });
  useEffect(
    () => (variant === 'floating' ? takeFloatingActionSpace(FLOATING_ACTION_WIDTH) : undefined),
    [variant],
  );
  const button =
    variant === 'floating' ? (
      <Button
        appearance="primary"
        className={styles.floating}
        icon={<Sparkle24Regular />}
        aria-label={title}
        onClick={() => setOpen(true)}
        data-testid="assistant-floating-button"
      />
    ) : (
      <Tooltip content={title} relationship="label">
        <Button
          appearance="subtle"
          icon={<Sparkle24Regular />}
          onClick={() => setOpen(true)}
          data-testid="assistant-button"
        />
      </Tooltip>
    );
  return (
    <>
      {button}
      {open && (
        <Suspense fallback={null}>
          <AssistantDialog
            open
            onClose={() => setOpen(false)}
            title={title}
            schoolId={schoolId}
            role={role}
          />
        </Suspense>
      )}
    </>
  );
}
