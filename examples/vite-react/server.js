// @ts-check
// The app's backend: its own users (a signed session cookie) and the wallet proxy bound to them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createWalletBindings } from '@wallet-auth/proxy';
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  createNodeMiddleware,
  hardenNodeServer,
} from '@wallet-auth/proxy/node';
import express from 'express';

const port = Number(process.env.PORT ?? 3000);
// This machine only, unless told otherwise (HOST=0.0.0.0 in a container behind a balancer).
const host = process.env.HOST ?? 'localhost';
const origin = process.env.APP_ORIGIN ?? `http://localhost:${port}`;
const upstream = {
  baseUrl: process.env.WALLET_AUTH_UPSTREAM ?? 'http://127.0.0.1:8787/2025-10-13', // the sandbox bin
  clientId: process.env.WALLET_AUTH_CLIENT_ID ?? 'sandbox-client-id',
  clientSecret: process.env.WALLET_AUTH_CLIENT_SECRET ?? 'sandbox-client-secret',
};
const secret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');

/** @param {string} userId */
const sign = (userId) =>
  `${userId}.${createHmac('sha256', secret).update(userId).digest('base64url')}`;
/** @param {string | null | undefined} cookies @returns {string | undefined} */
function userIdFrom(cookies) {
  const value = /(?:^|;\s*)session=([\w.-]+)/.exec(cookies ?? '')?.[1] ?? '';
  const userId = value.split('.')[0] ?? '';
  const expected = Buffer.from(sign(userId));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

// Each app user gets one customer and wallet; memory here, `createRedisStores` across instances.
const bindings = createWalletBindings({ upstream });
const app = express();
app.use(
  // Before any body parser: the proxy forwards bodies byte for byte.
  createNodeMiddleware({
    upstream,
    allowedOrigins:
      process.env.NODE_ENV === 'production' ? [origin] : [origin, 'http://localhost:5173'],
    resolveUser: bindings.resolveUser((request) => userIdFrom(request.headers.get('Cookie'))),
  }),
);
app.use(express.json());

app.post('/auth/sign-up', async (req, res) => {
  const email = typeof req.body?.email === 'string' ? req.body.email : '';
  const userId = `user_${randomBytes(12).toString('hex')}`;
  try {
    const { accountId } = await bindings.bind(userId, { email });
    const secure = origin.startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `session=${sign(userId)}; HttpOnly; SameSite=Lax; Path=/${secure}`);
    res.status(201).json({ accountId });
  } catch {
    res.status(400).json({ message: 'Could not create an account with this e-mail address.' });
  }
});
app.get('/auth/me', async (req, res) => {
  const userId = userIdFrom(req.headers.cookie);
  const binding = userId === undefined ? undefined : await bindings.find(userId);
  res.status(binding ? 200 : 401).json(binding ? { accountId: binding.accountId } : {});
});
app.use(express.static('dist'));

// Deadlines on every connection: slow headers close after 20 s, a slow request after 30 s and an
// idle keep-alive connection after 5 s, so a few slow clients cannot hold the server.
const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, app);
hardenNodeServer(server);
server.listen(port, host, () => console.log(`listening on ${origin} (${host}:${port})`));
