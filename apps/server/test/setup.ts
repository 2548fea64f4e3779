/**
 * Runs before each API test file. The server project's workers are not isolated (vitest.config.ts:
 * a worker runs file after file in one process, keeping its imports), so what is process-wide
 * rather than per app starts empty for each file as it would in a new process: the verified
 * outside status lists (src/lib/status-list, a cache keyed by issuer and URL).
 */
import { clearStatusListCache } from '../src/lib/status-list';

clearStatusListCache();
