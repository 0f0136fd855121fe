import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The frame of the toolbar's insert dialogs: a form, so that Enter inserts. */
export function ToolbarDialog({
  title,
  onClose,
  onSubmit,
  actions,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries a portal's events to its React ancestors: without this, inserting an
    // equation also submitted the chapter or task form the editor sits in (and saved it).
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>{children}</DialogContent>
            <DialogActions>
              <Button type="button" onClick={onClose}>
                {t('Cancel')}
              </Button>
              {actions}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
