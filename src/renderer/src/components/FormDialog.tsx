import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * A dialog that is one form: its title, the form's error for no field in particular, the
 * fields, then Cancel and Save (a spinner while saving; Enter in a field saves). Open while
 * shown; closing it (Cancel, Escape) calls onClose, and focus goes back where it was.
 *
 * The dialog is drawn in a portal, but React still passes its submit up to a form around the
 * element that opened it; the submit stops here.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  onSubmit,
  saving,
  error,
  saveLabel,
  children,
}: {
  title: string;
  /** The surface's test id; Save is `<testId without -dialog>-save`. */
  testId: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  /** The form's general error, if any (field errors go beside their fields). */
  error?: string | null;
  /** Save, unless the action has a better word. */
  saveLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface data-testid={testId}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {error && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              {children}
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={onClose}>
                {t('Cancel')}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabledFocusable={saving}
                icon={saving ? <Spinner size="tiny" /> : undefined}
                data-testid={`${testId.replace(/-dialog$/, '')}-save`}
              >
                {saveLabel ?? t('Save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
