/**
 * Preloaded (`node --require`) into every mocha process `npm run conformance` starts: the W3C
 * suites run offline. A DNS lookup of any name but `localhost` fails at once with ENOTFOUND
 * (instead of waiting for a network that is not there), and the name is appended to the file
 * CONFORMANCE_NETWORK_LOG names, so the runner can report which suites tried the network.
 * The product itself is reached by address (127.0.0.1), which needs no lookup.
 */
const dns = require('node:dns');
const { appendFileSync } = require('node:fs');

const lookup = dns.lookup;
const log = process.env.CONFORMANCE_NETWORK_LOG;

dns.lookup = function offlineLookup(hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  if (hostname === 'localhost') return lookup.call(this, hostname, options, callback);
  if (log) appendFileSync(log, `${hostname}\n`);
  const error = new Error(`offline: ${hostname} is not looked up (npm run conformance)`);
  error.code = 'ENOTFOUND';
  process.nextTick(done, error);
  return undefined;
};
