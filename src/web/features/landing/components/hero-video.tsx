import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';

/**
 * The hero's moving background, our own artwork served with the app. The poster is the
 * background until the loop can play; the loop starts only after the page has loaded (it must not
 * compete with the first paint), never with reduced motion, and a failure simply leaves the poster.
 */
export function HeroVideo() {
  const reduced = useReducedMotion();
  const [play, setPlay] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (reduced) return;
    const start = () => setPlay(true);
    if (document.readyState === 'complete') {
      const timer = window.setTimeout(start, 1000);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [reduced]);

  useEffect(() => {
    // Autoplay may be refused (data saver, browser policy): the poster stays, nothing else changes.
    if (play && video.current) video.current.play().catch(() => setFailed(true));
  }, [play]);

  return (
    <div className="absolute inset-0 -z-10 overflow-hidden" aria-hidden="true">
      <img
        src="/media/hero-poster.webp"
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
        className="absolute inset-0 size-full object-cover"
      />
      {play && !failed && !reduced ? (
        <video
          ref={video}
          className="absolute inset-0 size-full object-cover"
          src="/media/hero-loop.webm"
          poster="/media/hero-poster.webp"
          width={640}
          height={360}
          muted
          loop
          playsInline
          preload="auto"
          onError={() => setFailed(true)}
        />
      ) : null}
      <div className="absolute inset-0 bg-slate-950/55" />
    </div>
  );
}
