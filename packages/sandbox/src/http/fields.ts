/**
 * Field validation that collects every problem before answering (docs/protocol.md §13: every invalid
 * field in one `details.errors`). Each reader returns the value when valid, else `undefined`
 * after recording a FieldError.
 */
import { type FieldError, invalidInput } from '../api-error.js';
import { isJsonObject } from '../crypto/encoding.js';
import { canonicalId, idPattern, type ResourceName } from '../ids.js';

/** Options of a string field. */
export interface StringRule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Pattern text advertised in the constraint (defaults to `pattern.source`). */
  patternText?: string;
  format?: string;
  enum?: readonly string[];
  message?: string;
}

/** Collects FieldErrors for one request. */
export class FieldErrors {
  readonly errors: FieldError[] = [];

  /** Records one error. */
  add(field: string, message: string, constraint?: Record<string, unknown>): void {
    this.errors.push({ field, message, ...(constraint === undefined ? {} : { constraint }) });
  }

  /** Throws 400 `INVALID_INPUT` with every recorded error, if any. */
  throwIfAny(): void {
    if (this.errors.length > 0) {
      throw invalidInput(this.errors);
    }
  }

  /** A string member of `object`. */
  string(
    object: Record<string, unknown>,
    name: string,
    rule: StringRule,
    prefix = '',
  ): string | undefined {
    const field = `${prefix}${name}`;
    const value = object[name];
    if (value === undefined || value === null) {
      if (rule.required) {
        this.add(field, 'Required');
      }
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(field, 'Must be a string');
      return undefined;
    }
    if (rule.enum !== undefined && !rule.enum.includes(value)) {
      this.add(field, rule.message ?? `Must be one of ${rule.enum.join(', ')}`, {
        enum: [...rule.enum],
      });
      return undefined;
    }
    const length = [...value].length;
    if (rule.minLength !== undefined && length < rule.minLength) {
      this.add(field, rule.message ?? `Must be at least ${rule.minLength} characters`, {
        minLength: rule.minLength,
      });
      return undefined;
    }
    if (rule.maxLength !== undefined && length > rule.maxLength) {
      this.add(field, rule.message ?? `Must be at most ${rule.maxLength} characters`, {
        maxLength: rule.maxLength,
      });
      return undefined;
    }
    if (rule.pattern !== undefined && !rule.pattern.test(value)) {
      this.add(field, rule.message ?? 'Has an invalid format', {
        ...(rule.format === undefined ? {} : { format: rule.format }),
        pattern: rule.patternText ?? rule.pattern.source,
      });
      return undefined;
    }
    return value;
  }

  /** A boolean member. */
  boolean(
    object: Record<string, unknown>,
    name: string,
    required: boolean,
    prefix = '',
  ): boolean | undefined {
    const value = object[name];
    if (value === undefined) {
      if (required) {
        this.add(`${prefix}${name}`, 'Required');
      }
      return undefined;
    }
    if (typeof value !== 'boolean') {
      this.add(`${prefix}${name}`, 'Must be true or false');
      return undefined;
    }
    return value;
  }

  /** An integer member in [min, max]. */
  integer(
    object: Record<string, unknown>,
    name: string,
    rule: { required?: boolean; min?: number; max?: number },
    prefix = '',
  ): number | undefined {
    const value = object[name];
    const field = `${prefix}${name}`;
    if (value === undefined || value === null) {
      if (rule.required) {
        this.add(field, 'Required');
      }
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      this.add(field, 'Must be an integer');
      return undefined;
    }
    if (
      (rule.min !== undefined && value < rule.min) ||
      (rule.max !== undefined && value > rule.max)
    ) {
      this.add(field, `Must be from ${rule.min ?? '-∞'} to ${rule.max ?? '∞'}`);
      return undefined;
    }
    return value;
  }

  /** An object member. */
  object(
    object: Record<string, unknown>,
    name: string,
    required: boolean,
    prefix = '',
  ): Record<string, unknown> | undefined {
    const value = object[name];
    if (value === undefined || value === null) {
      if (required) {
        this.add(`${prefix}${name}`, 'Required');
      }
      return undefined;
    }
    if (!isJsonObject(value)) {
      this.add(`${prefix}${name}`, 'Must be an object');
      return undefined;
    }
    return value;
  }

  /** An id member `<name>:<uuid>`, returned in canonical form. */
  id(
    object: Record<string, unknown>,
    member: string,
    resource: ResourceName,
    required: boolean,
    prefix = '',
  ): string | undefined {
    const value = object[member];
    if (value === undefined || value === null) {
      if (required) {
        this.add(`${prefix}${member}`, 'Required');
      }
      return undefined;
    }
    const id = canonicalId(value, resource);
    if (id === undefined) {
      this.add(`${prefix}${member}`, `Must be a ${resource} id`, { pattern: idPattern(resource) });
    }
    return id;
  }

  /** Records every member of `object` not in `allowed` (only where the spec forbids unknown members). */
  rejectUnknown(object: Record<string, unknown>, allowed: readonly string[], prefix = ''): void {
    for (const name of Object.keys(object)) {
      if (!allowed.includes(name)) {
        this.add(`${prefix}${name}`, 'Unknown member');
      }
    }
  }
}
