import { useSyncExternalStore } from 'react';

// PWA install. Chromium fires `beforeinstallprompt` once, early, often before the
// landing page has loaded: /pwa.js (index.html) keeps the event on window and announces it, and this
// module reads it from there.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    caredeckInstallPrompt?: InstallPromptEvent | null;
  }
}

/** installable: the browser offers installation; installed: running as the installed app; unsupported: neither. */
export type InstallState = 'installable' | 'installed' | 'unsupported';

const CHANGED = 'caredeck:install-prompt';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('appinstalled', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('appinstalled', onChange);
  };
}

function currentState(): InstallState {
  if (window.matchMedia?.('(display-mode: standalone)').matches) return 'installed';
  return window.caredeckInstallPrompt ? 'installable' : 'unsupported';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, currentState, () => 'unsupported');
}

/** Shows the browser's install dialog; the event can be used once, so it is forgotten afterwards. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = window.caredeckInstallPrompt;
  if (!event) return 'dismissed';
  await event.prompt();
  const { outcome } = await event.userChoice;
  window.caredeckInstallPrompt = null;
  window.dispatchEvent(new Event(CHANGED));
  return outcome;
}
