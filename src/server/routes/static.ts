// Serves the built web console (web/dist): the simulator at /, the operator/admin console at /admin.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { projectRoot } from '../../paths.ts';

const webDist = resolve(projectRoot, 'web/dist');

export async function staticRoutes(app: FastifyInstance) {
  if (!existsSync(webDist)) {
    app.get('/', async () => ({ name: 'Switchboard', message: 'The web console is not built yet: run `npm run build:web`. API docs at /docs.' }));
    return;
  }
  await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false });
  const index = (_req: unknown, reply: { sendFile: (f: string) => unknown }) => reply.sendFile('index.html');
  app.get('/admin', index as never);
  app.get('/admin/*', index as never);
}
