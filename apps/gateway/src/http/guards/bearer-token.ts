/** The token of an `Authorization: Bearer <token>` header; undefined for any other header, or none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}
