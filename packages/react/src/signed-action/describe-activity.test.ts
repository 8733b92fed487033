import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity.js';

const payload = (type: string, parameters: Record<string, unknown> = {}) =>
  JSON.stringify({ organizationId: 'o', parameters, timestampMs: '1', type });

describe('describeActivity', () => {
  it('given the activity types of docs/protocol.md §11.1, should name each action', () => {
    expect(describeActivity(payload('ACTIVITY_TYPE_EXPORT_WALLET')).kind).toBe('exportWallet');
    expect(describeActivity(payload('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2')).kind).toBe(
      'addCredential',
    );
    expect(describeActivity(payload('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS')).kind).toBe(
      'addCredential',
    );
    expect(describeActivity(payload('ACTIVITY_TYPE_DELETE_AUTHENTICATORS')).kind).toBe(
      'removeCredential',
    );
    expect(describeActivity(payload('ACTIVITY_TYPE_DELETE_API_KEYS')).kind).toBe('revokeSession');
    expect(describeActivity(payload('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2')).kind).toBe(
      'refreshSession',
    );
    expect(describeActivity(payload('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).kind).toBe(
      'updatePrivacy',
    );
    expect(describeActivity(payload('ACTIVITY_TYPE_SIGN_TRANSACTION_V2')).kind).toBe('transfer');
  });

  it('given an email change, should show the new address; an emptied one is a removal', () => {
    expect(
      describeActivity(
        payload('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: 'new@example.com' }),
      ),
    ).toEqual({
      kind: 'updateContact',
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      facts: [{ name: 'email', value: 'new@example.com' }],
    });
    expect(
      describeActivity(payload('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: '' })).kind,
    ).toBe('removeCredential');
  });

  it('given a payload that is not JSON or has an unknown type, should call it unknown', () => {
    expect(describeActivity('not json').kind).toBe('unknown');
    expect(describeActivity('[1]').kind).toBe('unknown');
    expect(describeActivity(payload('ACTIVITY_TYPE_SOMETHING_ELSE')).kind).toBe('unknown');
  });
});
