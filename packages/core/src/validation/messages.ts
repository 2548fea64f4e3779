/**
 * The exact user-facing messages of SPEC 5 and 8. Both the web app and the API use these, so a
 * holder sees the same words whichever side rejected the input.
 */
export const MESSAGES = {
  aadhaar: 'Please enter a valid 12-digit Aadhaar number',
  phone: 'Please enter a valid 10-digit phone number',
  otp: 'Please enter a valid 6-digit OTP',
  demoOnlySend: 'Please use demo credentials. Real OTP service is currently disabled.',
  demoOnlyOtpStep:
    'Please use demo credentials for testing. Check console for available demo accounts.',
  demoOnlyLogin:
    'Please use demo credentials. Backend authentication is not available in this setup.',
  wrongDemoOtp: (otp: string) => `Wrong OTP for demo user. Use: ${otp}`,
  duplicateDocument: (documentName: string) =>
    `You already have a ${documentName}. Only one document of each type is allowed.`,
  basicIdentityPermanent: 'Basic Identity credential is permanent and cannot be deleted',
  userNotFound: 'User not found',
  credentialNotFound: 'Credential not found',
  /** SPEC 8 verifier outcome; also a share link past its lifetime. */
  credentialExpired: 'Credential expired',
  /** A share link its holder withdrew (DPDP withdrawal of consent). */
  shareWithdrawn: 'The holder withdrew this link',
  /** A share link that had its last allowed view. */
  shareUsedUp: 'This link has reached its view limit',
  /** A credential's bare link its holder turned off (DECISIONS 9.6). */
  linkDisabled: 'The holder turned this link off',
  /** Not in the SPEC (DECISIONS 6 endpoints): the consent request is not the holder's or absent. */
  consentRequestNotFound: 'Consent request not found',
  /** DECISIONS 6: a second decision on a request (SPEC 4: approved and rejected are final). */
  consentAlreadyDecided: (status: string) =>
    `This consent request was already ${status}. Decisions are final.`,
  passwordFieldsRequired: 'Please fill in all password fields',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  backendUnavailable: (aadhaar: string, phone: string) =>
    `Cannot connect to backend server. Please use demo credentials (Aadhaar: ${aadhaar}, Phone: ${phone}) or check if the local backend is running on port 5000.`,
  backendUnavailableToast:
    'Backend server not available. Please use demo credentials or check server connection.',
  offlineBanner: "You're currently offline. Dashboard is showing data from local storage.",
} as const;
