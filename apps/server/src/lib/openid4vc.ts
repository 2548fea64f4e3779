/**
 * The one door to the OpenWallet Foundation's @openid4vc/openid4vp (OpenID4VP 1.0 schemas,
 * vp_token parsing and the direct_post submitter), @openid4vc/openid4vci (OpenID4VCI 1.0: the
 * wallet's client and the credential issuer's helpers, as the namespace `openid4vci`) and
 * @openid4vc/oauth2 (OAuth 2.0 authorization server and client helpers: token requests, PKCE,
 * access tokens, DPoP; as `oauth2`). Import them from here, never directly.
 *
 * Why a door: on import, @openid4vc/utils sets zod's process-wide error map
 * (`z.config({ customError })`), which rewrites the default wording of every zod issue in the
 * server, including the API's validation problems (`detail`). This module undoes that once,
 * right after the library has loaded, so zod's own English messages stay what the API and its
 * tests expect. Messages a schema sets itself are not affected either way.
 */

import * as oauth2 from '@openid4vc/oauth2';
import * as openid4vci from '@openid4vc/openid4vci';
import {
  parseDcqlVpToken,
  submitOpenid4vpAuthorizationResponse,
  zClientMetadata,
  zWalletMetadata,
} from '@openid4vc/openid4vp';
import { z } from 'zod';

z.config({ customError: undefined });

export {
  oauth2,
  openid4vci,
  parseDcqlVpToken,
  submitOpenid4vpAuthorizationResponse,
  zClientMetadata,
  zWalletMetadata,
};
