import { Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RowOpener } from './RowOpener';
import { ColorSwatch } from './ColorSwatch';
import { cardLineFields, cellText, recordTitle } from './listLogic';
import type { RowsViewProps } from './listTypes';
import { rowActions } from './rowActions';
import { RowActionsMenu } from './RowActionsMenu';

const CARD_GAP = 8;

/** The fixed height of a card with `lines` field lines, the unit of the card list's windowing. */
export const cardHeight = (lines: number) => 52 + lines * 20 + CARD_GAP;

const useStyles = makeStyles({
  slot: { boxSizing: 'border-box', paddingBottom: `${CARD_GAP}px` },
  card: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    cursor: 'pointer',
  },
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  title: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', lineHeight: '22px' },
  line: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    lineHeight: '18px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
  },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  value: { overflow: 'hidden', textOverflow: 'ellipsis' },
  spacer: { display: 'block' },
});

/** The list as cards under 768 (spec §2, §9): the record's name, then label and value lines. */
export function ResourceCards(props: RowsViewProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { fields, rows, range, rowHeight, selectable, selected } = props;
  const lines = cardLineFields(props.resource, fields);
  return (
    <div role="list" aria-label={t(props.resource.title)} data-testid="resource-cards">
      {range.before > 0 && <div className={styles.spacer} style={{ height: range.before }} />}
      {rows.slice(range.start, range.end).map((row) => {
        const name =
          recordTitle(props.resource, row) || cellText(fields[0]!, row, props.format) || '—';
        return (
          <div key={row.id} role="listitem" className={styles.slot} style={{ height: rowHeight }}>
            <div
              className={styles.card}
              onClick={props.onOpen ? () => props.onOpen?.(row) : undefined}
              data-testid="resource-card"
            >
              {selectable && (
                <Checkbox
                  checked={selected.has(row.id)}
                  onChange={() => props.onToggle(row.id)}
                  onClick={(e) => e.stopPropagation()}
                  aria-label={t('Select {{name}}', { name })}
                />
              )}
              <div className={styles.body}>
                <Text weight="semibold" className={styles.title}>
                  <RowOpener row={row} hrefOf={props.hrefOf} onOpen={props.onOpen}>
                    {name}
                  </RowOpener>
                </Text>
                {lines.map((field) => {
                  const text = cellText(field, row, props.format);
                  return (
                    <Text size={200} key={field.name} className={styles.line}>
                      <span className={styles.label}>{t(field.label)}</span>
                      <span className={styles.value}>
                        {field.kind === 'color' && text && <ColorSwatch color={text} />}
                        {text || '—'}
                      </span>
                    </Text>
                  );
                })}
              </div>
              <span onClick={(e) => e.stopPropagation()}>
                <RowActionsMenu name={name} {...rowActions(props, row)} />
              </span>
            </div>
          </div>
        );
      })}
      {range.after > 0 && <div className={styles.spacer} style={{ height: range.after }} />}
    </div>
  );
}
