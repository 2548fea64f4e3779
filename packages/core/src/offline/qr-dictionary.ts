/**
 * The preset DEFLATE dictionary of the offline QR's format PH1 (RFC 1951 with a preset
 * dictionary as RFC 1950 section 2.2 describes it; docs/offline-verification.md): text that SD-JWT
 * VC presentations of the product's credentials repeat, so the compressor can point back into it
 * instead of spelling it out. FROZEN: a printed code must decode for as long as its credential
 * lives, so this text never changes; a different dictionary is a new format (PH2) with its own
 * prefix. DEFLATE reaches back at most 32 KiB and a near match costs fewer bits than a far
 * one, hence the most frequent pieces (the JSON of the JWTs' headers and payloads, the
 * disclosures' claim names) come last.
 */
const PARTS: readonly string[] = [
  // Values the catalogue's documents share (SPEC 3, SPEC 9 sample data).
  'English","Hindi","Mathematics","Science","Social Science","Physics","Chemistry","Computer Science"]',
  '"LMV-NT"',
  '"CBSE"',
  '"Male"',
  '"Female"',
  '"Indian"',
  '"Basic Identity"',
  '"Aadhaar Card"',
  '"PAN Card"',
  '"Voter ID Card"',
  '"Driving License"',
  '"Passport"',
  '"10th Class Marksheet"',
  '"12th Class Marksheet"',
  '"Birth Certificate"',
  '"CKYC Number"',
  // The vct paths of the ten types ({origin}/vct/{type}).
  '/vct/basic_identity"',
  '/vct/aadhaar"',
  '/vct/pan"',
  '/vct/voter_id"',
  '/vct/driving_license"',
  '/vct/passport"',
  '/vct/marksheet_10th"',
  '/vct/marksheet_12th"',
  '/vct/birth_certificate"',
  '/vct/ckyc"',
  // Disclosures: ["salt","claim",value], one claim name each.
  '","roll_number","',
  '","board","',
  '","year",',
  '","percentage",',
  '","subjects",["',
  '","stream","',
  '","registration_number","',
  '","mother_name","',
  '","father_name","',
  '","place_of_birth","',
  '","passport_number","',
  '","driving_license","',
  '","license_type","',
  '","valid_from","',
  '","voter_id","',
  '","constituency","',
  '","pan_number","',
  '","ckyc_number","',
  '","aadhaar_number","',
  '","phone","',
  '","gender","',
  '","nationality","',
  '","address","',
  '","date_of_birth","',
  '","document_type","',
  '","name","',
  // The key-binding JWT (RFC 9901 section 4.3): header and payload.
  '{"alg":"EdDSA","typ":"kb+jwt"}',
  '{"typ":"kb+jwt","alg":"ES256"}',
  '{"typ":"kb+jwt","alg":"EdDSA"}',
  '{"iat":17',
  '","aud":"offline-print","sd_hash":"',
  ',"nonce":"',
  '","aud":"offline","sd_hash":"',
  // The issuer-signed JWT (draft-ietf-oauth-sd-jwt-vc; issuer/sign-offered-credential.ts).
  '{"alg":"EdDSA","typ":"dc+sd-jwt","kid":"did:key:z6Mk',
  '{"typ":"vc+sd-jwt","alg":"ES256","kid":"',
  '{"typ":"dc+sd-jwt","kid":"did:key:z6Mk',
  '#z6Mk',
  '","alg":"EdDSA"}',
  '{"iss":"did:key:z6Mk',
  '","vct":"https://',
  '","iat":17',
  ',"nbf":17',
  ',"exp":17',
  ',"cnf":{"jwk":{"kty":"EC","crv":"P-256","x":"',
  '","y":"',
  ',"cnf":{"jwk":{"crv":"Ed25519","x":"',
  '","kty":"OKP"}}',
  ',"status":{"status_list":{"idx":',
  ',"uri":"https://',
  '/status-lists/',
  '"}},"_sd":["',
  '","',
  '"],"_sd_alg":"sha-256"}',
];

/** The dictionary's bytes (UTF-8; the text is ASCII). */
export const OFFLINE_QR_DICTIONARY: Uint8Array = new TextEncoder().encode(PARTS.join(''));
