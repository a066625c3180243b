import type { RealtimeEnvironment } from './realtime-connection';

/** The real browser behind RealtimeConnection: WebSocket, page visibility, the network's online state. */
export function browserEnvironment(): RealtimeEnvironment {
  const listen = (target: EventTarget, type: string, listener: () => void) => {
    target.addEventListener(type, listener);
    return () => target.removeEventListener(type, listener);
  };
  return {
    createSocket: (url) => new WebSocket(url),
    location: window.location,
    isVisible: () => document.visibilityState !== 'hidden',
    isOnline: () => navigator.onLine !== false,
    onVisibilityChange: (listener) => listen(document, 'visibilitychange', listener),
    onOnline: (listener) => listen(window, 'online', listener),
    onOffline: (listener) => listen(window, 'offline', listener),
    now: () => Date.now(),
    random: () => Math.random(),
    // randomUUID exists only in secure contexts; a plain-http LAN install still needs an id that is
    // merely unique within this tab (it only pairs a health check with its answer).
    newId: () =>
      typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  };
}
