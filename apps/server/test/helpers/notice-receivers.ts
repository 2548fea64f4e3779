/**
 * Stand-ins for the outside services the holder's notices go to (src/lib/notifier.ts), both on
 * 127.0.0.1 and both real network peers, so the product's senders run as in production:
 * - `startSmsWebhook`: an HTTP server that keeps every JSON body POSTed to it (SMS_WEBHOOK_URL);
 * - `startSmtpServer`: a minimal SMTP server (RFC 5321: EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no
 *   AUTH) that keeps every message it accepts (SMTP_URL smtp://127.0.0.1:port).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';

export interface SmsWebhook {
  url: string;
  /** The JSON bodies received, oldest first. */
  bodies: unknown[];
  /** The status the next POSTs answer (200 by default). */
  status: number;
  close(): Promise<void>;
}

export async function startSmsWebhook(): Promise<SmsWebhook> {
  const hook: Omit<SmsWebhook, 'url' | 'close'> = { bodies: [], status: 200 };
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        hook.bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        hook.bodies.push(null);
      }
      response.writeHead(hook.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(hook, {
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, dot-stuffing undone). */
  data: string;
}

export interface SmtpServer {
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let dataLines: string[] = [];
    reply('220 127.0.0.1 ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push({ ...mail, data: dataLines.join('\r\n') });
            mail = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          reply('250-127.0.0.1');
          reply('250 8BITMIME');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else {
          reply('250 OK');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
