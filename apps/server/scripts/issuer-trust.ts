/**
 * `npm run issuer:trust`: reads and edits the trust list, the issuers this deployment trusts
 * (DECISIONS 9.3; docs/security.md "The trust list"). Uses the server's configuration (DATA_DIR,
 * DATABASE_URL, MASTER_KEY) and prepares the database as the server's start does (migrations,
 * seeding: the product's nine issuers are on a new list); with PGlite, stop the server first (one
 * process per data folder). A running server on PostgreSQL sees a change within
 * TRUST_LIST_TTL_MS (10 s, lib/trust-list.ts).
 *
 *   npm run issuer:trust -- list [--json]
 *   npm run issuer:trust -- add --id https://issuer.example --name "Example Issuer" \
 *     [--name-hi "..." --name-es ... --name-fr ... --name-de ... --name-ja ... --name-ta ... \
 *     --name-bn ...] [--jwks-url https://issuer.example/jwks.json | --jwk-file key.json] \
 *     [--did did:key:z6Mk... ...] --types pan,aadhaar,https://issuer.example/vct/degree
 *   npm run issuer:trust -- remove --id https://issuer.example
 *
 * `add` puts the issuer on the list or replaces its entry (the rules of each field:
 * src/platform/add-trusted-issuer.ts); `--did` may be repeated; `--jwk-file` holds a JWK Set or
 * one public JWK. `remove` takes it off (the identifier exactly as `list` shows it).
 * Exit codes: 0 done; 1 the command could not be carried out (an identifier not on the list, the
 * database unreachable or locked); 2 bad usage or input (the message says which field and why).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UI_LANGUAGES } from '@pehchaan/core';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import type { DbOrTx } from '../src/db/create-db';
import { createDatabase } from '../src/db/create-db';
import { AppError } from '../src/lib/errors';
import { loadTrustList, type TrustedIssuer } from '../src/lib/trust-list';
import { addTrustedIssuer } from '../src/platform/add-trusted-issuer';
import { removeTrustedIssuer } from '../src/platform/remove-trusted-issuer';
import { prepareDatabase } from '../src/plugins/db';

export const USAGE = `Usage:
  npm run issuer:trust -- list [--json]
  npm run issuer:trust -- add --id <Credential Issuer URL or DID> --name "<English name>"
    [--name-hi "<name>" --name-es ... --name-fr ... --name-de ... --name-ja ... --name-ta ... --name-bn ...]
    [--jwks-url <https URL> | --jwk-file <path to a JWK Set or JWK>] [--did <DID> ...]
    --types <type>,<type>,...   (catalogue keys: aadhaar, pan, ...; or vct URIs)
  npm run issuer:trust -- remove --id <identifier as listed>`;

/** Exit codes of the command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Where the command writes and reads besides the database (tests pass their own). */
export interface IssuerTrustIo {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): string;
}

const OTHER_LANGUAGES = UI_LANGUAGES.filter((language) => language !== 'en');

/** A usage error: exit code 2 with the message and the usage. */
class UsageError extends Error {}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        id: { type: 'string' },
        name: { type: 'string' },
        ...Object.fromEntries(
          OTHER_LANGUAGES.map((language) => [`name-${language}`, { type: 'string' as const }]),
        ),
        'jwks-url': { type: 'string' },
        'jwk-file': { type: 'string' },
        did: { type: 'string', multiple: true },
        types: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The entry `add` asks for, from its options (checked by addTrustedIssuer). */
