/**
 * Transfers between internal accounts, same-currency or cross-currency (docs/protocol.md §11.6):
 * `POST /quotes`, `POST /quotes/{quoteId}/execute` and the deprecated `POST /transfer-in` /
 * `POST /transfer-out` (a quote executed at once, as the change history maps them).
 *
 * Execute, in order: a repeated `Idempotency-Key` on the quote returns its first 200 unchanged;
 * PROCESSING resends are answered; then, for an EMBEDDED_WALLET source, the signed retry of §11.2
 * (no header → 202 over the quote's `payloadToSign`; leg 2 with `Request-Id`; or the signature
 * alone) signed by an active session of that wallet, with 409/expiry at step 2a and the balance
 * checked at acceptance. Other sources ignore the signature headers.
 */
import { type Context, Hono } from 'hono';
import { invalidField, notFound } from '../api-error.js';
import { authorisingSession } from '../auth/sessions.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { pathId } from '../http/path-id.js';
import { checkExecutable, createQuote, ensureFunds, executeQuote } from '../quotes/ledger.js';
import { readQuoteBody, readTransferBody } from '../quotes/quote-input.js';
import { serializeQuote } from '../serialize.js';
import { processingResponse, terminalResponse } from '../signed-retry/respond.js';
import { resumeInflight } from '../signed-retry/signature-only.js';
import { resumeSignedRetry, runSignedRetry, type Signer } from '../signed-retry/signed-retry.js';
import type { QuoteRecord } from '../state/records.js';

const TEMPLATE = 'POST /quotes/{quoteId}/execute';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function readIdempotencyKey(c: Context): string | undefined {
  const value = c.req.header('Idempotency-Key');
  if (value !== undefined && !IDEMPOTENCY_KEY.test(value)) {
    throw invalidField('Idempotency-Key', 'Must be 1 to 255 visible ASCII characters', {
      pattern: IDEMPOTENCY_KEY.source,
    });
  }
  return value;
}

/** Marks the quote's execution delivered once a terminal 200 (not PROCESSING) went out. */
async function noteDelivery(quote: QuoteRecord, response: Response): Promise<Response> {
  if (response.status === 200 && quote.execution !== undefined && !quote.execution.delivered) {
    const body = (await response.clone().json()) as { id?: unknown };
    if (body.id === quote.id) {
      quote.execution.delivered = true;
    }
  }
  return response;
}

function executeFromWallet(
  ctx: SandboxContext,
  c: Context,
  quote: QuoteRecord,
  input: { bodyBytes: Uint8Array; idempotencyKey: string | undefined; resendKey: string },
): Promise<Response> {
  // §11.1 signer rule: an active session of the source wallet (the legacy constant stands for one).
  const authorize = (signer: Signer) => {
    if (signer.legacy) {
      return undefined;
    }
    const found = authorisingSession(ctx, quote.sourceAccountId, signer.publicKey);
    return 'reason' in found ? found.reason : undefined;
  };
  const payloadToSign = quote.payloadToSign!;
  return runSignedRetry(ctx, c, {
    template: TEMPLATE,
    bodyBytes: input.bodyBytes,
    precheck: () => checkExecutable(ctx, quote),
    beforeAccept: () => ensureFunds(ctx, quote),
    challenge: () => ({
      accountId: quote.sourceAccountId,
      payloadToSign,
      expiresAt: quote.expiresAt,
    }),
    authorize,
    commit: () => {
      executeQuote(ctx, quote, input.idempotencyKey);
      return { status: 200, body: serializeQuote(quote) };
    },
    signatureOnly: { payloadToSign, authorize, resendKey: input.resendKey },
  });
}

/** The quotes and deprecated transfer sub-app. */
export function quotesRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/quotes', async (c) => {
    const body = parseJsonObject(c, await rawBody(c))!;
    return c.json(serializeQuote(createQuote(ctx, readQuoteBody(body))), 201);
  });

  for (const path of ['/transfer-in', '/transfer-out']) {
    app.post(path, async (c) => {
      const body = parseJsonObject(c, await rawBody(c))!;
      return c.json(serializeQuote(createQuote(ctx, readTransferBody(body))), 201);
    });
  }

  app.post('/quotes/:quoteId/execute', async (c) => {
    const bodyBytes = await rawBody(c);
    const quote = ctx.state.quotes.get(pathId(c, 'quoteId', 'Quote'));
    if (quote === undefined) {
      throw notFound('Quote');
    }
    const idempotencyKey = readIdempotencyKey(c);
    if (
      idempotencyKey !== undefined &&
      quote.execution?.delivered === true &&
      quote.execution.idempotencyKey === idempotencyKey
    ) {
      return c.json(serializeQuote(quote), 200); // the first response, unchanged (§11.6)
    }
    const fromWallet = quote.payloadToSign !== undefined;
    const signature = c.req.header(ctx.options.signatureHeaderName);
    const resendKey = `${TEMPLATE}|${quote.id}|${fromWallet ? sha256Hex(signature ?? '') : ''}`;
    const resumed =
      (fromWallet ? resumeSignedRetry(ctx, c, bodyBytes) : undefined) ??
      resumeInflight(ctx, c, resendKey);
    if (resumed !== undefined) {
      return noteDelivery(quote, resumed);
    }
    parseJsonObject(c, bodyBytes, { optional: true }); // none or `{}` (§11.6)
    if (fromWallet) {
      return noteDelivery(
        quote,
        await executeFromWallet(ctx, c, quote, { bodyBytes, idempotencyKey, resendKey }),
      );
    }
    checkExecutable(ctx, quote);
    ensureFunds(ctx, quote);
    executeQuote(ctx, quote, idempotencyKey);
    const answer = ctx.inflight.start(resendKey, ctx.processingTimes(TEMPLATE), {
      status: 200,
      body: serializeQuote(quote),
    });
    return noteDelivery(
      quote,
      answer.processing ? processingResponse(c) : terminalResponse(c, answer.terminal),
    );
  });

  return app;
}
