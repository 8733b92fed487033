/**
 * Pending signed-retry challenges and their lifecycle (docs/protocol.md §11.2–§11.3): per `requestId`
 * the method, decoded path, body hash, `payloadToSign`, expiry and state `pending → processing →
 * consumed`. Memory stays bounded: ≤ 32 pending per account (oldest evicted), a TTL sweep, and
 * five failed attempts void an id.
 */

/** Pending challenges kept per account (§11.3). */
export const MAX_PENDING_PER_ACCOUNT = 32;
/** Failed attempts (steps 4, 6, 8, 9) after which a pending id is voided (§11.3). */
export const MAX_FAILED_ATTEMPTS = 5;

/** Lifecycle of a `requestId` (§11.2). */
export type RequestState = 'pending' | 'processing' | 'consumed';

/** A terminal response held until it is delivered (PROCESSING, §11.4). */
export interface TerminalResponse {
  status: 200 | 201 | 204;
  body?: unknown;
}

/** One `Request:<uuid>` and what it is bound to. */
export interface RequestRecord {
  id: string;
  /** `signed`: stamp + Request-Id; `passkey`: Request-Id alone (§9). */
  kind: 'signed' | 'passkey';
  method: string;
  path: string;
  bodyHash: string;
  payloadToSign: string;
  accountId: string;
  expiresAt: number;
  state: RequestState;
  failures: number;
  /** Route-specific binding, e.g. the TEK of an OTP verify or the passkey challenge. */
  context: unknown;
  /** Exact signature header value of the accepted send (§11.4: resends must repeat it). */
  acceptedSignature?: string;
  /** PROCESSING answers still owed; -1 = forever. */
  processingLeft: number;
  terminal?: TerminalResponse;
  /** When the record (or its tombstone) is forgotten. */
  purgeAt: number;
}

/** Fields given when a challenge is issued. */
export type NewRequest = Pick<
  RequestRecord,
  | 'id'
  | 'kind'
  | 'method'
  | 'path'
  | 'bodyHash'
  | 'payloadToSign'
  | 'accountId'
  | 'expiresAt'
  | 'context'
>;

/** The in-memory request store of one emulator. */
export class RequestStore {
  readonly #records = new Map<string, RequestRecord>();
  readonly #pendingByAccount = new Map<string, string[]>();
  readonly #clock: () => number;
  /** How long an expired or consumed id is remembered, so a late resend gets a precise reason. */
  readonly #graceMs: number;
  #operations = 0;
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(clock: () => number, graceMs: number) {
    this.#clock = clock;
    this.#graceMs = graceMs;
  }

  /** Stores a new pending challenge, evicting the account's oldest beyond the cap. */
  issue(input: NewRequest): RequestRecord {
    this.#maybeSweep();
    const record: RequestRecord = {
      ...input,
      state: 'pending',
      failures: 0,
      processingLeft: 0,
      purgeAt: input.expiresAt + this.#graceMs,
    };
    this.#records.set(record.id, record);
    const queue = this.#pendingByAccount.get(record.accountId) ?? [];
    queue.push(record.id);
    while (queue.length > MAX_PENDING_PER_ACCOUNT) {
      const evicted = queue.shift()!;
      this.#records.delete(evicted);
    }
    this.#pendingByAccount.set(record.accountId, queue);
    return record;
  }

  /** The record of `id`, if remembered. */
  get(id: string): RequestRecord | undefined {
    this.#maybeSweep();
    return this.#records.get(id);
  }

  /** Counts a failed attempt on a pending id; the fifth voids it. */
  fail(record: RequestRecord): void {
    if (record.state !== 'pending') {
      return;
    }
    record.failures += 1;
    if (record.failures >= MAX_FAILED_ATTEMPTS) {
      this.#forget(record);
    }
  }

  /** Marks an id accepted (pending → processing); `false` when another send won the race. */
  accept(
    record: RequestRecord,
    signatureValue: string | undefined,
    processingTimes: number,
  ): boolean {
    if (record.state !== 'pending' || this.#records.get(record.id) !== record) {
      return false;
    }
    record.state = 'processing';
    record.acceptedSignature = signatureValue;
    record.processingLeft = processingTimes;
    this.#unqueue(record);
    return true;
  }

  /** Marks an id used; its tombstone answers "already used" until purged, holding only what that needs. */
  consume(record: RequestRecord): void {
    record.state = 'consumed';
    // A tombstone answers by id, method and path alone (§11.3): drop the rest (~1.5 KB an id).
    record.terminal = undefined;
    record.context = undefined;
    record.payloadToSign = '';
    record.bodyHash = '';
    record.acceptedSignature = undefined;
    this.#unqueue(record);
  }

  /** Voids every pending id matching `predicate` (e.g. older passkey challenges, §9). */
  voidWhere(predicate: (record: RequestRecord) => boolean): void {
    for (const record of this.#records.values()) {
      if (record.state === 'pending' && predicate(record)) {
        this.#forget(record);
      }
    }
  }

  /** Number of remembered records (pending, processing and tombstones). */
  get size(): number {
    return this.#records.size;
  }

  /** Pending challenges of one account. */
  pendingCount(accountId: string): number {
    return this.#pendingByAccount.get(accountId)?.length ?? 0;
  }

  /** Drops every record whose grace period ended. */
  sweep(): void {
    const now = this.#clock();
    this.#lastSweep = now;
    for (const record of this.#records.values()) {
      if (record.purgeAt <= now) {
        this.#forget(record);
      }
    }
  }

  /**
   * Sweeps when due: every 256 operations or once a minute of emulator time, so the cost stays
   * O(1) amortised per request and nothing outlives its grace period by much.
   */
  tick(): void {
    this.#operations += 1;
    if (this.#operations % 256 === 0 || this.#clock() - this.#lastSweep >= 60_000) {
      this.sweep();
    }
  }

  #maybeSweep(): void {
    this.tick();
  }

  #forget(record: RequestRecord): void {
    this.#records.delete(record.id);
    this.#unqueue(record);
  }

  #unqueue(record: RequestRecord): void {
    const queue = this.#pendingByAccount.get(record.accountId);
    if (queue === undefined) {
      return;
    }
    const index = queue.indexOf(record.id);
    if (index >= 0) {
      queue.splice(index, 1);
    }
    if (queue.length === 0) {
      this.#pendingByAccount.delete(record.accountId);
    }
  }
}
