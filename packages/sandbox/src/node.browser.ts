/**
 * What a browser bundle gets for `@wallet-auth/sandbox/node` (the `browser` export condition):
 * the native crypto backend needs Node's `node:crypto`. Importing it there stops the page with a
 * message that says what to do; the name below only lets bundlers link the import.
 */

function nodeOnly(): never {
  throw new Error(
    '@wallet-auth/sandbox/node was bundled for the browser. It needs Node (node:crypto). ' +
      'In a browser, use createSandbox() from "@wallet-auth/sandbox" without the crypto option (the portable WebCrypto backend), ' +
      'or run the emulator as a server: npx @wallet-auth/sandbox.',
  );
}

nodeOnly();

export { nodeOnly as nodeSandboxCrypto, nodeOnly as startSandboxServer };
