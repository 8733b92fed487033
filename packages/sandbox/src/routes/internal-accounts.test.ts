import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

describe('GET /customers/internal-accounts', () => {
  it('EMU-02: given no Basic credentials, should answer 401 UNAUTHORIZED with WWW-Authenticate', async () => {
    const h = createHarness();
    const response = await h.request('GET', '/customers/internal-accounts', { noAuth: true });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Basic realm="service"');
    expect(response.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    for (const authorization of [
      `Basic ${btoa('sandbox-client-id:wrong')}`,
      `Basic ${btoa('nobody:sandbox-client-secret')}`,
      'Bearer x',
      'Basic !!!',
      `Basic ${btoa('no-colon')}`,
      `Basic ${btoa('sandbox-client-id:sandbox-client-secret-and-more')}`,
      `Basic ${btoa('sandbox-client-id:sandbox-client-secre')}`,
      `Basic ${btoa('sandbox-client-id:sandbox-client-secret:')}`,
      `Basic ${btoa('sandbox-client-id\xff:sandbox-client-secret')}`,
      `basic ${btoa('sandbox-client-id:sandbox-client-secret')}`,
    ]) {
      const wrong = await h.request('GET', '/customers/internal-accounts', {
        noAuth: true,
        headers: { Authorization: authorization },
      });
      expect(wrong.status).toBe(401);
    }
  });

  it('given valid credentials, should list the platform accounts with the record shape of the interface', async () => {
    const h = createHarness();
    const { status, headers, body } = await h.request('GET', '/customers/internal-accounts');
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(body).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(body).not.toHaveProperty('nextCursor');
    const fiat = body.data.find((a: { type: string }) => a.type === 'INTERNAL_FIAT');
    expect(Object.keys(fiat)).toEqual([
      'id',
      'type',
      'status',
      'balance',
      'totalBalance',
      'fundingPaymentInstructions',
      'label',
      'sweepRule',
      'createdAt',
      'updatedAt',
    ]);
    expect(fiat).toMatchObject({
      status: 'ACTIVE',
      balance: {
        amount: 0,
        currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
      },
      label: 'Platform USD',
      sweepRule: null,
    });
    expect(fiat.fundingPaymentInstructions[0]).toMatchObject({
      isPlatformAccount: true,
      accountOrWalletInfo: { accountType: 'USD_ACCOUNT' },
    });
  });

  it('given filters, should apply each; an unknown customer gives an empty page', async () => {
    const h = createHarness();
    const { customerId } = await h.createCustomer();
    await h.createCustomer({ email: 'b@example.com' });
    const byCustomer = await h.request(
      'GET',
      `/customers/internal-accounts?customerId=${customerId}`,
    );
    expect(byCustomer.body.totalCount).toBe(2);
    const wallets = await h.request('GET', '/customers/internal-accounts?type=EMBEDDED_WALLET');
    expect(wallets.body.totalCount).toBe(2);
    const usd = await h.request('GET', '/customers/internal-accounts?currency=USD');
    expect(
      usd.body.data.every(
        (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === 'USD',
      ),
    ).toBe(true);
    expect(usd.body.totalCount).toBe(3);
    const combined = await h.request(
      'GET',
      `/customers/internal-accounts?customerId=${customerId.toUpperCase().replace('CUSTOMER', 'Customer')}&type=INTERNAL_FIAT&currency=USD`,
    );
    expect(combined.body.totalCount).toBe(1);
    const unknown = await h.request(
      'GET',
      '/customers/internal-accounts?customerId=Customer:00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.body).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('given limit=1, should paginate in createdAt, id order with an opaque cursor until hasMore is false', async () => {
    const h = createHarness();
    h.clock.advance(1000);
    await h.createCustomer();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.request(
        'GET',
        `/customers/internal-accounts?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.totalCount).toBe(4);
      seen.push(page.body.data[0].id);
      if (!page.body.hasMore) {
        expect(page.body).not.toHaveProperty('nextCursor');
        break;
      }
      cursor = page.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(4);
  });

  it('given several invalid parameters, should report every one in details.errors', async () => {
    const h = createHarness();
    const { status, body } = await h.request(
      'GET',
      '/customers/internal-accounts?limit=0&type=CHECKING&customerId=Customer:nope&cursor=%%%&currency=usd&color=red&limit=2',
    );
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_INPUT');
    const fields = body.details.errors.map((e: { field: string }) => e.field);
    expect([...new Set(fields)].sort()).toEqual([
      'color',
      'currency',
      'cursor',
      'customerId',
      'limit',
      'type',
    ]);
    for (const limit of ['101', '1.5', '-1', 'ten']) {
      expect((await h.request('GET', `/customers/internal-accounts?limit=${limit}`)).status).toBe(
        400,
      );
    }
  });
});

describe('POST /internal-accounts (RULE_BASED, docs/protocol.md §11.6)', () => {
  it('given a valid rule, should answer 201 with the sweep rule rendered in the account currency and USD instructions', async () => {
    const h = createHarness();
    const { customerId, fiatId } = await h.createCustomer();
    const created = await h.request('POST', '/internal-accounts', {
      body: {
        customerId,
        currency: 'USD',
        label: 'Invoices from Acme',
        sweepRule: {
          destination: { accountId: fiatId },
          minimumAmount: { amount: 500, currency: { code: 'USD' } },
          purposeOfPayment: 'SELF',
          description: 'acme',
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'RULE_BASED',
      customerId,
      label: 'Invoices from Acme',
      sweepRule: {
        destination: { accountId: fiatId },
        minimumAmount: { amount: 500, currency: { code: 'USD', decimals: 2 } },
        maximumAmount: null,
        purposeOfPayment: 'SELF',
        description: 'acme',
        platformFeeOverride: null,
      },
    });
    expect(created.body).not.toHaveProperty('privateEnabled');
    expect(created.body.fundingPaymentInstructions[0].accountOrWalletInfo.accountType).toBe(
      'USD_ACCOUNT',
    );
    const listed = await h.request('GET', '/customers/internal-accounts?type=RULE_BASED');
    expect(listed.body.data[0].id).toBe(created.body.id);
  });

  it('given every kind of invalid field, should report each at once; unknown customer or destination 404', async () => {
    const h = createHarness();
    const { fiatId } = await h.createCustomer();
    const invalid = await h.request('POST', '/internal-accounts', {
      body: {
        customerId: 'Customer:x',
        currency: 'XYZ',
        label: 'x'.repeat(256),
        sweepRule: {
          destination: {},
          minimumAmount: { amount: -1, currency: 'USD' },
          maximumAmount: { amount: 'five', currency: 'USD' },
          purposeOfPayment: 7,
        },
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'currency',
      'customerId',
      'label',
      'sweepRule.destination.accountId',
      'sweepRule.maximumAmount.amount',
      'sweepRule.minimumAmount.amount',
      'sweepRule.purposeOfPayment',
    ]);
    const rule = { destination: { accountId: fiatId } };
    expect(
      (
        await h.request('POST', '/internal-accounts', {
          body: {
            currency: 'USD',
            sweepRule: {
              ...rule,
              minimumAmount: { amount: 9, currency: 'USD' },
              maximumAmount: { amount: 1, currency: 'USD' },
            },
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.request('POST', '/internal-accounts', {
          body: {
            customerId: 'Customer:00000000-0000-4000-8000-000000000000',
            currency: 'USD',
            sweepRule: rule,
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.request('POST', '/internal-accounts', {
          body: {
            currency: 'USD',
            sweepRule: {
              destination: { accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000' },
            },
          },
        })
      ).status,
    ).toBe(404);
    const wrongCurrency = await h.request('POST', '/internal-accounts', {
      body: {
        currency: 'USD',
        sweepRule: { ...rule, maximumAmount: { amount: 5, currency: { code: 'EUR' } } },
      },
    });
    expect(wrongCurrency.body.details.errors[0].field).toBe('sweepRule.maximumAmount.currency');
    expect(
      (
        await h.request('POST', '/internal-accounts', {
          body: { currency: 'EUR', sweepRule: rule },
        })
      ).body.fundingPaymentInstructions[0].accountOrWalletInfo.accountType,
    ).toBe('EUR_ACCOUNT');
  });
});
