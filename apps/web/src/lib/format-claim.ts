/**
 * Display helpers for credentialSubject claims, shared by the Credentials cards and the public
 * verifier page so both show a claim the same way.
 */
import { CLAIM_LABELS } from '@pehchaan/core';
import { claimName } from './document-labels';

/**
 * A claim key as a label in `language`: the catalogue's label (core's CLAIM_LABELS,
 * 'date_of_birth' -> 'Date of Birth', 'जन्म तिथि'), else the key in words ('Blood group').
 */
export function fieldLabel(field: string, language: string): string {
  if (CLAIM_LABELS[field]) return claimName(field, language);
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A claim value as text: '-' when empty, lists joined with commas, objects as JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
