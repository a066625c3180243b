/** A TOTP secret for typing by hand: groups of four characters, like most authenticator apps show it. */
export function secretGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}
