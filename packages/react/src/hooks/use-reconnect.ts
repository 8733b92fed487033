import { useEffect, useRef } from 'react';
import { useOnlineStatus } from './use-online-status.js';

/**
 * Calls `onReconnect` once each time the browser comes back online after being offline
 * (`navigator.onLine` and its `online` event), to resume what the connection interrupted. The
 * latest callback is called, so it may close over fresh state.
 *
 * @param onReconnect - What to resume.
 * @returns Whether the browser is online now.
 */
export function useReconnect(onReconnect: () => void): boolean {
  const online = useOnlineStatus();
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) {
      latest.current();
    }
    wasOnline.current = online;
  }, [online]);
  return online;
}
