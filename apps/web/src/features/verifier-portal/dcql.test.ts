/**
 * The portal's DCQL query from ticked claims (OpenID4VP 1.0 section 6): one credential query per
 * document type with the server's vct, claims with ids, claim_sets [all, required] only when
 * some are optional; selections the server would refuse or a wallet could not satisfy are
 * caught before sending.
 */
import { dcqlQuerySchema } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { buildDcqlQuery, selectionProblem } from './dcql';

const VCTS = {
  pan: 'https://pehchaan.example/vct/pan',
  aadhaar: 'https://pehchaan.example/vct/aadhaar',
};

describe('buildDcqlQuery', () => {
  it('asks for required claims only, without claim_sets, with the vct the server lists', () => {
    const query = buildDcqlQuery({ pan: { name: 'required', pan_number: 'required' } }, VCTS);
    expect(query).toEqual({
      credentials: [
        {
          id: 'pan',
          format: 'dc+sd-jwt',
          meta: { vct_values: ['https://pehchaan.example/vct/pan'] },
          claims: [
            { id: 'name', path: ['name'] },
            { id: 'pan_number', path: ['pan_number'] },
          ],
        },
      ],
    });
    expect(dcqlQuerySchema.safeParse(query).success).toBe(true);
  });

  it('makes optional claims leavable: claim_sets [all ticked, the required only]', () => {
    const query = buildDcqlQuery({ pan: { name: 'required', date_of_birth: 'optional' } }, VCTS);
    expect(query.credentials[0]?.claim_sets).toEqual([['name', 'date_of_birth'], ['name']]);
    expect(dcqlQuerySchema.safeParse(query).success).toBe(true);
  });

  it('builds one credential query per document type and leaves out types with nothing ticked', () => {
    const query = buildDcqlQuery(
      { aadhaar: { name: 'required' }, pan: { pan_number: 'required' }, ckyc: {} },
      VCTS,
    );
    expect(query.credentials.map((c) => [c.id, c.meta.vct_values])).toEqual([
      ['aadhaar', [VCTS.aadhaar]],
      ['pan', [VCTS.pan]],
    ]);
  });

  it('refuses a selection with a problem, and a type the server lists no vct for', () => {
    expect(() => buildDcqlQuery({}, VCTS)).toThrow(/no_claims/);
    expect(() => buildDcqlQuery({ voter_id: { name: 'required' } }, VCTS)).toThrow(/voter_id/);
  });
});

describe('selectionProblem', () => {
  it('needs at least one claim', () => {
    expect(selectionProblem({})).toEqual({ kind: 'no_claims' });
    expect(selectionProblem({ pan: {} })).toEqual({ kind: 'no_claims' });
  });

  it('names the document types whose every claim is optional (a claim set may not be empty)', () => {
    expect(
      selectionProblem({ pan: { date_of_birth: 'optional' }, aadhaar: { name: 'required' } }),
    ).toEqual({ kind: 'needs_required', documentTypes: ['pan'] });
    expect(selectionProblem({ pan: { name: 'required', date_of_birth: 'optional' } })).toBeNull();
  });
});
