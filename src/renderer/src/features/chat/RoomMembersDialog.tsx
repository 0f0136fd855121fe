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
import { PeopleTeam24Regular, PersonDelete24Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatContact, ChatMember, ChatRoomDetail } from '../../../../shared/api/chat';
import { apiErrorMessage } from '../../api/apiErrorText';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useSearchBoxSlots } from '../../components/fluentSlots';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import {
  addChatMembers,
  chatKeys,
  removeChatMember,
  useRoomCandidates,
  type ChatScope,
} from './chatApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '30vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '40px',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  role: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  status: { minHeight: '20px', color: tokens.colorNeutralForeground2 },
});

/**
 * A group room's members for the office (`abilities.manage_members`): the list, taking a person
 * out (after a confirmation) and adding people of the school found by name.
 */
export function RoomMembersDialog({ scope, room }: { scope: ChatScope; room: ChatRoomDetail }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const searchBoxSlots = useSearchBoxSlots();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<ChatMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const people = useRoomCandidates(scope, query, open, room.id);
  const membersId = useId();
  const addId = useId();

  // The answer is the room's members: shown at once; the list of rooms and the picker follow.
  const changed = (members: ChatMember[]) => {
    queryClient.setQueryData<ChatRoomDetail>(chatKeys.room(scope, room.id), (current) =>
      current ? { ...current, members } : current,
    );
    void queryClient.invalidateQueries({ queryKey: chatKeys.all(scope) });
  };

  const act = async (work: () => Promise<ChatMember[]>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      changed(await work());
      setStatus(done);
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const add = (person: ChatContact) =>
    act(
      () => addChatMembers(scope, room.id, [person.user_id]),
      t('{{name}} was added.', { name: person.name }),
    );
  const remove = (member: ChatMember) =>
    act(
      () => removeChatMember(scope, room.id, member.user_id),
      t('{{name}} was removed.', { name: member.name }),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        setOpen(data.open);
        if (!data.open) {
          setSearch('');
          setError(null);
          setStatus('');
        }
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<PeopleTeam24Regular />} data-testid="room-members">
          {t('Members: {{count}}', { count: room.members.length })}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Members of {{name}}', { name: room.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            {error && (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            <div className={styles.status} aria-live="polite" data-testid="room-members-status">
              {status}
            </div>
            <section className={styles.section}>
              <Text weight="semibold" id={membersId}>
                {t('Members: {{count}}', { count: room.members.length })}
              </Text>
              <ul className={styles.list} aria-labelledby={membersId}>
                {room.members.map((member) => (
                  <li key={member.user_id} className={styles.row} data-testid="room-member">
                    <div className={styles.who}>
                      <Text className={styles.name}>
                        {member.name}
                        {member.user_id === room.me ? ` (${t('you')})` : ''}
                      </Text>
                    </div>
                    <Button
                      appearance="subtle"
                      icon={<PersonDelete24Regular />}
                      aria-label={t('Remove {{name}}', { name: member.name })}
                      title={t('Remove {{name}}', { name: member.name })}
                      // A group keeps at least one member.
                      disabled={busy || room.members.length <= 1}
                      onClick={() => setRemoving(member)}
                    />
                  </li>
                ))}
              </ul>
            </section>
            <section className={styles.section}>
              <Text weight="semibold" id={addId}>
                {t('Add people')}
              </Text>
              <SearchBox
                {...searchBoxSlots}
                value={search}
                onChange={(_event, data) => setSearch(data.value)}
                placeholder={t('Search people')}
                aria-label={t('Search people')}
              />
              {people.isPending ? (
                <Spinner size="small" label={t('Loading...')} />
              ) : !people.data?.length ? (
                <Text>{t('Nothing Found')}</Text>
              ) : (
                <ul className={styles.list} aria-labelledby={addId}>
                  {people.data.map((person) => (
                    <li key={person.user_id} className={styles.row} data-testid="room-candidate">
                      <div className={styles.who}>
                        <Text className={styles.name}>{person.name}</Text>
                        <span className={styles.role}>{t(ROLE_LABELS[person.role])}</span>
                      </div>
                      <Button
                        disabled={busy}
                        aria-label={t('Add {{name}}', { name: person.name })}
                        onClick={() => void add(person)}
                      >
                        {t('Add')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
        {/* The confirmation opens over the members dialog (a nested dialog). */}
        <Dialog
          open={removing !== null}
          onOpenChange={(_event, data) => !data.open && setRemoving(null)}
        >
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('Remove member')}</DialogTitle>
              <DialogContent>
                {t(
                  'Take {{name}} out of this group? They will no longer read it or receive its messages.',
                  { name: removing?.name ?? '' },
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setRemoving(null)}>{t('Cancel')}</Button>
                <Button
                  appearance="primary"
                  onClick={() => {
                    const target = removing;
                    setRemoving(null);
                    if (target) void remove(target);
                  }}
                >
                  {t('Remove')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </DialogSurface>
    </Dialog>
  );
}
