import { AutoLinkNode, LinkNode } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { ParagraphNode, TextNode, type ElementNode } from 'lexical';
import { useEffect } from 'react';
import { safeLinkUrl, sanitizeStyle } from '../../../../../shared/editor';

function unwrap(link: ElementNode): void {
  for (const child of link.getChildren()) link.insertBefore(child);
  link.remove();
}

/**
 * Applies the shared content rules while the document is edited, so that pasted HTML, typing
 * and commands can only produce what the sanitiser would keep: styles limited to font size and
 * #RRGGBB colour, links only to http(s), mailto or relative targets.
 */
export function ContentRulesPlugin(): null {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerNodeTransform(TextNode, (node) => {
          const style = sanitizeStyle(node.getStyle());
          if (style !== node.getStyle()) node.setStyle(style);
        }),
        editor.registerNodeTransform(ParagraphNode, (node) => {
          const style = sanitizeStyle(node.getTextStyle());
          if (style !== node.getTextStyle()) node.setTextStyle(style);
        }),
        editor.registerNodeTransform(LinkNode, (node) => {
          if (safeLinkUrl(node.getURL()) === null) unwrap(node);
        }),
        editor.registerNodeTransform(AutoLinkNode, (node) => {
          if (safeLinkUrl(node.getURL()) === null) unwrap(node);
        }),
      ),
    [editor],
  );
  return null;
}
