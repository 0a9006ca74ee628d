import { browserTimeZone } from '../dates/browser-clock';

/** The cookie that tells every tab which token is current (SPEC.md §4: compared with the remembered token). */
export const TOKEN_COOKIE = 'token';
/** The browser's time zone for the server (SPEC.md §9: max age 30 days). */
export const TIMEZONE_COOKIE = 'timezone';
export const TIMEZONE_COOKIE_MAX_AGE_SECONDS = 30 * 86_400;

function readCookie(name: string, cookies = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=Lax${secure}`;
}

export function readTokenCookie(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function writeTokenCookie(token: string, maxAgeSeconds: number): void {
  writeCookie(TOKEN_COOKIE, token, maxAgeSeconds);
}

export function clearTokenCookie(): void {
  writeCookie(TOKEN_COOKIE, '', 0);
}

export function writeTimezoneCookie(timeZone = browserTimeZone()): void {
  writeCookie(TIMEZONE_COOKIE, timeZone, TIMEZONE_COOKIE_MAX_AGE_SECONDS);
}
