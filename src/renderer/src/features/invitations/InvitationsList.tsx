import {
  Badge,
  Button,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_LAYOUT_MAX_WIDTH, LIST_PAGE_SIZE } from '../../../../shared/constants';
import type { Invitation } from '../../../../shared/api/invitations';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { ROLE_LABELS } from '../../app/roleLabels';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { useAppToaster } from '../../app/toaster';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { listInvitations, revokeInvitation } from './invitationsApi';
import { RevokeInvitationDialog } from './RevokeInvitationDialog';

const STATUS_LABELS: Record<Invitation['status'], string> = {
  pending: msg('Pending'),
  accepted: msg('Accepted'),
  revoked: msg('Revoked'),
  expired: msg('Expired'),
};
const STATUS_COLORS = {
  pending: 'warning',
  accepted: 'success',
  revoked: 'subtle',
  expired: 'subtle',
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  frame: {
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cell: { overflow: 'hidden', textOverflow: 'ellipsis' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  cardHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

/** The school's invitations, newest first (the server's order), a page at a time, with Revoke. */
export function InvitationsList() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  const { dispatchToast } = useAppToaster();
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // Focus goes back to the Revoke button that opened the dialog.
  const opener = useRef<HTMLButtonElement | null>(null);
  // After the dialog has closed and let go of the focus.
  const refocusOpener = () => requestAnimationFrame(() => opener.current?.focus());
  const listKey = ['schools', schoolId, role, 'invitations'] as const;
  const list = useQuery({
    queryKey: [...listKey, page],
    queryFn: ({ signal }) => listInvitations(scope, page, LIST_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeInvitation(scope, id),
    onSuccess: () =>
      dispatchToast(
        <Toast>
          <ToastTitle>{t('The invitation was revoked: its link no longer works.')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      ),
    onError: (error) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
        </Toast>,
        { intent: 'error' },
      ),
    onSettled: () => {
      setRevoking(null);
      refocusOpener();
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  const date = (iso: string) => formatLongDate(iso, i18n.language);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const nameOf = (row: Invitation) => `${row.last_name} ${row.first_name}`.trim();
  const status = (row: Invitation) => (
    <Badge appearance="tint" color={STATUS_COLORS[row.status]} data-testid="invitation-status">
      {t(STATUS_LABELS[row.status])}
    </Badge>
  );
  const revokeButton = (row: Invitation) =>
    row.status === 'pending' ? (
      <Button
        size="small"
        onClick={(event) => {
          opener.current = event.currentTarget;
          setRevoking(row);
        }}
        aria-label={t('Revoke the invitation of {{email}}', { email: row.email })}
        data-testid="invitation-revoke"
      >
        {t('Revoke')}
      </Button>
    ) : null;
  const rows = list.data?.rows ?? [];

  return (
    <div className={styles.root} data-testid="users-invitations">
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : narrow ? (
        <div className={styles.cards}>
          {rows.map((row) => (
            <div key={row.id} className={styles.card} data-testid="invitation-row">
              <div className={styles.cardHead}>
                <Text weight="semibold" className={styles.grow}>
                  {row.email}
                </Text>
                {status(row)}
              </div>
              <Text size={200}>
                {nameOf(row)} · {t(ROLE_LABELS[row.role])}
              </Text>
              <Text size={200} className={styles.muted}>
                {t('Sent {{sent}}, expires {{expires}}', {
                  sent: date(row.created_at),
                  expires: date(row.expires_at),
                })}
              </Text>
              {row.status === 'pending' && <div>{revokeButton(row)}</div>}
            </div>
          ))}
        </div>
      ) : (
        <div className={styles.frame}>
          <Table size="small" aria-label={t('Invitations')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: '22%' }}>{t('Email')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '9%' }}>{t('Role')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '17%' }}>{t('Name')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '16%' }}>{t('Sent')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '16%' }}>{t('Expires')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '10%' }}>{t('Status')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '88px' }} aria-label={t('Actions')} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="invitation-row">
                  <TableCell className={styles.cell} title={row.email}>
                    {row.email}
                  </TableCell>
                  <TableCell>{t(ROLE_LABELS[row.role])}</TableCell>
                  <TableCell className={styles.cell}>{nameOf(row)}</TableCell>
                  <TableCell>{date(row.created_at)}</TableCell>
                  <TableCell>{date(row.expires_at)}</TableCell>
                  <TableCell>{status(row)}</TableCell>
                  <TableCell>{revokeButton(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('Pages')}>
          <Button
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            data-testid="page-previous"
          >
            {t('Previous')}
          </Button>
          <Text aria-live="polite">{t('Page {{page}} of {{pages}}', { page, pages })}</Text>
          <Button
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="page-next"
          >
            {t('Next')}
          </Button>
        </nav>
      )}
      <RevokeInvitationDialog
        invitation={revoking}
        busy={revoke.isPending}
        onCancel={() => {
          setRevoking(null);
          refocusOpener();
        }}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </div>
  );
}
