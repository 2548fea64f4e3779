/**
 * What the wallet tells a verifier about itself when it fetches a request object with
 * `request_uri_method=post` (OpenID4VP 1.0 section 5.10.1 and 10 "Wallet Metadata"): it takes
 * SD-JWT VCs (`dc+sd-jwt`) issuer-signed with EdDSA, ES256 or ES384 (the algorithms it receives,
 * lib/sd-jwt-issuer-key.ts) and key-bound with EdDSA or ES256, answers `vp_token` only, and
 * verifies request objects signed with EdDSA or ES256. Validated once against @openid4vc's
 * wallet metadata schema, so a typo fails at start rather than at a verifier.
 */
import { zWalletMetadata } from '../openid4vc';
import { SD_JWT_ISSUER_ALGS } from '../sd-jwt-issuer-key';

/** The algorithms the wallet verifies request objects with (jose names). */
export const REQUEST_OBJECT_SIGNING_ALGS = ['EdDSA', 'Ed25519', 'ES256'] as const;

/** The wallet metadata sent as `wallet_metadata` (a JSON object). */
export const WALLET_METADATA = zWalletMetadata.loose().parse({
  vp_formats_supported: {
    'dc+sd-jwt': {
      'sd-jwt_alg_values': [...SD_JWT_ISSUER_ALGS],
      'kb-jwt_alg_values': ['EdDSA', 'ES256'],
    },
  },
  response_types_supported: ['vp_token'],
  response_modes_supported: ['direct_post'],
  client_id_prefixes_supported: ['redirect_uri', 'decentralized_identifier'],
  request_object_signing_alg_values_supported: [...REQUEST_OBJECT_SIGNING_ALGS],
});
