import { SubjectParam, UserList, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { toUser } from '../users/index.js';
import { developersOfSubject } from './developers.queries.js';

/** The creators of a subject's tasks, for the creator filter. */
export const developersRoutes = ({ db, config }: CoreDeps): Route[] => [
  route(ep.developersOfSubject, { params: SubjectParam, answer: UserList }, async (request) => {
    // The creator filter offers what the caller can find in the list: admins see hidden tasks.
    const found = await developersOfSubject(db, Number(request.params.subjectId), currentUser(request).isAdmin);
    // Same shape as the users area's lists, config admins included.
    return found.map((r) => toUser(r, config.adminTelegramIds));
  }),
];
