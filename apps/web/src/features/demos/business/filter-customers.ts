/**
 * SPEC 5 "Customer list filter": name or PAN substring (case-insensitive) plus status.
 * The PAN searched is the masked `panId` the table shows.
 */
import type { BusinessCustomer, CustomerStatus } from './customers';

export interface CustomerFilter {
  /** Substring of the name or PAN; surrounding spaces are ignored; empty matches everyone. */
  query: string;
  /** A status, or 'all'. */
  status: CustomerStatus | 'all';
}

export const NO_FILTER: CustomerFilter = { query: '', status: 'all' };

/** The customers matching `filter`, in their original order. */
export function filterCustomers(
  customers: readonly BusinessCustomer[],
  { query, status }: CustomerFilter,
): BusinessCustomer[] {
  const needle = query.trim().toLowerCase();
  return customers.filter(
    (customer) =>
      (status === 'all' || customer.status === status) &&
      (needle === '' ||
        customer.name.toLowerCase().includes(needle) ||
        customer.panId.toLowerCase().includes(needle)),
  );
}
