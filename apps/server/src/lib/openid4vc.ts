/**
 * The one door to the OpenWallet Foundation's @openid4vc/openid4vp (OpenID4VP 1.0 schemas,
 * vp_token parsing and the direct_post submitter). Import it from here, never directly.
 *
 * Why a door: on import, @openid4vc/utils sets zod's process-wide error map
 * (`z.config({ customError })`), which rewrites the default wording of every zod issue in the
 * server, including the API's validation problems (`detail`). This module undoes that once,
 * right after the library has loaded, so zod's own English messages stay what the API and its
 * tests expect. Messages a schema sets itself are not affected either way.
 */
import {
  parseDcqlVpToken,
  submitOpenid4vpAuthorizationResponse,
  zClientMetadata,
  zWalletMetadata,
} from '@openid4vc/openid4vp';
import { z } from 'zod';

z.config({ customError: undefined });

export { parseDcqlVpToken, submitOpenid4vpAuthorizationResponse, zClientMetadata, zWalletMetadata };
