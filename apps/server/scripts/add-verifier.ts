/**
 * `npm run verifier:add`: registers a verifier organisation (a DPDP Act data fiduciary) with one
 * purpose and prints its first API key, once; or, with `--key-for <name>`, mints another API key
 * for a registered organisation (e.g. a seeded one: 'State Bank of India', 'Bharti Airtel',
 * 'LIC of India'). Uses the server's configuration (DATA_DIR, DATABASE_URL, MASTER_KEY); with
 * PGlite, stop the server first (one process per data folder).
 *
 *   npm run verifier:add -- --name "Acme Bank" --grievance grievance@acme.example \
 *     --purpose open_account --purpose-en "Open an account" --purpose-hi "खाता खोलना" \
 *     --claims "aadhaar:name,address;pan:name,pan_number" --retention-days 1825 \
 *     --reason-en "address=KYC needs proof of your address" \
 *     --reason-hi "address=केवाईसी के लिए आपके पते का प्रमाण चाहिए" \
 *     --notification-url https://acme.example/pehchaan/withdrawals
 *   npm run verifier:add -- --key-for "State Bank of India"
 *   npm run verifier:add -- --notification-url https://sbi.example/withdrawals \
 *     --for "State Bank of India"
 *
 * --reason-en and --reason-hi (optional, repeatable, `<claim>=<text>`) state why the purpose
 * needs a claim, in English and in Hindi, as the purpose text is given: the holder reads it
 * beside the field on the consent card (a claim without one shows "No reason given"). A claim
 * given a reason needs both languages.
 *
 * --notification-url (optional) is where the wallet posts signed withdrawal notices when a
 * holder withdraws a consent given to the organisation (docs/oid4vp.md "Withdrawal notices");
 * with --for it sets the URL of an organisation already registered ('none' clears it).
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/create-db';
import { prepareDatabase } from '../src/plugins/db';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { registerVerifier, setVerifierNotificationUrl } from '../src/verifier/register-verifier';

const USAGE = `Usage:
  npm run verifier:add -- --name <name> --grievance <contact> --purpose <code>
    --purpose-en <text> --purpose-hi <text> --claims "<type>:<claim>,<claim>;<type>:..."
    [--reason-en "<claim>=<why>" --reason-hi "<claim>=<why>" ...]
    [--retention-days <days, default 365>] [--notification-url <https URL>]
  npm run verifier:add -- --key-for <registered name>
  npm run verifier:add -- --notification-url <https URL | none> --for <registered name>`;

/** "aadhaar:name,address;pan:pan_number" -> { aadhaar: [...], pan: [...] }. */
function parseClaims(text: string): Record<string, string[]> {
  return Object.fromEntries(
    text
      .split(';')
      .filter((part) => part.trim() !== '')
      .map((part) => {
        const [type = '', names = ''] = part.split(':');
        return [
          type.trim(),
          names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
        ];
      }),
  );
}

/**
 * The reasons of `--reason-en` and `--reason-hi` ("<claim>=<text>", each repeatable) by claim.
 * @throws {Error} for a value without "=", or a claim given a reason in one language only.
 */
function parseClaimReasons(
  english: readonly string[],
  hindi: readonly string[],
): Record<string, { en: string; hi: string }> {
  const byClaim = (values: readonly string[], option: string) =>
    new Map(
      values.map((value) => {
        const at = value.indexOf('=');
        if (at < 1) throw new Error(`${option} takes <claim>=<text>, e.g. address=KYC needs it`);
        return [value.slice(0, at).trim(), value.slice(at + 1).trim()] as const;
      }),
    );
  const en = byClaim(english, '--reason-en');
  const hi = byClaim(hindi, '--reason-hi');
  const reasons: Record<string, { en: string; hi: string }> = {};
  for (const claim of new Set([...en.keys(), ...hi.keys()])) {
    const enText = en.get(claim);
    const hiText = hi.get(claim);
    if (!enText || !hiText) {
      throw new Error(`The reason for ${claim} needs both --reason-en and --reason-hi`);
    }
    reasons[claim] = { en: enText, hi: hiText };
  }
  return reasons;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      grievance: { type: 'string' },
      purpose: { type: 'string' },
      'purpose-en': { type: 'string' },
      'purpose-hi': { type: 'string' },
      claims: { type: 'string' },
      'reason-en': { type: 'string', multiple: true, default: [] },
      'reason-hi': { type: 'string', multiple: true, default: [] },
      'retention-days': { type: 'string', default: '365' },
      'key-for': { type: 'string' },
      'notification-url': { type: 'string' },
      for: { type: 'string' },
    },
  });
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    // Migrates, checks the master key and seeds a new database exactly as the server's start.
    const deps = await prepareDatabase({
      database,
      config: { ...config, migrations: 'apply' },
      log: Fastify({ logger: { level: 'warn' } }).log,
    });
    if (values['key-for']) {
      const minted = await createVerifierApiKey({ ...deps, verifierName: values['key-for'] });
      console.log(`New API key for ${values['key-for']} (${minted.verifierId}), shown only once:`);
      console.log(minted.apiKey);
      return;
    }
    const notificationUrl = values['notification-url'];
    if (values.for) {
      if (!notificationUrl) throw new Error(USAGE);
      const url = notificationUrl === 'none' ? null : notificationUrl;
      const updated = await setVerifierNotificationUrl({
        ...deps,
        name: values.for,
        notificationUrl: url,
      });
      console.log(
        url
          ? `Withdrawal notices for ${values.for} (${updated.id}) go to ${url}`
          : `${values.for} (${updated.id}) gets no withdrawal notices`,
      );
      return;
    }
    const { name, grievance, purpose, claims } = values;
    const textEn = values['purpose-en'];
    const textHi = values['purpose-hi'];
    const retentionDays = Number(values['retention-days']);
    if (!name || !grievance || !purpose || !textEn || !textHi || !claims) {
      throw new Error(USAGE);
    }
    if (!/^[a-z0-9_]{1,64}$/.test(purpose)) throw new Error('--purpose must be a-z, 0-9 and _');
    if (!Number.isInteger(retentionDays) || retentionDays < 1) {
      throw new Error('--retention-days must be a whole number of days');
    }
    const added = await registerVerifier({
      ...deps,
      verifier: {
        name,
        grievanceContact: grievance,
        purpose: {
          code: purpose,
          textEn,
          textHi,
          claims: parseClaims(claims),
          claimReasons: parseClaimReasons(values['reason-en'], values['reason-hi']),
          retentionDays,
        },
        ...(notificationUrl ? { notificationUrl } : {}),
      },
    });
    console.log(`Registered ${name} (${added.id})`);
    console.log(`client_id: ${added.clientId}`);
    console.log('API key, shown only once:');
    console.log(added.apiKey);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
