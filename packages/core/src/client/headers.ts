/** The service's header names the kit sets (docs/protocol.md §1, §11.2), spelled once. */

/** The header that carries a stamp of `payloadToSign`. */
export const SIGNATURE_HEADER = 'Service-Wallet-Signature';

/** The header that names the signed-retry challenge a request answers. */
export const REQUEST_ID_HEADER = 'Request-Id';
