/**
 * SPEC 9 data score colour bands: 80 and above green (high quality), 50 to 79 yellow (moderate),
 * below 50 red (at risk). The band's name is always shown next to its colour, so colour is never
 * the only signal (WCAG 1.4.1).
 */

export const SCORE_BANDS = ['high', 'moderate', 'atRisk'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];

/** Lowest score of the green band. */
export const HIGH_QUALITY_MIN_SCORE = 80;
/** Lowest score of the yellow band. */
export const MODERATE_MIN_SCORE = 50;

/** The band of a 0-100 data score. */
export function scoreBand(score: number): ScoreBand {
  if (score >= HIGH_QUALITY_MIN_SCORE) return 'high';
  if (score >= MODERATE_MIN_SCORE) return 'moderate';
  return 'atRisk';
}
