/**
 * What every service needs from the running app: the database, the vault (encryption and keyed
 * hashes) and the clock. Services take it spread into their one options object
 * (STYLE principle 3), e.g. `listCredentials({ ...app.deps, userId })`.
 */
import type { Db } from '../db/create-db';
import type { Vault } from './vault';

export interface ServiceDeps {
  db: Db;
  vault: Vault;
  /** The app's clock (AppConfig.now); every stored instant comes from it. */
  now: () => Date;
}
