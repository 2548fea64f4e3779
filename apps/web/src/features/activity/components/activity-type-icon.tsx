/**
 * The icon and colour of each SPEC 3 activity type on the Activity Logs screen. Decorative
 * (`aria-hidden`): the entry's type label says the same in words. Colours are paired with dark
 * variants and keep at least 4.5:1 contrast for the icon strokes on their tint.
 */
import type { ActivityType } from '@pehchaan/core';
import type { ReactNode } from 'react';

type Tone = 'blue' | 'slate' | 'green' | 'red' | 'violet' | 'orange' | 'teal' | 'amber';

const TONES: Record<Tone, string> = {
  blue: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  red: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
  violet: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  orange: 'bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300',
  teal: 'bg-teal-100 text-teal-700 dark:bg-teal-950 dark:text-teal-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

/** 24x24 stroke paths in the style of src/components/ui/icons.tsx. */
const PATHS: Record<ActivityType, ReactNode> = {
  login: <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  credential_generated: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6M12 18v-6M9 15h6" />
    </>
  ),
  credential_deleted: (
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
  ),
  credential_shared: (
    <>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </>
  ),
  credential_viewed: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  credential_copied: (
    <>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </>
  ),
  credential_downloaded: (
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  ),
  basic_identity_created: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <circle cx="9" cy="11" r="2.5" />
      <path d="M5 17a4 4 0 0 1 8 0M15 9h4M15 13h3" />
    </>
  ),
  consent_approved: (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  consent_rejected: (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
      <path d="m9.5 9.5 5 5M14.5 9.5l-5 5" />
    </>
  ),
  consent_withdrawn: (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
      <path d="M9 12h6" />
    </>
  ),
  consent_expired: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2M4 4l16 16" />
    </>
  ),
  consent_expiring: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </>
  ),
  withdrawal_delivered: (
    <>
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4Z" />
    </>
  ),
  withdrawal_undelivered: (
    <>
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4Z" />
      <path d="M3 21 21 3" />
    </>
  ),
  share_withdrawn: (
    <>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7M3 3l18 18" />
    </>
  ),
  share_expired: (
    <>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
      <circle cx="18.5" cy="18.5" r="3.5" />
      <path d="M18.5 17v1.5l1 1" />
    </>
  ),
  share_used_up: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <path d="M9 12h6" />
    </>
  ),
  grievance_sent: (
    <>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
      <path d="M12 7v4M12 14h.01" />
    </>
  ),
  grievance_resolved: (
    <>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
      <path d="m9 10 2 2 4-4" />
    </>
  ),
  erasure_requested: (
    <>
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3M20 5v7M4 12c0 1.7 3.6 3 8 3M16 16l5 5M21 16l-5 5" />
    </>
  ),
  erasure_resolved: (
    <>
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3M20 5v7M4 12c0 1.7 3.6 3 8 3M15 19l2 2 4-4" />
    </>
  ),
  profile_updated: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21a7 7 0 0 1 10.5-6M18.4 13.6a1.9 1.9 0 0 1 2.7 2.7L16 21.4l-3.5.9.9-3.5Z" />
    </>
  ),
  test_manual: (
    <path d="M9 3h6M10 3v6L4.5 18.5A2 2 0 0 0 6.2 21.5h11.6a2 2 0 0 0 1.7-3L14 9V3M7 15h10" />
  ),
  new_device_login: (
    <>
      <rect x="5" y="2" width="14" height="20" rx="2" />
      <path d="M12 18h.01M12 7v5" />
    </>
  ),
  security_alert: (
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0ZM12 9v4M12 17h.01" />
  ),
  password_changed: (
    <>
      <rect x="3" y="11" width="18" height="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </>
  ),
  passkey_added: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.7-8.7M16 7l3 3M19 4l2 2" />
    </>
  ),
  passkey_removed: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 4.2-4.2M17 3l4 4M21 3l-4 4" />
    </>
  ),
  account_deletion_requested: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21a7 7 0 0 1 12-5M16 16l5 5M21 16l-5 5" />
    </>
  ),
  account_deletion_cancelled: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21a7 7 0 0 1 12-5M15 19l2 2 4-4" />
    </>
  ),
  backup_created: (
    <>
      <path d="M4 14.9A7 7 0 1 1 15.7 8h1.8a4.5 4.5 0 0 1 2.5 8.2" />
      <path d="M12 12v9M8 17l4 4 4-4" />
    </>
  ),
  backup_restored: (
    <>
      <path d="M4 14.9A7 7 0 1 1 15.7 8h1.8a4.5 4.5 0 0 1 2.5 8.2" />
      <path d="M12 21v-9M8 16l4-4 4 4" />
    </>
  ),
  // An eye over a card: an identity number shown in full.
  credential_field_revealed: (
    <>
      <rect x="3" y="14" width="18" height="7" rx="1.5" />
      <path d="M3 8s3-5 9-5 9 5 9 5-3 5-9 5-9-5-9-5Z" />
      <circle cx="12" cy="8" r="2" />
    </>
  ),
  // A QR code's three finder squares: a credential shown as an offline QR code.
  credential_presented_offline: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3M21 14v.01M14 21h7v-4" />
    </>
  ),
  // A sheet of codes: a new set, or one line of it used (struck through).
  recovery_codes_generated: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </>
  ),
  recovery_code_used: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 16h8M7 12h10" />
      <path d="m15 19 2 2 4-4" />
    </>
  ),
  // OpenID4VCI: an arrow into an inbox (an issuer's offer), into a card (a credential received).
  credential_offer_received: (
    <>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.7 4H7.3a2 2 0 0 0-1.8 1.1Z" />
    </>
  ),
  credential_received: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6M12 11v7M9 15l3 3 3-3" />
    </>
  ),
  // SPEC 8 status lists: a card with an alert mark (revoked, suspended or valid again).
  credential_status_changed: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6M12 11v4M12 18h.01" />
    </>
  ),
};

