// POST /account-sessions/end-all: "log out on every device" for the caller. Authenticated by the user's own access
// token (the storefront sends the corporate agent's), it deletes every session of that user from directus_sessions,
// where Directus keeps one row per refresh token: no refresh token of any login of theirs refreshes again, so each
// device's session ends when its access token expires (ACCESS_TOKEN_TTL, 5 minutes here: scripts/lib/content-service.mjs).
// Directus' access tokens are signed, not stored, so one already handed out stays valid until then.
//
// Answers `{ data: { ended: <sessions deleted> } }`; 401 without a user's token. Nobody can end another user's
// sessions here: staff do that in the admin (Users, then the user's sessions) or by suspending the user.
import { defineEndpoint } from '../../shared/define';
import { endpointKit, errorBody } from '../../shared/endpoint';

export default defineEndpoint({
  id: 'account-sessions',
  handler: (router, { database, logger }) => {
    const { handle } = endpointKit({ id: 'account-sessions', database, logger });

    router.post('/end-all', handle(async (req, res) => {
      const user = req.accountability?.user;
      if (!user) return res.status(401).json(errorBody('A valid access token is required', { code: 'INVALID_CREDENTIALS' }));
      const ended = await database('directus_sessions').where({ user }).delete();
      return res.json({ data: { ended } });
    }));
  },
});
