import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** A response read off the wire: status, lower-case headers and the body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends one request with the path exactly as given (no URL parsing, so `%2e%2e`, `\` and `//`
 * reach the server untouched, as a hand-made client would send them).
 */
export function rawRequest(
  baseURL: string,
  input: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: input.method,
        path: input.path,
        headers: input.headers,
        setHost: true,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(input.body);
  });
}

/**
 * Writes raw bytes on a fresh connection and returns the status code of the first response
 * line, for requests no HTTP client library will send (NUL in a header, conflicting framing).
 */
export function rawSocketStatus(baseURL: string, bytes: string): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('connect', () => socket.write(bytes, 'latin1'));
    socket.on('data', (chunk: string) => {
      received += chunk;
      const line = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (line !== null) {
        socket.destroy();
        resolve(Number(line[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed without a status: ${received}`)));
  });
}
