import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

const DURATION_MS = 800;

/**
 * Moves the shown value towards `target` over a short ease-out when the figure changes, as
 * counters do, or jumps straight to it when reduced motion is asked for.
 */
export function useAnimatedNumber(target: number): number {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(target);
  const from = useRef(target);

  useEffect(() => {
    if (reduced || typeof requestAnimationFrame === 'undefined') {
      from.current = target;
      setShown(target);
      return;
    }
    const start = from.current;
    const began = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - began) / DURATION_MS);
      const value = start + (target - start) * (1 - (1 - progress) ** 3);
      from.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);

  return shown;
}
