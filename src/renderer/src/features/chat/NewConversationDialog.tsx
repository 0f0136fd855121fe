import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChatAdd24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChatContact } from '../../../../shared/api/chat';
import { apiErrorMessage } from '../../api/apiErrorText';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useSearchBoxSlots } from '../../components/fluentSlots';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { openConversation, useChatContacts, type ChatScope } from './chatApi';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '50vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
  },
  person: { width: '100%', justifyContent: 'space-between' },
  role: { color: tokens.colorNeutralForeground2 },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Starts (or reopens) a direct conversation with someone the server offers as a contact. */
export function NewConversationDialog({ scope, basePath }: { scope: ChatScope; basePath: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const searchBoxSlots = useSearchBoxSlots();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const query = useDebouncedValue(search.trim(), 300);
  const contacts = useChatContacts(scope, query, open);

  const start = async (contact: ChatContact) => {
    try {
      const roomId = await openConversation(scope, contact.user_id, contact.role);
      setOpen(false);
      void navigate(`${basePath}/message/${roomId}`);
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<ChatAdd24Regular />} data-testid="new-conversation">
          {t('New conversation')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('New conversation')}</DialogTitle>
          <DialogContent className={styles.content}>
            <SearchBox
              {...searchBoxSlots}
              value={search}
              onChange={(_event, data) => setSearch(data.value)}
              placeholder={t('Search people')}
              aria-label={t('Search people')}
            />
            {error && (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            {contacts.isPending ? (
              <Spinner label={t('Loading...')} />
            ) : !contacts.data?.length ? (
              <Text>{t('Nothing Found')}</Text>
            ) : (
              <ul className={styles.list} aria-label={t('People')}>
                {contacts.data.map((contact) => (
                  <li key={`${contact.user_id}-${contact.role}`}>
                    <Button
                      appearance="subtle"
                      className={styles.person}
                      onClick={() => void start(contact)}
                    >
                      <span>{contact.name}</span>
                      <span className={styles.role}>{t(ROLE_LABELS[contact.role])}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
