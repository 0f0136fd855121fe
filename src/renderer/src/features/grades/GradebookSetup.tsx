import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Gradebook, GradeCategory, GradeItem } from '../../../../shared/api/grades';
import { formatLongDate } from '../../i18n/formatDate';
import { COLLECTS, GRADED_IN, itemsIn, shareOf, valuesOn, type SetupDialog } from './gradeSetup';
import { kindLabel } from './GridHeader';

// The gradebook's set-up on the grid's page, after Canvas's assignment groups: the categories
// with their weight and share of the grade, then (folded, as a sub-period has dozens) every
// item with its category, points, date and how many grades it holds. Each has Edit and Delete
// when the sub-period is open; items of other areas say where they are graded.

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', minWidth: '8em' },
  grow: { flexGrow: 1, minWidth: '8em', overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, marginInlineStart: 'auto' },
  warning: { color: tokens.colorStatusWarningForeground1 },
  heading: { margin: 0 },
});

function RowActions({
  label,
  testId,
  onEdit,
  onDelete,
}: {
  label: string;
  testId: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <span className={styles.actions}>
      <Button
        appearance="subtle"
        icon={<Edit20Regular />}
        aria-label={t('Edit {{name}}', { name: label })}
        title={t('Edit')}
        onClick={onEdit}
        data-testid={`${testId}-edit`}
      />
      <Button
        appearance="subtle"
        icon={<Delete20Regular />}
        aria-label={t('Delete {{name}}', { name: label })}
        title={t('Delete')}
        onClick={onDelete}
        data-testid={`${testId}-delete`}
      />
    </span>
  );
}

export function GradebookSetup({
  book,
  onOpen,
}: {
  book: Gradebook;
  onOpen: (dialog: SetupDialog) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const writable = book.abilities.update;
  const uncounted = itemsIn(book, null).length;
  return (
    <>
      <section aria-labelledby="grade-categories-heading" data-testid="grade-categories">
        <Text
          as="h3"
          size={400}
          weight="semibold"
          id="grade-categories-heading"
          className={styles.heading}
        >
          {t('Categories and weights')}
        </Text>
        {book.categories.length === 0 ? (
          <Text as="p">{t('No categories yet: items count once they are in one.')}</Text>
        ) : (
          <ul className={styles.list}>
            {book.categories.map((c) => (
              <CategoryRow
                key={c.id}
                book={book}
                category={c}
                writable={writable}
                onOpen={onOpen}
              />
            ))}
          </ul>
        )}
        {uncounted > 0 && (
          <Text as="p" className={styles.warning} data-testid="uncounted-items">
            {t('Items without a category: {{count}}. They do not count in the grade.', {
              count: uncounted,
            })}
          </Text>
        )}
      </section>
      <Accordion collapsible>
        <AccordionItem value="items">
          <AccordionHeader data-testid="grade-items-toggle">
            {t('Grade items ({{count}})', { count: book.items.length })}
          </AccordionHeader>
          <AccordionPanel>
            {book.items.length === 0 ? (
              <Text as="p">{t('No grade items yet.')}</Text>
            ) : (
              <ul className={styles.list} data-testid="grade-items">
                {book.items.map((item) => (
                  <ItemRow
                    key={item.key}
                    book={book}
                    item={item}
                    writable={writable}
                    onOpen={onOpen}
                  />
                ))}
              </ul>
            )}
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </>
  );
}

function CategoryRow({
  book,
  category,
  writable,
  onOpen,
}: {
  book: Gradebook;
  category: GradeCategory;
  writable: boolean;
  onOpen: (dialog: SetupDialog) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const items = itemsIn(book, category.id).length;
  return (
    <li className={styles.row} data-testid="grade-category">
      <span className={styles.name}>{category.name}</span>
      <Badge appearance="tint" color="brand">
        {t('{{share}} % of the grade', { share: shareOf(book.categories, category.weight) })}
      </Badge>
      <span className={mergeClasses(styles.meta, styles.grow)}>
        {t('weight {{weight}} · items: {{count}}', { weight: category.weight, count: items })}
        {category.source_kind !== null &&
          ` · ${t('also counts: {{what}}', { what: t(COLLECTS[category.source_kind]) })}`}
      </span>
      {writable && (
        <RowActions
          label={category.name}
          testId="grade-category"
          onEdit={() => onOpen({ kind: 'category', category })}
          onDelete={() => onOpen({ kind: 'delete-category', category })}
        />
      )}
    </li>
  );
}

function ItemRow({
  book,
  item,
  writable,
  onOpen,
}: {
  book: Gradebook;
  item: GradeItem;
  writable: boolean;
  onOpen: (dialog: SetupDialog) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const category = book.categories.find((c) => c.id === item.category_id);
  const details = [
    t(kindLabel(item.kind)),
    t('out of {{max}}', { max: item.max_points }),
    item.date ? formatLongDate(item.date, i18n.language) : null,
    category ? category.name : t('No category'),
    t('{{count}} of {{total}} graded', {
      count: valuesOn(book, item),
      total: book.students.length,
    }),
  ].filter(Boolean);
  return (
    <li className={styles.row} data-testid="grade-item">
      <span className={styles.name}>{item.title}</span>
      <span className={mergeClasses(styles.meta, styles.grow)}>{details.join(' · ')}</span>
      {item.source !== null ? (
        <span className={styles.meta}>{t(GRADED_IN[item.source.kind])}</span>
      ) : (
        writable &&
        item.id !== null && (
          <RowActions
            label={item.title}
            testId="grade-item"
            onEdit={() => onOpen({ kind: 'item', item })}
            onDelete={() => onOpen({ kind: 'delete-item', item })}
          />
        )
      )}
    </li>
  );
}
