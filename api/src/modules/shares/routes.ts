import { IdParam, PreparedShare, endpoints as ep } from '@zalik/contract';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { shareInvite, shareTask, type SharesDeps } from './service.js';

/** Cards a signed-in user shares into Telegram chats (the app's share buttons). */
export const sharesRoutes = (deps: SharesDeps): Route[] => [
  route(ep.shareTask, { params: IdParam, answer: PreparedShare }, (request) => shareTask(deps, currentUser(request).telegramId, Number(request.params.id))),
  route(ep.shareInvite, { answer: PreparedShare }, (request) => shareInvite(deps, currentUser(request).telegramId)),
];
