/**
 * The demo identity provider's pages (served under the page CSP: no inline script or style).
 * `authorize` shows a sign-in form; its POST mints the token and, for a popup, hands it to the
 * opener window through `callback.js`, checked against the opener's origin and the request's
 * `state`; for a redirect (`redirect_uri` on this demo's origin, `response_mode=fragment`) it
 * sends the browser back with `#id_token=…&state=…`, or `#error=access_denied&state=…` when the
 * person cancels (OpenID Connect Core 1.0 §3.2.2.5, §3.1.2.6).
 */
import { Hono } from 'hono';
import type { DemoIdentityProvider } from './demo-identity-provider.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const NONCE = /^[0-9a-f]{64}$/;
const STATE = /^[A-Za-z0-9_-]{16,64}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/__sandbox/oidc/provider.css"></head>
<body><main class="provider">${body}</main></body></html>`;
}

const CSS = `:root{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#16181d;background:#eef1f6;color-scheme:light dark}
body{margin:0}.provider{max-width:22rem;margin:3rem auto;background:#fff;border-radius:14px;padding:1.5rem;box-shadow:0 1px 2px rgb(16 24 40/.06),0 6px 20px rgb(16 24 40/.06);display:grid;gap:1rem}
h1{font-size:1.375rem;margin:0}p{margin:0;color:#4a4f5c;line-height:1.5}
form{display:grid;gap:1rem}.field{display:grid;gap:.375rem}label{font-weight:600}
input{font:inherit;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #868c9c;border-radius:10px;background:inherit;color:inherit}
input:focus-visible,button:focus-visible{outline:3px solid #0b6b3a;outline-offset:2px}
button{font:inherit;font-weight:550;min-height:2.75rem;padding:.5rem 1rem;border:0;border-radius:10px;background:#0b6b3a;color:#fff;cursor:pointer}button.secondary{background:transparent;color:#0b6b3a;border:1px solid currentColor}.error{color:#8a1c1c}
@media (max-width:26rem){.provider{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
@media (prefers-color-scheme:dark){:root{color:#eceef3;background:#0b0c10}.provider{background:#15161b;box-shadow:none}p{color:#b3b8c6}
input{border-color:#7b8194}button{background:#8fe0a9;color:#0b1020}input:focus-visible,button:focus-visible{outline-color:#8fe0a9}button.secondary{background:transparent;color:#8fe0a9}.error{color:#ffb4ab}}`;

const CALLBACK_JS = `(function(){var m=document.querySelector('meta[name="demo-oidc"]');if(!m||!window.opener){return;}
window.opener.postMessage({type:'demo-oidc',state:m.getAttribute('data-state'),idToken:m.getAttribute('data-id-token')},window.location.origin);})();`;

/**
 * The address a redirect answer goes back to: a page of the demo itself (same origin, no
 * fragment), or `undefined` for a popup. A foreign or malformed address is refused (`null`): the
 * token must never be sent to another site.
 */
function returnAddress(raw: string | undefined, origin: string): string | null | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  try {
    const url = new URL(raw);
    return url.origin === origin && url.hash === '' && raw.length <= 512 ? url.href : null;
  } catch {
    return null;
  }
}

/** Routes of the provider, to mount under `/__sandbox/oidc`. */
export function createOidcPages(provider: DemoIdentityProvider, now: () => number): Hono {
  const app = new Hono();
  const origin = new URL(provider.issuer).origin;
  const badReturn = () =>
    page(
      'Invalid request',
      '<h1>Invalid sign-in request</h1><p>The return address is not a page of this demo.</p>',
    );
  app.get('/provider.css', (c) => c.body(CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/callback.js', (c) =>
    c.body(CALLBACK_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );

  const form = (nonce: string, state: string, back: string | undefined, error?: string) =>
    page(
      'Sign in — Demo Identity',
      `<h1>Demo Identity</h1><p>A stand-in for Google or Apple sign-in. It issues a real signed ID token for the email you enter.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/__sandbox/oidc/authorize">
<input type="hidden" name="nonce" value="${escapeHtml(nonce)}"><input type="hidden" name="state" value="${escapeHtml(state)}">${
        back === undefined
          ? ''
          : `<input type="hidden" name="redirect_uri" value="${escapeHtml(back)}">`
      }
<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required></div>
<div class="field"><label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="80"></div>
<button type="submit">Continue as this person</button>${
        back === undefined
          ? ''
          : '<button type="submit" name="action" value="cancel" formnovalidate class="secondary">Cancel</button>'
      }</form>`,
    );

  app.get('/authorize', (c) => {
    const nonce = c.req.query('nonce') ?? '';
    const state = c.req.query('state') ?? '';
    const back = returnAddress(c.req.query('redirect_uri'), origin);
    if (back === null || (back !== undefined && c.req.query('response_mode') !== 'fragment')) {
      return c.html(badReturn(), 400);
    }
    if (!NONCE.test(nonce) || !STATE.test(state)) {
      return c.html(
        page(
          'Invalid request',
          '<h1>Invalid sign-in request</h1><p>The nonce or state is missing.</p>',
        ),
        400,
      );
    }
    return c.html(form(nonce, state, back));
  });

  app.post('/authorize', async (c) => {
    const body = await c.req.parseBody();
    const nonce = typeof body.nonce === 'string' ? body.nonce : '';
    const state = typeof body.state === 'string' ? body.state : '';
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 80) : '';
    const back = returnAddress(
      typeof body.redirect_uri === 'string' ? body.redirect_uri : undefined,
      origin,
    );
    if (back === null) {
      return c.html(badReturn(), 400);
    }
    if (!NONCE.test(nonce) || !STATE.test(state)) {
      return c.html(page('Invalid request', '<h1>Invalid sign-in request</h1>'), 400);
    }
    if (back !== undefined && body.action === 'cancel') {
      return c.redirect(`${back}#${new URLSearchParams({ error: 'access_denied', state })}`, 303);
    }
    if (!EMAIL.test(email)) {
      return c.html(form(nonce, state, back, 'Enter a valid email address.'), 400);
    }
    const idToken = await provider.mint({
      email,
      name: name || email,
      nonce,
      nowSeconds: Math.floor(now() / 1000),
    });
    if (back !== undefined) {
      return c.redirect(`${back}#${new URLSearchParams({ id_token: idToken, state })}`, 303);
    }
    return c.html(
      page(
        'Signed in — Demo Identity',
        `<meta name="demo-oidc" data-state="${escapeHtml(state)}" data-id-token="${escapeHtml(idToken)}">
<h1>Signed in</h1><p>You can close this window if it does not close by itself.</p>
<script src="/__sandbox/oidc/callback.js"></script>`,
      ),
    );
  });
  return app;
}
