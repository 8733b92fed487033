/** The four `data-state` values of flow-driven parts (docs/contributing.md §2.6). */
export type FlowDataState = 'idle' | 'pending' | 'success' | 'error';

const SUCCESS = new Set(['authenticated', 'registered', 'added', 'removed']);
const ERROR = new Set([
  'failed',
  'cancelled',
  'needsFreshToken',
  'needsOtherSession',
  'rateLimited',
]);

/**
 * Maps a flow's `status` to the part's `data-state`: resting states are `idle`, ends are
 * `success` or `error`, anything in between is `pending`.
 *
 * @param status - The flow state's `status`.
 */
export function flowDataState(status: string): FlowDataState {
  // A passkey offered in autofill waits quietly: the part looks at rest.
  if (status === 'idle' || status === 'preparingAutofill' || status === 'awaitingAutofill') {
    return 'idle';
  }
  if (SUCCESS.has(status)) {
    return 'success';
  }
  return ERROR.has(status) ? 'error' : 'pending';
}
