import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKit } from '../test/kit.js';
import { useSessions } from './use-sessions.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const listReads = (kit: ReturnType<typeof createKit>) =>
  kit.requests.filter((r) => r.method === 'GET' && /\/auth\/sessions\?/.test(r.url)).length;

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('useSessions', () => {
  it('given this device refreshing its session in a visible tab, should read the list again and show the new session', async () => {
    const kit = createKit();
    await kit.signIn();
    const { result } = renderHook(() => useSessions(), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    const refreshed = await act(() => kit.client.sessions.refresh());
    await waitFor(() => expect(result.current.data?.map((s) => s.id)).toContain(refreshed.id));
  });

  it('given a refresh while the tab is hidden, should only mark the list stale and read it when the tab is shown again', async () => {
    const kit = createKit();
    await kit.signIn();
    const { result } = renderHook(() => useSessions(), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    setVisibility('hidden');
    const before = listReads(kit);
    const refreshed = await act(() => kit.client.sessions.refresh());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(listReads(kit)).toBe(before);
    expect(result.current.isStale).toBe(true);
    setVisibility('visible');
    await waitFor(() => expect(result.current.data?.map((s) => s.id)).toContain(refreshed.id));
    expect(listReads(kit)).toBe(before + 1);
  });
});
