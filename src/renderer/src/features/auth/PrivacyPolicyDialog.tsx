import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';

// The policy text is the platform's default; a school may replace any paragraph through its
// translations setting, as with every other text.
const PARAGRAPHS = [
  msg(
    'Your school uses Mathema to organise lessons, online teaching, grades, absences, messages and payments. The school is the controller of your personal data; Mathema processes it on the school’s behalf.',
  ),
  msg(
    'We keep only what the school needs for these purposes: your name, contact details, the school records that concern you, and the messages and files you exchange on the platform.',
  ),
  msg(
    'Your data is not sold or shared for advertising. It is disclosed only to the school’s staff, to the people the school allows (for example a student’s guardians), and where the law requires it.',
  ),
  msg(
    'Data is kept for as long as you are a member of the school and for the periods the law sets for school and financial records; then it is deleted.',
  ),
  msg(
    'You may ask the school to see, correct, export or erase your data, or object to its processing. You may also complain to the Hellenic Data Protection Authority.',
  ),
] as const;

export function PrivacyPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('Privacy policy')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {PARAGRAPHS.map((paragraph) => (
              <Text as="p" key={paragraph} style={{ margin: 0 }}>
                {t(paragraph)}
              </Text>
            ))}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
