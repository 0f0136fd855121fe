import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';

/** Movement beyond this many pixels is a drag; less is a press. */
const DRAG_THRESHOLD_PX = 5;
const MARGIN_PX = 16;
const KEY_STEP_PX = 24;
/** Below this a video cannot be made out; a quarter of a phone's width would be less. */
const MIN_WIDTH_PX = 160;

/** The floating window's width: a quarter of the window's (spec §2, §9). */
export const floatingWidth = (windowWidth: number) => Math.max(windowWidth / 4, MIN_WIDTH_PX);
/** 4:3, the shape of a meeting's tile grid. */
export const floatingHeight = (windowWidth: number) =>
  Math.round((floatingWidth(windowWidth) * 3) / 4);

interface Position {
  x: number;
  y: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

function placed(position: Position | null): Position {
  const width = floatingWidth(window.innerWidth);
  const height = floatingHeight(window.innerWidth);
  const maxX = Math.max(0, window.innerWidth - width);
  const maxY = Math.max(0, window.innerHeight - height);
  // It starts at the bottom right corner, out of the page's way.
  const wanted = position ?? { x: maxX - MARGIN_PX, y: maxY - MARGIN_PX };
  return { x: clamp(wanted.x, 0, maxX), y: clamp(wanted.y, 0, maxY) };
}

/**
 * Where the floating call window is, moved by dragging (pointer) or the arrow keys, kept
 * inside the window when it resizes. A press without movement calls `onPress`.
 */
export function useFloatingPosition(onPress: () => void) {
  const [position, setPosition] = useState<Position>(() => placed(null));
  const drag = useRef<{ pointer: Position; start: Position; moved: boolean } | null>(null);

  useEffect(() => {
    const keepInside = () => setPosition((current) => placed(current));
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        pointer: { x: event.clientX, y: event.clientY },
        start: position,
        moved: false,
      };
    },
    [position],
  );
  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = event.clientX - state.pointer.x;
    const dy = event.clientY - state.pointer.y;
    if (!state.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    state.moved = true;
    setPosition(placed({ x: state.start.x + dx, y: state.start.y + dy }));
  }, []);
  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const state = drag.current;
      drag.current = null;
      if (event.currentTarget.hasPointerCapture(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
      if (state && !state.moved) onPress();
    },
    [onPress],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const step: Record<string, Position> = {
        ArrowLeft: { x: -KEY_STEP_PX, y: 0 },
        ArrowRight: { x: KEY_STEP_PX, y: 0 },
        ArrowUp: { x: 0, y: -KEY_STEP_PX },
        ArrowDown: { x: 0, y: KEY_STEP_PX },
      };
      const move = step[event.key];
      if (move) {
        event.preventDefault();
        setPosition((current) => placed({ x: current.x + move.x, y: current.y + move.y }));
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onPress();
      }
    },
    [onPress],
  );
  return { position, handlers: { onPointerDown, onPointerMove, onPointerUp, onKeyDown } };
}
