/**
 * Section 4's floor for the proxy's latency: the least a backend hop can do on this machine. A
 * `node:http` server that sends each request on to the emulator over a keep-alive socket with the
 * platform's Basic credentials and passes the status, `Content-Type` and body back — no user, no
 * allowlist, no ownership check, no logging, no Hono. Bench only: it is an open proxy by design
 * and listens on loopback for the probe's few seconds.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running bare forwarder. */
export interface BareForwarder {
  /** `http://127.0.0.1:<port>`: a request to `<url><path>` goes to `<upstream origin><path>`. */
  url: string;
  close(): Promise<void>;
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/**
 * Starts the forwarder on an ephemeral loopback port in front of `upstreamOrigin`
 * (`http://127.0.0.1:<port>`), adding `authorization` to every request.
 */
export async function startBareForwarder(options: {
  upstreamOrigin: string;
  authorization: string;
}): Promise<BareForwarder> {
  const upstream = new URL(options.upstreamOrigin);
  const agent = new Agent({ keepAlive: true });
  const server: Server = createServer((incoming, outgoing) => {
    void readBody(incoming).then(
      (body) => {
        const headers: OutgoingHttpHeaders = {
          authorization: options.authorization,
          accept: 'application/json',
        };
        const contentType = incoming.headers['content-type'];
        if (contentType !== undefined) {
          headers['content-type'] = contentType;
        }
        if (body.byteLength > 0) {
          headers['content-length'] = body.byteLength;
        }
        const forwarded = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: incoming.url,
            method: incoming.method,
            headers,
            agent,
          },
          (answer) => {
            void readBody(answer).then(
              (answerBody) => {
                outgoing.writeHead(answer.statusCode ?? 502, {
                  'content-type': answer.headers['content-type'] ?? 'application/json',
                  'content-length': answerBody.byteLength,
                });
                outgoing.end(answerBody);
              },
              () => outgoing.destroy(),
            );
          },
        );
        forwarded.on('error', () => {
          if (!outgoing.headersSent) {
            outgoing.writeHead(502, { 'content-type': 'application/json' });
          }
          outgoing.end('{"status":502,"code":"UPSTREAM_UNREACHABLE","message":"bare forwarder"}');
        });
        forwarded.end(body.byteLength > 0 ? body : undefined);
      },
      () => outgoing.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
