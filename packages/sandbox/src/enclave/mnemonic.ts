/**
 * Wallet mnemonics (docs/protocol.md §8): a stable 12-word English BIP-39 phrase per wallet, made
 * from 128 bits of the injectable random source so the checksum word is always valid.
 */
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** A fresh 12-word mnemonic. */
export function createMnemonic(random: (bytes: number) => Uint8Array): string {
  return entropyToMnemonic(random(16), wordlist);
}
