import { tokens } from '@fluentui/react-components';

/**
 * The app's focus indicator for items Fluent leaves with a faint one (links, custom rows): a
 * solid 2 px outline in the focus stroke colour, offset from the text, which meets WCAG 2.2's
 * focus appearance (at least a 2 px perimeter, 3:1 against the unfocused state). Keyboard focus
 * only: Fluent marks it with data-fui-focus-visible, browsers with :focus-visible.
 */
export const focusRing = {
  ':focus-visible': {
    outlineWidth: '2px',
    outlineStyle: 'solid',
    outlineColor: tokens.colorStrokeFocus2,
    outlineOffset: '2px',
    borderRadius: tokens.borderRadiusSmall,
  },
  '&[data-fui-focus-visible]': {
    outlineWidth: '2px',
    outlineStyle: 'solid',
    outlineColor: tokens.colorStrokeFocus2,
    outlineOffset: '2px',
    borderRadius: tokens.borderRadiusSmall,
  },
} as const;
