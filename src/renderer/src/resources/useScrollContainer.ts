import { useEffect, useState, type RefObject } from 'react';

/** The element that scrolls a list: its nearest scrolling ancestor (the shell's main), else the page. */
export function useScrollContainer(ref: RefObject<HTMLElement | null>): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let node = ref.current?.parentElement ?? null;
    while (node) {
      const { overflowY } = getComputedStyle(node);
      if (overflowY === 'auto' || overflowY === 'scroll') break;
      node = node.parentElement;
    }
    setContainer(node ?? document.documentElement);
  }, [ref]);
  return container;
}
