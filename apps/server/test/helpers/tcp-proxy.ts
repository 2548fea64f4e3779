/**
 * A TCP proxy in front of a PostgreSQL server, for the failover tests: `cut()` makes the
 * database unreachable (closes the listener and every open connection, as a dead host does),
 * `restore()` listens again on the same port. With `hotStandby: true` it plays a standby: the
 * server's startup answer gets a ParameterStatus `in_hot_standby = on` just before its first
 * ReadyForQuery (PostgreSQL protocol 3, section 55.7), which is what a real standby reports, and
 * it counts the statements clients send after the startup (a client that checks the session
 * should send none).
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Simple or extended-protocol statements (Query 'Q' or Parse 'P' messages) forwarded so far. */
  readonly statements: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** One ParameterStatus message ('S'): name and value, NUL-terminated. */
function parameterStatus(name: string, value: string): Buffer {
  const body = Buffer.from(`${name}\0${value}\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('S', 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * Calls `onMessage(type)` for every complete message of a stream of typed messages (after the
 * client's untyped startup packet, which `skipFirst` skips).
 */
function messageTypes(onMessage: (type: string) => void, skipFirst: boolean) {
  let pending = Buffer.alloc(0);
  let startupDone = !skipFirst;
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!startupDone) {
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        pending = pending.subarray(length);
        startupDone = true;
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < length + 1) return;
      onMessage(String.fromCharCode(pending[0] ?? 0));
      pending = pending.subarray(length + 1);
    }
  };
}

export async function startTcpProxy(
  target: { host: string; port: number },
  options: { hotStandby?: boolean } = {},
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let connections = 0;
  let statements = 0;
  let port = 0;

  const handle = (client: Socket) => {
    connections++;
    const upstream = tcpConnect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);

    const countStatements = messageTypes((type) => {
      if (type === 'Q' || type === 'P') statements++;
    }, true);
    client.on('data', (chunk: Buffer) => {
      countStatements(chunk);
      upstream.write(chunk);
    });

    if (!options.hotStandby) {
      upstream.pipe(client);
      return;
    }
    // Rewrites the server's stream until the first ReadyForQuery, then passes it through.
    let injected = false;
    let buffered = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      if (injected) return void client.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      let offset = 0;
      while (buffered.length - offset >= 5) {
        const type = String.fromCharCode(buffered[offset] ?? 0);
        const length = buffered.readInt32BE(offset + 1);
        if (buffered.length - offset < length + 1) break;
        if (type === 'Z') {
          client.write(
            Buffer.concat([
              buffered.subarray(0, offset),
              parameterStatus('in_hot_standby', 'on'),
              buffered.subarray(offset),
            ]),
          );
          injected = true;
          buffered = Buffer.alloc(0);
          return;
        }
        offset += length + 1;
      }
    });
  };

  let server: Server = createServer(handle);
  const listen = (wanted: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(wanted, '127.0.0.1', () => {
        const address = server.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen(0);

  return {
    get port() {
      return port;
    },
    get connections() {
      return connections;
    },
    get statements() {
      return statements;
    },
    cut: stop,
    async restore() {
      server = createServer(handle);
      await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
