import { describe, expect, it } from 'vitest';
import { setup } from '../test/harness.js';
import type {
  InternalAccount,
  InternalAccountListResponse,
  ListInternalAccountsParams,
} from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { findEmbeddedWallet } from './find-embedded-wallet.js';

const CUSTOMER = 'Customer:0f8fad5b-d9cb-469f-a165-70867728950e';

/** A client whose only API call answers the given pages, recording the queries. */
function paged(pages: InternalAccountListResponse[]) {
  const queries: ListInternalAccountsParams[] = [];
  const client = {
    api: {
      listInternalAccounts: async (params: ListInternalAccountsParams) => {
        queries.push(params);
        const page = pages[queries.length - 1];
        if (page === undefined) {
          throw new Error('no more pages');
        }
        return page;
      },
    },
  } as unknown as WalletAuthClient;
  return { client, queries };
}

const wallet = {
  id: 'InternalAccount:w',
  type: 'EMBEDDED_WALLET',
  customerId: CUSTOMER,
} as InternalAccount;
const other = {
  id: 'InternalAccount:o',
  type: 'INTERNAL_FIAT',
  customerId: CUSTOMER,
} as InternalAccount;

describe('findEmbeddedWallet', () => {
  it("given the emulator's provisioned customer, should find its EMBEDDED_WALLET account", async () => {
    const { client, customerId, accountId } = await setup();
    const found = await findEmbeddedWallet(client, customerId);
    expect(found).toMatchObject({ id: accountId, type: 'EMBEDDED_WALLET', customerId });
  });

  it('given an unknown customer, should resolve undefined (the list is empty, §1)', async () => {
    const { client } = await setup();
    await expect(findEmbeddedWallet(client, CUSTOMER)).resolves.toBeUndefined();
  });

  it('given a malformed id, should refuse INVALID_INPUT before any request', async () => {
    const { client, requests } = await setup();
    const before = requests.length;
    await expect(
      findEmbeddedWallet(client, 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e'),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'customerId' }] },
    });
    expect(requests.length).toBe(before);
  });

  it('given the wallet on a later page, should follow nextCursor with the same filters', async () => {
    const { client, queries } = paged([
      { data: [other], hasMore: true, nextCursor: 'c1' },
      { data: [], hasMore: true, nextCursor: 'c2' },
      { data: [wallet], hasMore: false },
    ]);
    await expect(findEmbeddedWallet(client, CUSTOMER, { pageSize: 1 })).resolves.toBe(wallet);
    expect(queries).toEqual([
      { customerId: CUSTOMER, type: 'EMBEDDED_WALLET', limit: 1 },
      { customerId: CUSTOMER, type: 'EMBEDDED_WALLET', limit: 1, cursor: 'c1' },
      { customerId: CUSTOMER, type: 'EMBEDDED_WALLET', limit: 1, cursor: 'c2' },
    ]);
  });

  it('given a cursor that repeats, should fail PROTOCOL_ERROR instead of looping', async () => {
    const { client } = paged([
      { data: [], hasMore: true, nextCursor: 'again' },
      { data: [], hasMore: true, nextCursor: 'again' },
    ]);
    await expect(findEmbeddedWallet(client, CUSTOMER)).rejects.toMatchObject({
      code: 'PROTOCOL_ERROR',
    });
  });
});
