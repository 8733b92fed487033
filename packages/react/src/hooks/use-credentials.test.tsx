import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createKit } from '../test/kit.js';
import { useCredentials } from './use-credentials.js';

afterEach(cleanup);

describe('useCredentials', () => {
  it('given a credential removed elsewhere and then the session ending, should read the list again instead of offering the removed method', async () => {
    const kit = createKit();
    await kit.signIn();
    const oauth = await kit.addOAuth();
    const { result } = renderHook(() => useCredentials({ accountId: kit.accountId }), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    await waitFor(() =>
      expect(result.current.data?.map((c) => c.type).sort()).toEqual(['EMAIL_OTP', 'OAUTH']),
    );
    // Removed outside this hook's cache (another device, or a direct API call).
    const { stamp } = await kit.client.sessions.requireStamper();
    await kit.client.api.revokeCredential(oauth.id, { stamp });
    expect(result.current.data).toHaveLength(2);
    await act(async () => {
      await kit.client.sessions.signOut();
    });
    await waitFor(() => expect(result.current.data?.map((c) => c.type)).toEqual(['EMAIL_OTP']));
  });
});