function entryOf(values: ReturnType<typeof parse>['values'], io: IssuerTrustIo) {
  const text = (name: string) => {
    const value = (values as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  if (!text('id')) throw new UsageError('add needs --id');
  if (!text('name')) throw new UsageError('add needs --name (the English name)');
  if (!text('types')) throw new UsageError('add needs --types');
  if (text('jwks-url') && text('jwk-file')) {
    throw new UsageError('Give --jwks-url or --jwk-file, not both');
  }
  let jwks: unknown = null;
  const file = text('jwk-file');
  if (file) {
    try {
      jwks = JSON.parse(io.readFile(file));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new UsageError(`Cannot read a JWK Set from --jwk-file ${file}: ${why}`);
    }
  }
  return {
    identifier: text('id'),
    names: {
      en: text('name'),
      ...Object.fromEntries(
        OTHER_LANGUAGES.flatMap((language) => {
          const name = text(`name-${language}`);
          return name === undefined ? [] : [[language, name]];
        }),
      ),
    },
    jwks,
    jwksUrl: text('jwks-url') ?? null,
    dids: values.did ?? [],
    documentTypes: (text('types') ?? '')
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== ''),
  };
}

/** One issuer as `list` prints it. */
function describe(issuer: TrustedIssuer): string[] {
  const keys = issuer.jwks ? `${issuer.jwks.keys.length} key(s) in the entry` : null;
  return [
    `${issuer.names.en}  (${issuer.origin === 'product' ? "product's issuer" : 'added'}, since ${issuer.addedAt.toISOString().slice(0, 10)})`,
    `  id:    ${issuer.identifier}`,
    `  types: ${issuer.documentTypes.join(', ')}`,
    ...(issuer.dids.length > 0 ? [`  dids:  ${issuer.dids.join(', ')}`] : []),
    ...(keys ? [`  keys:  ${keys}`] : []),
    ...(issuer.jwksUrl ? [`  jwks:  ${issuer.jwksUrl}`] : []),
  ];
}

/** The entry's fields (platform/add-trusted-issuer.ts) as the options that give them. */
const OPTION_OF: Record<string, string> = {
  identifier: '--id',
  'names.en': '--name',
  ...Object.fromEntries(
    OTHER_LANGUAGES.map((language) => [`names.${language}`, `--name-${language}`]),
  ),
  jwks: '--jwk-file',
  jwksUrl: '--jwks-url',
  dids: '--did',
  documentTypes: '--types',
};

/** A refusal as the operator reads it: the option at fault, then why. */
function describeRefusal(error: AppError): string {
  const field = error.extensions?.field;
  const reason = error.extensions?.reason;
  if (typeof field !== 'string' || typeof reason !== 'string') return error.detail;
  const option =
    OPTION_OF[field] ??
    Object.entries(OPTION_OF).find(([name]) => field.startsWith(`${name}.`))?.[1];
  return option ? `${option}: ${reason}` : error.detail;
}

/**
 * Runs one `issuer:trust` command on an open, prepared database.
 * @param args the arguments after `--` (e.g. ['add', '--id', ...]).
 * @returns the exit code (EXIT); messages go to `io`. Never throws for bad input; database
 *   errors are reported and answered 1.
 */
export async function runIssuerTrust(
  args: string[],
  deps: { db: DbOrTx; now: () => Date; publicOrigin: string },
  io: IssuerTrustIo,
): Promise<number> {
  try {
    const { positionals, values } = parse(args);
    const [command, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra.join(' ')}`);
    switch (command) {
      case 'list': {
        const list = await loadTrustList(deps);
        if (values.json) {
          io.out(JSON.stringify(list.issuers, null, 2));
        } else {
          io.out(`${list.issuers.length} trusted issuer(s):`);
          for (const issuer of list.issuers) for (const line of describe(issuer)) io.out(line);
        }
        return EXIT.ok;
      }
      case 'add': {
        const added = await addTrustedIssuer({ ...deps, entry: entryOf(values, io) });
        io.out(`${added.replaced ? 'Replaced' : 'Added'} ${added.identifier} on the trust list`);
        return EXIT.ok;
      }
      case 'remove': {
        if (!values.id) throw new UsageError('remove needs --id');
        const removed = await removeTrustedIssuer({ ...deps, identifier: values.id });
        io.out(`Removed ${removed.name} (${removed.identifier}) from the trust list`);
        return EXIT.ok;
      }
      default:
        throw new UsageError(
          command === undefined ? 'Name a command' : `Unknown command: ${command}`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      io.err(USAGE);
      return EXIT.usage;
    }
    if (error instanceof AppError) {
      io.err(describeRefusal(error));
      return error.code === 'invalid_input' ? EXIT.usage : EXIT.failed;
    }
    io.err(error instanceof Error ? error.message : String(error));
    return EXIT.failed;
  }
}

async function main(): Promise<number> {
  const io: IssuerTrustIo = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readFile: (path) => readFileSync(path, 'utf8'),
  };
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    // Migrates, checks the master key and seeds (the product's issuers) as the server's start.
    const deps = await prepareDatabase({
      database,
      config: { ...config, migrations: 'apply' },
      log: Fastify({ logger: { level: 'warn' } }).log,
    });
    return await runIssuerTrust(process.argv.slice(2), deps, io);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(EXIT.failed);
    },
  );
}
