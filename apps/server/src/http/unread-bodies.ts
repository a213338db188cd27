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
    // Fastify asks to close after a body it refused; draining (above) replaces that, unless the
    // node is leaving.
    if (
      request.raw.complete === false &&
      !app.draining.isDraining &&
      reply.getHeader('connection') === 'close'
    ) {
      reply.removeHeader('connection');
    }
  });
  app.addHook('onResponse', async (request) => {
    const { raw } = request;
    const socket = raw.socket;
    // `complete` is false only on a real connection whose body is not all in (not under inject).
    if (raw.complete !== false || !socket || socket.destroyed) return;
    let drained = 0;
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, DRAIN_MAX_MS).unref();
    // Counted on the socket: Node's own draining of the request takes its 'data' listeners away.
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) cut();
    };
    const done = () => {
      clearTimeout(timer);
      socket.off('data', count);
    };
    socket.on('data', count);
    raw.once('end', done);
    socket.once('close', done);
    raw.resume();
  });
}
