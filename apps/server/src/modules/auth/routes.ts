import {
  acceptedResponseSchema,
  changePasswordRequestSchema,
  emailRequestSchema,
  errorResponseSchema,
  googleCallbackRequestSchema,
  googleStartRequestSchema,
  googleStartResponseSchema,
  loginRequestSchema,
  providersResponseSchema,
  referralCheckResponseSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  storableText,
  tokenRequestSchema,
  verifyResponseSchema,
} from '@spreadscope/contracts';
import { translate } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { sessionUserOf } from '../../http/guards.ts';
import { requestLanguage } from '../../http/language.ts';
import { principalOf } from '../../http/principal.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie.ts';
import { presentSession } from '../account/present-user.ts';
import type { Accounts } from './accounts.ts';
import { setGoogleFlowCookie, takeGoogleFlowCookie } from './google-flow-cookie.ts';
import { addressLimiter, loginThrottle } from './rate-limits.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const MINUTE = 60_000;

/** /api/v1/auth: sign-up, sign-in, sign-out, activation, password and Google flows. */
export function authRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  return async (app) => {
    const { auth, sessions } = accounts;
    const publicUrl = accounts.configuredPublicUrl;
    const perIp = { rateLimit: { max: accounts.authRateLimitPerMinute, timeWindow: MINUTE } };
    const throttle = loginThrottle(app);
    const mailPerAddress = addressLimiter(app, 'mail', 5, 60 * MINUTE);
    const tags = ['auth'];

    app.get(
      '/auth/session',
      {
        schema: {
          tags,
          summary: 'The signed-in user, plan and entitlements (user null for visitors)',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request) => {
        const principal = await principalOf(request);
        return presentSession(principal.via === 'session' ? principal.user : null);
      },
    );

    app.get(
      '/auth/providers',
      {
        schema: {
          tags,
          summary: 'Sign-in methods this server offers',
          response: { 200: providersResponseSchema },
        },
      },
      async () => ({ google: accounts.google !== null }),
    );

    app.post(
      '/auth/signup',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Create an account; sends the activation email',
          body: signupRequestSchema,
          response: { 201: signupResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await mailPerAddress(request, reply);
        const language = request.body.language ?? requestLanguage(request);
        const result = await auth.signup({ ...request.body, language });
        return reply.code(201).send({ email: result.email, verificationSent: true as const });
      },
    );

    app.get(
      '/auth/referral/:code',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Check a referral code before signing up',
          params: z.object({ code: storableText(64) }),
          response: { 200: referralCheckResponseSchema },
        },
      },
      async (request) => auth.checkReferral(request.params.code, requestLanguage(request)),
    );

    app.post(
      '/auth/login',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Sign in with email and password; sets the session cookie',
          body: loginRequestSchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await throttle.before(request, reply);
        const { user, session } = await auth
          .login(request.body.email, request.body.password)
          .catch(async (error: unknown) => {
            if (error instanceof ApiError && error.code === 'invalid_credentials')
              await throttle.failed(request);
            throw error;
          });
        // A session presented before signing in is never promoted (no fixation): it ends here.
        const previous = readSessionToken(request);
        if (previous !== undefined) await sessions.end(previous);
        setSessionCookie(request, reply, session.token, session.expiresAt, publicUrl);
        return presentSession(user);
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: ends the session on every server and clears the cookie',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        const token = readSessionToken(request);
        if (token !== undefined) await sessions.end(token);
        clearSessionCookie(request, reply, publicUrl);
        return presentSession(null);
      },
    );

    app.post(
      '/auth/verify',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Follow the activation link (an expired one sends a new email, 410)',
          body: tokenRequestSchema,
          response: { 200: verifyResponseSchema, ...errors, 410: errorResponseSchema },
        },
      },
      async (request) => {
        const { email } = await auth.verifyEmail(request.body.token);
        return { email, message: translate(requestLanguage(request), 'auth.verified') };
      },
    );

    app.post(
      '/auth/verify/resend',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Send the activation email again (to the account made with this password)',
          body: resendVerificationRequestSchema,
          response: { 202: acceptedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await mailPerAddress(request, reply);
        await auth.resendVerification(request.body.email, request.body.password);
        return reply.code(202).send({ accepted: true as const });
      },
    );

    app.post(
      '/auth/password/forgot',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Email a password-reset link (valid 30 minutes, once)',
          body: emailRequestSchema,
          response: { 202: acceptedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await mailPerAddress(request, reply);
        await auth.forgotPassword(request.body.email);
        return reply.code(202).send({ accepted: true as const });
      },
    );

    app.post(
      '/auth/password/reset',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Set a new password from a reset link; signs the account out everywhere',
          body: resetPasswordRequestSchema,
          response: { 200: acceptedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { token, password, passwordConfirm } = request.body;
        await auth.resetPassword(token, password, passwordConfirm);
        return { accepted: true as const };
      },
    );

    app.post(
      '/auth/password/change',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Change the password; ends every session and starts a new one here',
          body: changePasswordRequestSchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessionUserOf(request);
        const { currentPassword, password, passwordConfirm } = request.body;
        const session = await auth.changePassword(user, currentPassword, password, passwordConfirm);
        setSessionCookie(request, reply, session.token, session.expiresAt, publicUrl);
        return presentSession((await accounts.users.findById(user.id)) ?? user);
      },
    );

    app.post(
      '/auth/google/start',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Begin sign-in with Google: returns the provider URL to open',
          body: googleStartRequestSchema,
          response: { 200: googleStartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const google = accounts.google;
        if (!google) throw new ApiError(404, 'google_disabled', 'auth.googleDisabled');
        const body = request.body;
        const terms = body.acceptTerms === true && body.acceptPrivacy === true;
        if (body.intent === 'signup' && !terms) {
          throw new ApiError(
            400,
            'terms_required',
            'auth.termsRequired',
            {},
            body.acceptTerms ? 'acceptPrivacy' : 'acceptTerms',
          );
        }
        const { url, flow } = await google.start({
          intent: body.intent,
          terms,
          referralCode: body.referralCode,
          language: requestLanguage(request),
        });
        setGoogleFlowCookie(request, reply, flow, publicUrl);
        return { url };
      },
    );

    app.post(
      '/auth/google/callback',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Finish sign-in with Google (the page at /login/google-login posts the code here)',
          body: googleCallbackRequestSchema,
          response: { 200: sessionResponseSchema, ...errors, 502: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const google = accounts.google;
        if (!google) throw new ApiError(404, 'google_disabled', 'auth.googleDisabled');
        const flow = takeGoogleFlowCookie(request, reply, publicUrl);
        const { user, session } = await google.finish(flow, request.body.code, request.body.state);
        const previous = readSessionToken(request);
        if (previous !== undefined) await sessions.end(previous);
        setSessionCookie(request, reply, session.token, session.expiresAt, publicUrl);
        return presentSession(user);
      },
    );
  };
}
