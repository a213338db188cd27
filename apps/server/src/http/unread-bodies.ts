import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What is read and dropped of a refused body, at most, before the connection is cut. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * A request answered before its body was read (a 413 from its Content-Length, a 401 before an
 * upload): closing the connection at once would meet the client still sending, and its network
 * stack may then drop the answer it had not read yet (a reset: EPIPE, ECONNRESET). So the
 * connection stays open and the rest of the body is read and dropped, up to DRAIN_MAX_BYTES or
 * DRAIN_MAX_MS, after which it is cut: by then the client has had its answer.
 */
export function registerUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // `complete` is false only on a real connection whose body is not all in (not under inject).
    if (request.raw.complete !== false) return;
    // Fastify asks to close after a body it refused; draining replaces that, unless the node is
    // leaving.
    if (!app.draining.isDraining && reply.getHeader('connection') === 'close')
      reply.removeHeader('connection');
    drainUnreadBody(request.raw, reply.raw);
  });
}

/**
 * Counts what is read of the body from before the answer is written: once the answer has ended,
 * Node reads and drops the rest of the body itself, at loopback speed, and a count that began
 * only in onResponse missed what a busy event loop let it read meanwhile (35 MB of a refused
 * 100 MB upload in one loaded test run). The connection is cut only after the answer has ended;
 * a socket that reached the limit before is paused till then (counting it set it flowing, and a
 * loaded run read 23 MB while the 413 was still being written).
 */
function drainUnreadBody(raw: IncomingMessage, response: ServerResponse): void {
  const socket = raw.socket;
  if (!socket || socket.destroyed) return;
  let drained = 0;
  const cut = () => {
    if (response.writableFinished) {
      socket.destroy();
      return;
    }
    // The socket flows since its bytes are counted: read no more while the answer is written.
    socket.pause();
    response.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(cut, DRAIN_MAX_MS).unref();
  // Counted on the socket: Node's own draining of the request takes its 'data' listeners away.
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) {
      socket.off('data', count);
      cut();
    }
  };
  const done = () => {
    clearTimeout(timer);
    socket.off('data', count);
  };
  socket.on('data', count);
  raw.once('end', done);
  socket.once('close', done);
  response.once('finish', () => raw.resume());
}
