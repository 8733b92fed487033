import { afterEach, describe, expect, it } from 'vitest';
import { readOAuthRedirectResult } from './oauth-redirect-result.js';

const start = location.href;

afterEach(() => {
  history.replaceState(null, '', start);
});

describe('readOAuthRedirectResult in the browser', () => {
  it('OIDC-12: given an answer in the fragment, should read it and leave no token in the URL or the history entry', () => {
    const before = history.length;
    history.replaceState({ kept: true }, '', '/sign-in?step=wallet#id_token=eyJ.a.b&state=st-1');
    expect(readOAuthRedirectResult()).toEqual({ state: 'st-1', idToken: 'eyJ.a.b' });
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/sign-in?step=wallet');
    // The entry is replaced, not pushed, and keeps the app's history state.
    expect(history.length).toBe(before);
    expect(history.state).toEqual({ kept: true });
    expect(readOAuthRedirectResult()).toBeNull();
  });

  it("given the provider's error, should read it with its state", () => {
    history.replaceState(null, '', '/#error=access_denied&state=st-2');
    expect(readOAuthRedirectResult()).toEqual({ state: 'st-2', error: 'access_denied' });
    expect(location.hash).toBe('');
  });

  it("given a fragment that is not an answer (an app's own anchor, a token without state), should leave it alone", () => {
    for (const fragment of ['#section-2', '#state=only', '#id_token=eyJ.a.b', '#']) {
      history.replaceState(null, '', `/page${fragment}`);
      expect(readOAuthRedirectResult()).toBeNull();
      expect(location.hash).toBe(fragment === '#' ? '' : fragment);
    }
  });
});