const TYPE_TONES: Record<ActivityType, Tone> = {
  login: 'blue',
  logout: 'slate',
  credential_generated: 'green',
  credential_deleted: 'red',
  credential_shared: 'violet',
  credential_viewed: 'violet',
  credential_copied: 'teal',
  credential_downloaded: 'teal',
  basic_identity_created: 'orange',
  consent_approved: 'green',
  consent_rejected: 'red',
  consent_withdrawn: 'slate',
  consent_expired: 'slate',
  consent_expiring: 'amber',
  withdrawal_delivered: 'teal',
  withdrawal_undelivered: 'red',
  share_withdrawn: 'slate',
  share_expired: 'slate',
  share_used_up: 'amber',
  grievance_sent: 'orange',
  grievance_resolved: 'green',
  erasure_requested: 'orange',
  erasure_resolved: 'green',
  profile_updated: 'amber',
  test_manual: 'slate',
  new_device_login: 'blue',
  security_alert: 'red',
  password_changed: 'amber',
  passkey_added: 'green',
  passkey_removed: 'slate',
  account_deletion_requested: 'red',
  account_deletion_cancelled: 'green',
  backup_created: 'teal',
  backup_restored: 'teal',
  credential_field_revealed: 'violet',
  recovery_codes_generated: 'amber',
  recovery_code_used: 'amber',
  credential_offer_received: 'blue',
  credential_received: 'green',
  credential_status_changed: 'red',
  credential_presented_offline: 'blue',
};

/** The round, tinted icon of `type`; `data-type` names the type for styling and tests. */
export function ActivityTypeIcon({ type }: { type: ActivityType }) {
  return (
    <span
      data-type={type}
      className={`flex size-10 shrink-0 items-center justify-center rounded-full ${TONES[TYPE_TONES[type]]}`}
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="size-5"
      >
        {PATHS[type]}
      </svg>
    </span>
  );
}
