import { BOTTOM_DETECTION_PX } from '@switchboard/core/constants';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** True when the scrolled content is within `threshold` px of its end (spec §9: 400 px). */
export function isNearBottom(
  m: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = BOTTOM_DETECTION_PX,
): boolean {
  return m.scrollHeight - (m.scrollTop + m.clientHeight) <= threshold;
}

/**
 * Bottom-of-page detection for infinite lists: calls `onBottom` when the element (or the window when
 * no ref is given) is scrolled to within 400 px of its end. Returns whether it is there now.
 */
export function useBottom(onBottom?: () => void, ref?: RefObject<HTMLElement | null>, threshold = BOTTOM_DETECTION_PX): boolean {
  const [near, setNear] = useState(false);
  const cb = useRef(onBottom);
  cb.current = onBottom;
  useEffect(() => {
    const el = ref?.current ?? null;
    const target: HTMLElement | Window = el ?? window;
    const measure = () => {
      const m = el
        ? { scrollTop: el.scrollTop, clientHeight: el.clientHeight, scrollHeight: el.scrollHeight }
        : { scrollTop: window.scrollY, clientHeight: window.innerHeight, scrollHeight: document.documentElement.scrollHeight };
      const now = isNearBottom(m, threshold);
      setNear((was) => {
        if (now && !was) cb.current?.();
        return now;
      });
    };
    measure();
    target.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      target.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref, threshold]);
  return near;
}
