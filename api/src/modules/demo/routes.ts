import type { FastifyInstance } from 'fastify';
import { sign } from '@tma.js/init-data-node';
import { AuthAnswer, DevInitDataAnswer, DevInitDataBody, MSG, PersonaList, endpoints as ep, pathOf } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { PERSONAS, type UsersService } from '../users/index.js';

/** Demo mode only: lets a plain browser act as Telegram for one of the personas. */
export const demoRoutes = (app: FastifyInstance, { config, users }: CoreDeps & { users: UsersService }): Route[] => [
  route(ep.demoPersonas, { answer: PersonaList }, () => PERSONAS.map(({ telegramId, username, firstName, role }) => ({ telegramId, username, firstName, role }))),

  route(ep.demoInitData, { body: DevInitDataBody, answer: DevInitDataAnswer }, async (request, reply) => {
    const id = Number(request.body.telegramId);
    const persona = PERSONAS.find((p) => p.telegramId === request.body.telegramId);
    const user = persona ?? (Number.isSafeInteger(id) && id > 0 ? await users.get(id).catch(() => undefined) : undefined);
    if (!user) throw notFound(MSG.userNotFound);
    const initData = sign(
      {
        user: {
          id,
          first_name: user.firstName,
          last_name: persona?.lastName ?? ('lastName' in user ? user.lastName : ''),
          username: user.username || undefined,
          language_code: 'uk',
        },
        query_id: `demo-${Date.now()}`,
        chat_type: 'private',
        chat_instance: '1',
      },
      config.botToken,
      new Date(),
    );
    if (!request.body.signIn) return { initData };
    // The very sign-in the app would send next (same route, hooks and rate limit, from the
    // same address), so the demo cannot drift from a real launch.
    const res = await app.inject({ method: 'POST', url: pathOf(ep.signIn), payload: JSON.stringify(initData), headers: { 'content-type': 'application/json' }, remoteAddress: request.ip });
    const auth = res.statusCode === 200 ? AuthAnswer.safeParse(res.json()) : undefined;
    // Its first-screen cookie too (http/first-screen-cookie.ts), as the sign-in would set it.
    const cookie = res.headers['set-cookie'];
    if (auth?.success && cookie) reply.header('set-cookie', cookie);
    // Anything else (a rate limit...) the app meets again, and shows, when it signs in itself.
    return auth?.success ? { initData, auth: auth.data } : { initData };
  }),
];
