/**
 * Beneficial owners of a business (docs/protocol.md §11.6 `beneficialOwners`): each gets a
 * `BeneficialOwner:<uuid>` id so documents can be attached to it. A PATCH that sends
 * `beneficialOwners` replaces the list; an entry carrying the `id` of a current owner keeps that
 * owner (its status and documents) with the new details, entries without `id` are new owners, and
 * owners left out are removed with their documents.
 */

import type { FieldError } from '../api-error.js';
import { invalidInput } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import type { BeneficialOwnerRecord, CustomerRecord } from '../state/records.js';
import { initialOwnerStatus } from './customer-status.js';

/** One validated `beneficialOwners` entry (customer-fields.ts). */
export interface OwnerInput {
  id?: string;
  personalInfo: Record<string, unknown>;
  ownershipPercentage?: number;
}

/** Throws 400 `INVALID_INPUT` for every entry whose `id` is not a current owner of `customer`. */
export function checkOwnerIds(
  customer: Pick<CustomerRecord, 'owners'> | undefined,
  input: readonly OwnerInput[],
): void {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  input.forEach((entry, index) => {
    if (entry.id === undefined) {
      return;
    }
    if (seen.has(entry.id)) {
      errors.push({ field: `beneficialOwners.${index}.id`, message: 'Listed twice' });
    } else if (!customer?.owners.some((owner) => owner.id === entry.id)) {
      errors.push({
        field: `beneficialOwners.${index}.id`,
        message: 'Not a beneficial owner of this customer',
      });
    }
    seen.add(entry.id);
  });
  if (errors.length > 0) {
    throw invalidInput(errors);
  }
}

/** The owner list after `input` (ids already checked), removing documents of dropped owners. */
export function replaceOwners(
  ctx: SandboxContext,
  customer: Pick<CustomerRecord, 'id' | 'owners'>,
  input: readonly OwnerInput[],
): BeneficialOwnerRecord[] {
  const now = ctx.state.now();
  const owners = input.map((entry): BeneficialOwnerRecord => {
    const kept = customer.owners.find((owner) => owner.id === entry.id);
    return {
      id: kept?.id ?? ctx.state.newId('BeneficialOwner'),
      personalInfo: entry.personalInfo,
      ownershipPercentage: entry.ownershipPercentage,
      status: kept?.status ?? initialOwnerStatus(ctx.options.platform),
      createdAt: kept?.createdAt ?? now,
      updatedAt: now,
    };
  });
  const remaining = new Set(owners.map((owner) => owner.id));
  for (const document of ctx.state.documentsOf(customer.id)) {
    if (document.beneficialOwnerId !== undefined && !remaining.has(document.beneficialOwnerId)) {
      ctx.state.documents.delete(document.id);
    }
  }
  return owners;
}
