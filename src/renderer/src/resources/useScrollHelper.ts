import { useEffect, useState } from 'react';
import { SCROLL_HELPER_MS } from '../../../shared/constants';

/** True for SCROLL_HELPER_MS after the container last scrolled away from its top (spec §2, §9). */
export function useScrollHelper(container: HTMLElement | null): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!container) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      if (container.scrollTop <= 0) {
        setVisible(false);
        return;
      }
      setVisible(true);
      timer = setTimeout(() => setVisible(false), SCROLL_HELPER_MS);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      container.removeEventListener('scroll', onScroll);
    };
  }, [container]);
  return visible;
}
