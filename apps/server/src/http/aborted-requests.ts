import type { FastifyInstance } from 'fastify';

/**
 * A client that sends a request and resets the connection at once leaves a request whose socket is gone:
 * no remote address, nobody to answer. Left to run, the rate limiter's key (the client's IP, now undefined)
 * threw and every such request logged a 1.3 KB stack at error level, so anyone could flood the error log.
 * Such a request is dropped here, before the rate limiter and any work, and noted at debug level only.
 * Register before the routes (app-level onRequest hooks run before route-level ones, the limiter's included).
 */
export function registerAbortedRequestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    if (request.ip !== undefined && socket !== undefined && !socket.destroyed) return;
    request.log.debug({ url: request.url }, 'client closed the connection before its request was handled');
    // Nothing can be sent; hijacking ends the request's lifecycle here without an answer.
    reply.hijack();
    socket?.destroy();
  });
}
