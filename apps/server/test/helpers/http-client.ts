import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export type HttpAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire: still compressed when Content-Encoding says so. */
  body: Buffer;
  /** How many chunks the body arrived in. */
  chunks: number;
  json: () => unknown;
};

export type HttpRequest = {
  method?: string;
  /** Sent as written, so that malformed paths reach the server as they are. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

/**
 * Requests over a real socket to a listening app. Unlike fetch it neither asks for nor undoes
 * compression, and it sends the path untouched.
 */
export function createHttpClient(port: number) {
  return function send({ method = 'GET', path, headers = {}, body }: HttpRequest): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path, headers, agent: false },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('error', reject);
          response.on('end', () => {
            const bytes = Buffer.concat(parts);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: bytes,
              chunks: parts.length,
              json: () => JSON.parse(bytes.toString('utf8')),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}

/** Bytes written straight to the socket (requests Node's HTTP client would refuse to send). */
export function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const parts: Buffer[] = [];
    socket.on('data', (part: Buffer) => parts.push(part));
    // The server answers and then drops the connection: what arrived before is the answer.
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(parts).toString('utf8')));
  });
}

/** Starts the app on a free port of the loopback interface; returns the port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
