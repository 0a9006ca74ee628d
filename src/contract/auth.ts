import { z } from 'zod';
import { defineRoute } from './route';

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')).pipe(z.string().max(320));

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(200),
  captchaToken: z.string().max(4000).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** SPEC.md §3 'Auth result'. cookieExpiry is in minutes. */
export const authResultSchema = z.object({
  token: z.string(),
  cookieExpiry: z.number().int().positive(),
  refreshToken: z.string(),
  isStaffMember: z.boolean(),
  impersonatorToken: z.string().nullable(),
  impersonatorRefresherToken: z.string().nullable(),
  returnUrl: z.string().nullable(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const tokenRefreshRequestSchema = z.object({
  token: z.string().max(4000).optional(),
  refreshToken: z.string().min(1, 'A refresh token is required').max(200),
});
export type TokenRefreshRequest = z.input<typeof tokenRefreshRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email,
  captchaToken: z.string().max(4000).optional(),
});

/** The three parts of a reset link, as SPEC.md §3 names them. */
export const resetPasswordQuerySchema = z.object({
  Token: z.string().min(1, 'The reset link is incomplete').max(200),
  Email: email,
  Guid: z.uuid('The reset link is incomplete'),
});
export type ResetPasswordQuery = z.input<typeof resetPasswordQuerySchema>;

/** What a link is for: a forgotten password, or a new user's first one (an invitation from staff). */
export const passwordLinkPurposeSchema = z.enum(['reset', 'invitation']);
export type PasswordLinkPurpose = z.infer<typeof passwordLinkPurposeSchema>;

/** Passwords: at least 8 characters, at most 200 (argon2 accepts more, no person types more). */
export const newPasswordSchema = z.string().min(8, 'Use at least 8 characters').max(200, 'Use at most 200 characters');

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  email,
  guid: z.uuid('The reset link is incomplete'),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const impersonateRequestSchema = z.object({
  token: z.string().min(1, 'The impersonation token is missing').max(200),
  captchaToken: z.string().max(4000),
});

export const messageSchema = z.object({ message: z.string() });

export const logoutRequestSchema = z.object({
  refreshToken: z.string().min(1, 'A refresh token is required').max(200),
});

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: 'Authenticate/Login',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Customer sign-in by email and password',
    body: loginRequestSchema,
    response: authResultSchema,
  }),
  tokenRefresh: defineRoute({
    method: 'POST',
    path: 'Authenticate/TokenRefresh',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Trades a refresh token for a new token pair; a reused refresh token ends its whole session',
    body: tokenRefreshRequestSchema,
    response: authResultSchema,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: 'Authenticate/ForgotPassword',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Mails a single-use password reset link (the same answer whether or not the email is known)',
    body: forgotPasswordRequestSchema,
    response: messageSchema,
  }),
  resetPasswordCheck: defineRoute({
    method: 'GET',
    path: 'Authenticate/ResetPassword',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Checks a reset link (Token, Email, Guid) before the new password is asked for',
    query: resetPasswordQuerySchema,
    response: z.object({ email: z.string(), purpose: passwordLinkPurposeSchema }),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: 'Authenticate/ResetPassword',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Sets a new password through a reset link, once; signs the user out everywhere',
    body: resetPasswordRequestSchema,
    response: messageSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: 'Authenticate/Logout',
    access: 'public',
    tag: 'Authenticate',
    summary: 'Ends the session of a refresh token on the server (its whole family), so it cannot be renewed',
    body: logoutRequestSchema,
    response: messageSchema,
  }),
  logoutEverywhere: defineRoute({
    method: 'POST',
    path: 'Authenticate/LogoutEverywhere',
    access: 'signedIn',
    tag: 'Authenticate',
    summary:
      'Ends every session of the caller (while impersonating: of the staff member); their access tokens stop within 60 s',
    response: messageSchema,
  }),
  impersonate: defineRoute({
    method: 'POST',
    path: 'Authenticate/Impersonate',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Authenticate',
    summary:
      'Trades an impersonation token for a customer session; only the staff member who minted it, with their own session, can redeem it',
    body: impersonateRequestSchema,
    response: authResultSchema,
  }),
};
