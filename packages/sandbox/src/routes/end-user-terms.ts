/**
 * `GET /customers/end-user-terms` (docs/service-api.md, change history "End-user terms"): the
 * current terms address and version. A customer's `endUserTermsConsent.termsVersion` must name
 * this version (customer-fields.ts). Mounted before `/customers/{customerId}`.
 */
import { Hono } from 'hono';
import { END_USER_TERMS } from '../magic-values.js';

/** The end-user terms sub-app. */
export function endUserTermsRoutes(): Hono {
  const app = new Hono();
  app.get('/customers/end-user-terms', (c) =>
    c.json({ version: END_USER_TERMS.version, url: END_USER_TERMS.url }),
  );
  return app;
}
