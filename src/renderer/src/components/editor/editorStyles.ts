import { makeStyles, tokens } from '@fluentui/react-components';
import { EDITOR_FONT_SIZE_DEFAULT } from '../../../../shared/constants';

/** The editor's frame and the look of the theme classes of editorNodes.ts. */
export const useEditorStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  frameReadOnly: { border: 'none', backgroundColor: 'transparent' },
  // The scrolling area (spec §9: at most 500 high, then it scrolls).
  scroller: { position: 'relative', overflowY: 'auto', overflowX: 'auto' },
  content: {
    minHeight: '120px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outlineStyle: 'none',
    fontSize: `${EDITOR_FONT_SIZE_DEFAULT}px`,
    lineHeight: 1.5,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& .editor-paragraph': { margin: `0 0 ${tokens.spacingVerticalXS}` },
    '& .editor-quote': {
      margin: `0 0 ${tokens.spacingVerticalXS}`,
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    '& .editor-h1': { fontSize: '2em', margin: '0.4em 0' },
    '& .editor-h2': { fontSize: '1.5em', margin: '0.4em 0' },
    '& .editor-h3': { fontSize: '1.2em', margin: '0.4em 0' },
    '& .editor-bold': { fontWeight: 'bold' },
    '& .editor-italic': { fontStyle: 'italic' },
    '& .editor-underline': { textDecoration: 'underline' },
    '& .editor-strike': { textDecoration: 'line-through' },
    '& .editor-underline-strike': { textDecoration: 'underline line-through' },
    '& .editor-link': { color: tokens.colorBrandForegroundLink },
    '& .editor-ul, & .editor-ol': { margin: 0, paddingLeft: '1.5em' },
    // Lexical nests a list in an item of its own to indent it; that item shows no bullet.
    '& .editor-nested-li': { listStyleType: 'none' },
    '& .editor-table': {
      borderCollapse: 'collapse',
      margin: `${tokens.spacingVerticalS} 0`,
      tableLayout: 'fixed',
    },
    '& .editor-td, & .editor-th': {
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      minWidth: '48px',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
      verticalAlign: 'top',
      textAlign: 'start',
    },
    '& .editor-th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: 'bold' },
    '& .editor-table-selection *::selection': { backgroundColor: 'transparent' },
    '& .editor-equation-block': { display: 'block', textAlign: 'center' },
    '& .editor-equation-button': { cursor: 'pointer', borderRadius: tokens.borderRadiusSmall },
    '& .editor-equation-button:hover, & .editor-equation-button:focus-visible': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      outline: `1px solid ${tokens.colorBrandStroke1}`,
    },
    '& .editor-equation-input': { font: 'inherit', fontFamily: tokens.fontFamilyMonospace },
  },
  // Read-only content sits in the page like text: no empty writing space under it.
  contentReadOnly: { minHeight: 0, paddingLeft: 0, paddingRight: 0 },
  placeholder: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground4,
    pointerEvents: 'none',
    userSelect: 'none',
  },
});
