/** SPEC 9 data score colour bands: 80+ green, 50-79 yellow, below 50 red. */
import { describe, expect, it } from 'vitest';
import { scoreBand } from './score-band';

describe('scoreBand', () => {
  it.each([
    [100, 'high'],
    [80, 'high'],
    [79, 'moderate'],
    [50, 'moderate'],
    [49, 'atRisk'],
    [0, 'atRisk'],
  ])('%i is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});
