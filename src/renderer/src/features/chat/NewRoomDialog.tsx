import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Tag,
  TagGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PeopleAdd24Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChatContact } from '../../../../shared/api/chat';
import { ApiError } from '../../api/apiError';
import { apiErrorMessage } from '../../api/apiErrorText';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useSearchBoxSlots } from '../../components/fluentSlots';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { chatKeys, createChatRoom, useRoomCandidates, type ChatScope } from './chatApi';

const NAME_MAX = 120;

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '36vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
  },
  person: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  role: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  chosen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  tags: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/**
 * The office makes a group room (`POST …/admin/chat/rooms`): a name and the people it chooses
 * among everyone of the school; the office is a member of it too.
 */
export function NewRoomDialog({ scope, basePath }: { scope: ChatScope; basePath: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const searchBoxSlots = useSearchBoxSlots();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, ChatContact>>(new Map());
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const query = useDebouncedValue(search.trim(), 300);
  const people = useRoomCandidates(scope, query, open);
  const membersId = useId();

  const reset = () => {
    setName('');
    setSearch('');
    setChosen(new Map());
    setFields({});
    setError(null);
  };
  const toggle = (person: ChatContact, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(person.user_id, person);
      else next.delete(person.user_id);
      return next;
    });

  const create = async () => {
    const missing: Record<string, string> = {};
    if (name.trim() === '') missing.name = t('This field is required');
    if (chosen.size === 0) missing.user_ids = t('Choose at least one member');
    setFields(missing);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      const roomId = await createChatRoom(scope, name.trim(), [...chosen.keys()]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.all(scope) });
      setOpen(false);
      reset();
      void navigate(`${basePath}/message/${roomId}`);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0)
        setFields(Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [k, t(v)])));
      setError(apiErrorMessage(failure, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        setOpen(data.open);
        if (!data.open) reset();
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<PeopleAdd24Regular />} data-testid="new-room">
          {t('New group')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('New group')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field
              label={t('Name of the group')}
              required
              validationMessage={fields.name}
              validationState={fields.name ? 'error' : 'none'}
            >
              <Input
                value={name}
                maxLength={NAME_MAX}
                onChange={(_event, data) => setName(data.value)}
              />
            </Field>
            <div className={styles.chosen}>
              <Text weight="semibold" id={membersId}>
                {t('Members: {{count}}', { count: chosen.size })}
              </Text>
              {chosen.size > 0 && (
                <TagGroup
                  className={styles.tags}
                  aria-labelledby={membersId}
                  onDismiss={(_event, data) => {
                    const person = chosen.get(Number(data.value));
                    if (person) toggle(person, false);
                  }}
                >
                  {[...chosen.values()].map((person) => (
                    <Tag
                      key={person.user_id}
                      value={String(person.user_id)}
                      dismissible
                      dismissIcon={{ 'aria-label': t('Remove {{name}}', { name: person.name }) }}
                      size="small"
                    >
                      {person.name}
                    </Tag>
                  ))}
                </TagGroup>
              )}
              {fields.user_ids && (
                <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                  {fields.user_ids}
                </Text>
              )}
            </div>
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
            {people.isPending ? (
              <Spinner label={t('Loading...')} />
            ) : !people.data?.length ? (
              <Text>{t('Nothing Found')}</Text>
            ) : (
              <ul className={styles.list} aria-label={t('People')}>
                {people.data.map((person) => (
                  <li key={person.user_id} className={styles.person} data-testid="room-candidate">
                    <Checkbox
                      checked={chosen.has(person.user_id)}
                      onChange={(_event, data) => toggle(person, data.checked === true)}
                      label={person.name}
                    />
                    <span className={styles.role}>{t(ROLE_LABELS[person.role])}</span>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Cancel')}</Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={saving} onClick={() => void create()}>
              {t('Create')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
