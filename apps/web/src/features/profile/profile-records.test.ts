import { describe, expect, it } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import {
  applyLocalUpdate,
  computeProfileStats,
  heldDocumentTypes,
  recentActivity,
  sampleProfile,
} from './profile-records';

const NOW = Date.parse('2025-06-01T10:00:00.000Z');

describe('profile records', () => {
  it('counts active credentials, pending and approved consents, and every activity', () => {
    expect(
      computeProfileStats(
        {
          credentials: [
            credential('valid'),
            credential('expired', { expiration_date: '2020-01-01T00:00:00.000Z' }),
          ],
          consentRequests: [
            consent('p', 'pending'),
            consent('a', 'approved'),
            consent('r', 'rejected'),
          ],
          activityLogs: [activity('l1', 'login', 1, NOW), activity('l2', 'logout', 2, NOW)],
        },
        NOW,
      ),
    ).toEqual({ activeCredentials: 1, pendingConsents: 1, approvedConsents: 1, activities: 2 });
  });

  it('lists the newest activity first, at most five', () => {
    const logs = [3, 1, 7, 2, 5, 4].map((h) => activity(`l${h}`, 'login', h, NOW));
    expect(recentActivity(logs).map((l) => l.id)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5']);
  });

  it('masks the sample profile and knows no other holder', () => {
    expect(sampleProfile('user-002')?.identity_documents).toMatchObject({
      aadhaar_number: 'XXXX XXXX 1238',
      pan_number: 'BKXXXXXX8L',
    });
    expect(sampleProfile('user-999')).toBeNull();
  });

  it('applies a Save made offline to the contact fields only, normalised and marked not yet synced', () => {
    const profile = sampleProfile('user-001');
    if (!profile) throw new Error('no sample');
    const saved = applyLocalUpdate(
      profile,
      { display_name: ' Raju ', email: profile.email, username: 'Raj', bio: '' },
      new Date(NOW),
    );
    expect(saved).toMatchObject({
      display_name: 'Raju',
      name: profile.name,
      dob: profile.dob,
      username: 'raj',
      bio: null,
      updated_at: '2025-06-01T10:00:00.000Z',
      pending_sync: true,
    });
  });

  it('knows which document types the holder holds', () => {
    const held = heldDocumentTypes([credential('c')]);
    expect(held.has('PAN Card')).toBe(true);
    expect(held.has('Passport')).toBe(false);
  });
});
