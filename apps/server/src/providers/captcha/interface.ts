/** Checks the token a form obtained from the captcha widget. */
export interface CaptchaProvider {
  readonly name: 'altcha' | 'recaptcha';
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
