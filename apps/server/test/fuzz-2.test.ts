/**
 * Part 2 of 2 of the fuzz suite (test/fuzz/suite.ts: at least 1,000 generated malformed requests
 * per operation of the OpenAPI document, issue 8): the halves run side by side in two workers.
 */
import { describeFuzzSuite } from './fuzz/suite';

describeFuzzSuite({ index: 1, count: 2 });
