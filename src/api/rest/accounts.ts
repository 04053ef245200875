/**
 * REST: accounts (README, "Accounts"): password change and reset, address change, deletion,
 * data export, the public profile, blocks. Thin adapters over platform/accounts, the same
 * services as the GraphQL fields.
 */
import type { FastifyInstance } from 'fastify';
import * as blocks from '#platform/accounts/blocks.js';
import * as credentials from '#platform/accounts/credentials.js';
import { deleteAccount } from '#platform/accounts/deletion.js';
import { exportMyData } from '#platform/accounts/export.js';
import * as profile from '#platform/accounts/profile.js';
import { AppError } from '#platform/errors.js';
import { reliabilities } from '#platform/play/missed-turns.js';
import { withRetryAfter } from '../http/login-throttle.js';
import { reader, security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, object, s, listResponse } from './schemas.js';

const dateTime = (d: string) => s.str(d, { format: 'date-time' });
const ok = { 200: s.ref('Ok'), ...errorResponses };
const password = (d: string) => s.str(d, { maxLength: 200 });
const token = s.str('The token from the mailed link.', { maxLength: 200 });
const email = s.str('An email address.', { maxLength: 320 });
const usernameParams = {
  type: 'object',
  properties: { username: s.str('User name (case-insensitive).', { minLength: 1, maxLength: 64 }) },
  required: ['username'],
};

export const accountSchemas = [
  object('Profile', 'The public part of an account: plain text, shown to everyone.', {
    displayName: s.nullable(s.str('Name shown beside the user name, or null.')),
    timeZone: s.str('IANA time zone (the one notifications use).'),
    languages: s.listOf({ type: 'string' }, 'BCP 47 language tags.'),
    bio: s.nullable(s.str('A short bio (plain text), or null.')),
    memberSince: dateTime('When the account was created.'),
  }),
  object('ModuleGames', 'Games a user played in one module.', {
    module: s.str('The game module.'),
    played: s.int('Games started (running or over) in which the user holds a side.'),
    finished: s.int('Of those, games that are over.'),
  }),
  object('Reliability', 'How reliably a user plays their turns, across every game.', {
    turnsPlayed: s.int('Turns whose orders the user submitted.'),
    turnsMissed: s.int('Turns the user missed (default orders, bot or forfeit).'),
    excusesUsed: s.int('Missed turns excused by extending the deadline.'),
    civilDisorders: s.int('Seats handed to the bot after a missed turn.'),
    forfeits: s.int('Games forfeited by missing a turn.'),
    resignations: s.int('Running games the user left.'),
    ratio: { type: 'number', description: 'turnsPlayed / (turnsPlayed + turnsMissed); 1 when there is no turn yet.' },
  }),
  object(
    'PublicUser',
    'A public profile: the user, their profile, games played by module and reliability (ratings will join when they exist).',
    {
      id: s.str('User id.'),
      username: s.str('Unique user name.'),
      profile: s.ref('Profile'),
      gamesPlayed: s.listOf(s.ref('ModuleGames'), 'Games played, by module (sorted by module id).'),
      reliability: s.ref('Reliability'),
    },
  ),
];

async function publicUser(p: RestDeps['platform'], u: { id: string; username: string }) {
  const [prof, games, rel] = await Promise.all([
    profile.profiles(p, [u.id]),
    profile.gamesPlayed(p, [u.id]),
    reliabilities(p, [u.id]),
  ]);
  return {
    id: u.id,
    username: u.username,
    profile: prof.get(u.id),
    gamesPlayed: games.get(u.id),
    reliability: rel.get(u.id),
  };
}

