/** SPEC 5: the customer list filters by name or PAN substring (case-insensitive) plus status. */
import { describe, expect, it } from 'vitest';
import { SAMPLE_CUSTOMERS } from './customers';
import { filterCustomers, NO_FILTER } from './filter-customers';

const names = (query: string, status: Parameters<typeof filterCustomers>[1]['status'] = 'all') =>
  filterCustomers(SAMPLE_CUSTOMERS, { query, status }).map((c) => c.name);

describe('filterCustomers', () => {
  it('keeps everyone with no query and all statuses', () => {
    expect(filterCustomers(SAMPLE_CUSTOMERS, NO_FILTER)).toHaveLength(SAMPLE_CUSTOMERS.length);
  });

  it('matches a name substring, ignoring case and surrounding spaces', () => {
    expect(names('meera')).toEqual(['Meera Nair']);
    expect(names('  SINGH ')).toEqual(['Gurpreet Singh Sandhu', 'Vikram Singh Rathore']);
  });

  it('matches a substring of the masked PAN, ignoring case', () => {
    // Priya Venkataraman's PAN BKVPV5678L shows as BKXXXXXX8L.
    expect(names('xx8l')).toEqual(['Priya Venkataraman']);
    expect(names('BKX')).toEqual(['Priya Venkataraman']);
  });

  it('filters by status, alone and with a query', () => {
    expect(names('', 'Flagged')).toEqual(['Vikram Singh Rathore']);
    expect(names('', 'Moderate Quality Data')).toEqual([
      'Mohammed Arif Khan',
      'Meera Nair',
      'Arjun Reddy',
    ]);
    expect(names('singh', 'Pending')).toEqual(['Gurpreet Singh Sandhu']);
    expect(names('meera', 'Verified')).toEqual([]);
  });

  it('keeps the original order and does not change the list', () => {
    const before = [...SAMPLE_CUSTOMERS];
    filterCustomers(SAMPLE_CUSTOMERS, { query: 'a', status: 'Verified' });
    expect(SAMPLE_CUSTOMERS).toEqual(before);
  });
});
