import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const getSnapshot = () => navigator.onLine;
// During server rendering there is no navigator: assume online, as the first client render does.
const getServerSnapshot = () => true;

/**
 * Whether the browser reports a network connection (`navigator.onLine` and its events), read
 * only after mount so server rendering touches no browser global.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
