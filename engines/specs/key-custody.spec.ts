/**
 * Key custody in each engine's own IndexedDB and WebCrypto: non-extractable P-256 session keys
 * stored as `CryptoKey`s survive a reload, still sign, and never export; namespaces stay apart.
 */
import assert from 'node:assert/strict';
import { test } from '../lib/runner.js';
import { kitReady, openKitPage, uniqueNamespace } from '../support/kit.js';

interface Saved {
  persistence: string;
  warnings: unknown[];
  publicKeyHex: string;
  compressedPublicKeyHex: string;
  extractable: boolean;
  usages: string[];
  savedIsCryptoKey: boolean;
  exports: Record<string, string>;
}

interface Reopened {
  persistence: string;
  warnings: unknown[];
  health: string;
  loaded: {
    publicKeyHex: string;
    metadata: Record<string, unknown>;
    isCryptoKey: boolean;
    extractable: boolean;
    exports: Record<string, string>;
    stamp: {
      publicKey: string;
      verifies: boolean;
      verifiesOtherPayload: boolean;
      lowS: boolean;
    };
  } | null;
}

const PAYLOAD = '{"organizationId":"org_engines","type":"ACTIVITY_TYPE_SIGN"}';

function assertRefused(exports: Record<string, string>, when: string) {
  for (const [format, outcome] of Object.entries(exports)) {
    assert.notEqual(outcome, 'exported', `exportKey('${format}') of the private key ${when}`);
  }
}

test('KEY-01: given a session key saved in IndexedDB, should keep it a non-extractable CryptoKey across a reload, sign with it after, and refuse every exportKey', {
  smoke: true,
}, async (t) => {
  const { page } = await openKitPage(t);
  const namespace = uniqueNamespace('custody');
  try {
    const saved = await page.kit<Saved>('custody', 'save', namespace, 'Session:engines');
    assert.equal(saved.persistence, 'indexeddb');
    assert.deepEqual(saved.warnings, []);
    assert.equal(saved.extractable, false);
    assert.deepEqual(saved.usages, ['sign']);
    assert.equal(saved.savedIsCryptoKey, true);
    assertRefused(saved.exports, 'before the reload');
    t.note(
      `exportKey of a non-extractable private key: ${Object.entries(saved.exports)
        .map(([format, name]) => `${format} → ${name}`)
        .join(', ')}`,
    );

    await page.tab.reload();
    await kitReady(page);
    const reopened = await page.kit<Reopened>(
      'custody',
      'reopen',
      namespace,
      saved.compressedPublicKeyHex,
      PAYLOAD,
    );
    assert.equal(reopened.persistence, 'indexeddb');
    assert.deepEqual(reopened.warnings, []);
    assert.equal(reopened.health, 'present');
    const loaded = reopened.loaded;
    assert.ok(loaded, 'the key is read back after the reload');
    assert.equal(loaded.isCryptoKey, true);
    assert.equal(loaded.extractable, false);
    assert.equal(loaded.publicKeyHex, saved.publicKeyHex);
    assert.deepEqual(loaded.metadata, { sessionId: 'Session:engines' });
    assertRefused(loaded.exports, 'after the reload');
    assert.equal(loaded.stamp.publicKey, saved.compressedPublicKeyHex);
    assert.equal(loaded.stamp.verifies, true, 'the stamp verifies over the exact payload');
    assert.equal(loaded.stamp.verifiesOtherPayload, false);
    assert.equal(loaded.stamp.lowS, true, 'the stamp is low-S (KEY-13)');
  } finally {
    await page.kit('custody', 'drop', [namespace]);
  }
});

test('given two key-store namespaces on one origin, should keep a key per namespace under the same slot and clear only its own', {}, async (t) => {
  const { page } = await openKitPage(t);
  const first = uniqueNamespace('widget-a');
  const second = uniqueNamespace('widget-b');
  try {
    const result = await page.kit<{
      warnings: unknown[];
      distinctKeys: boolean;
      aKeepsItsKey: boolean;
      bKeepsItsKey: boolean;
      afterClear: { a: string; b: string };
      databases: string[];
    }>('custody', 'namespaces', first, second);
    assert.deepEqual(result.warnings, []);
    assert.equal(result.distinctKeys, true);
    assert.equal(result.aKeepsItsKey, true);
    assert.equal(result.bKeepsItsKey, true);
    assert.deepEqual(result.afterClear, { a: 'missing', b: 'present' });
    if (result.databases.length > 0) {
      assert.deepEqual([...result.databases].sort(), [`${first}.keys`, `${second}.keys`].sort());
    }
  } finally {
    await page.kit('custody', 'drop', [first, second]);
  }
});