export async function accountRoutes(
  app: FastifyInstance,
  { platform, authService, loginThrottle, accountThrottle }: RestDeps,
) {
  const tags = ['account'];

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/account/password',
    {
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change the password',
        security: security.bearer,
        description:
          'Needs the current password and the admin scope; every other login is signed out and the confirmed address is told. Wrong passwords count as failed logins.',
        body: body(
          'Current and new password.',
          { currentPassword: password('Your current password.'), newPassword: password('8 to 200 characters.') },
          ['currentPassword', 'newPassword'],
        ),
        response: ok,
      },
    },
    async (req, reply) => {
      const user = req.auth.require('admin');
      await withRetryAfter(reply, () =>
        loginThrottle.login(user.username, req.ip, () =>
          credentials.changePassword(platform, authService, user, req.body.currentPassword, req.body.newPassword),
        ),
      );
      return { ok: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/account/reset-password',
    {
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'Ask for a password-reset link',
        security: security.none,
        description:
          'Mails a single-use link (valid one hour) to every account whose confirmed address this is. The answer is the same for an unknown address. Limited per address and per client address (429 RATE_LIMITED).',
        body: body('The address.', { email }, ['email']),
        response: ok,
      },
    },
    async (req, reply) => {
      await withRetryAfter(reply, () =>
        credentials.requestPasswordReset(platform, accountThrottle, req.body.email, req.ip),
      );
      return { ok: true };
    },
  );

  app.post<{ Body: { token: string; newPassword: string } }>(
    '/account/reset-password/confirm',
    {
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: 'Reset the password with a mailed link',
        security: security.none,
        description:
          'Sets a new password; the link is spent and every login signed out. LINK_INVALID, LINK_EXPIRED or LINK_USED when the link does not work (nothing changes).',
        body: body('The link token and the new password.', { token, newPassword: password('8 to 200 characters.') }, [
          'token',
          'newPassword',
        ]),
        response: ok,
      },
    },
    async (req) => {
      await credentials.resetPassword(platform, authService, req.body.token, req.body.newPassword);
      return { ok: true };
    },
  );

  app.post<{ Body: { password: string; email: string } }>(
    '/account/email',
    {
      schema: {
        tags,
        operationId: 'changeEmail',
        summary: 'Change the address',
        security: security.bearer,
        description:
          'Mails a single-use link (valid 48 hours) to the new address and tells the old one; the address changes when the link is followed. Needs the admin scope and your password.',
        body: body('Password and new address.', { password: password('Your current password.'), email }, [
          'password',
          'email',
        ]),
        response: ok,
      },
    },
    async (req, reply) => {
      const user = req.auth.require('admin');
      await withRetryAfter(reply, () =>
        loginThrottle.login(user.username, req.ip, () =>
          credentials.requestEmailChange(
            platform,
            authService,
            accountThrottle,
            user,
            req.body.password,
            req.body.email,
          ),
        ),
      );
      return { ok: true };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/account/email/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmEmailChange',
        summary: 'Confirm an address change',
        security: security.none,
        description: "Follows the mailed link: its address becomes your account's. No login needed.",
        body: body('The link token.', { token }, ['token']),
        response: ok,
      },
    },
    async (req) => {
      await credentials.confirmEmailChange(platform, req.body.token);
      return { ok: true };
    },
  );

  app.post<{ Body: { password: string } }>(
    '/account/delete',
    {
      schema: {
        tags,
        operationId: 'deleteAccount',
        summary: 'Delete the account',
        security: security.bearer,
        description:
          'Personal data goes; seats in running games are offered to replacements (the bot plays them meanwhile); open games you created are cancelled; your press messages stay in their games under the deleted name. Needs the admin scope and your password.',
        body: body('Your password.', { password: password('Your current password.') }, ['password']),
        response: ok,
      },
    },
    async (req, reply) => {
      const user = req.auth.require('admin');
      await withRetryAfter(reply, () =>
        loginThrottle.login(user.username, req.ip, () => deleteAccount(platform, authService, user, req.body.password)),
      );
      return { ok: true };
    },
  );

  app.get(
    '/account/export',
    {
      schema: {
        tags,
        operationId: 'exportMyData',
        summary: 'Export my data',
        security: security.bearer,
        description:
          'Everything the platform holds about you, as JSON (format warpost-account-export/1): account, profile, settings, games, your orders of resolved steps, notes, the press messages you wrote and the reports you filed. Nothing about other players. Needs the admin scope.',
        response: {
          200: { type: 'object', description: 'The export (see docs/accounts.md).', additionalProperties: true },
          ...errorResponses,
        },
      },
    },
    async (req) => exportMyData(platform, req.auth.require('admin')),
  );

  app.patch<{ Body: profile.ProfileInput }>(
    '/account/profile',
    {
      schema: {
        tags,
        operationId: 'updateProfile',
        summary: 'Change your profile',
        security: security.bearer,
        description:
          'A field left out stays, null clears it; nothing is stored when a field is refused (BAD_INPUT with one detail per problem). Needs the play scope.',
        body: body('The fields to change.', {
          displayName: s.nullable(s.str('1 line, at most 50 characters, no HTML.', { maxLength: 200 })),
          timeZone: s.nullable(s.str('An IANA time zone (null: UTC).', { maxLength: 64 })),
          languages: {
            type: ['array', 'null'],
            description: 'At most 10 BCP 47 language tags.',
            items: { type: 'string', maxLength: 64 },
            maxItems: 50,
          },
          bio: s.nullable(s.str('At most 500 characters of plain text (no HTML).', { maxLength: 2000 })),
        }),
        response: { 200: s.ref('PublicUser'), ...errorResponses },
      },
    },
    async (req) => {
      const user = req.auth.require('play');
      await profile.updateProfile(platform, user, req.body);
      return publicUser(platform, { id: user.userId, username: user.username });
    },
  );

  app.get(
    '/account/blocks',
    {
      schema: {
        tags,
        operationId: 'listBlockedUsers',
        summary: 'Users you blocked',
        security: security.bearer,
        description: 'The users you blocked, by name. Needs the read scope.',
        response: listResponse('Blocked users.', 'users', s.ref('User'), 'By name.'),
      },
    },
    async (req) => ({ users: await blocks.blockedUsers(platform, req.auth.require('read').userId) }),
  );

  app.post<{ Body: { username: string } }>(
    '/account/blocks',
    {
      schema: {
        tags,
        operationId: 'blockUser',
        summary: 'Block a user',
        security: security.bearer,
        description: 'They cannot invite you to a game or offer you a seat (nor message you). Needs the play scope.',
        body: body('Whom to block.', { username: s.str('Their user name.', { maxLength: 64 }) }, ['username']),
        response: ok,
      },
    },
    async (req) => ({ ok: await blocks.blockUser(platform, req.auth.require('play'), req.body.username) }),
  );

  app.delete<{ Params: { username: string } }>(
    '/account/blocks/:username',
    {
      schema: {
        tags,
        operationId: 'unblockUser',
        summary: 'Lift a block',
        security: security.bearer,
        description: 'Needs the play scope.',
        params: usernameParams,
        response: {
          200: {
            type: 'object',
            description: 'Whether a block was lifted.',
            properties: { removed: s.bool('A block existed and was lifted.') },
            required: ['removed'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => ({ removed: await blocks.unblockUser(platform, req.auth.require('play'), req.params.username) }),
  );

  app.get<{ Params: { username: string } }>(
    '/users/:username',
    {
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        summary: 'A public profile',
        security: security.optional,
        description:
          "A user's public profile by name: profile, games played by module, reliability. NOT_FOUND for an unknown or deleted account.",
        params: usernameParams,
        response: { 200: s.ref('PublicUser'), ...errorResponses },
      },
    },
    async (req) => {
      reader(req);
      const u = await profile.findUser(platform, req.params.username);
      if (!u) throw new AppError('NOT_FOUND', `No user "${req.params.username.slice(0, 64)}".`);
      return publicUser(platform, u);
    },
  );
}
