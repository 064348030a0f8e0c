import { OAuth2Server } from 'oauth2-mock-server';

/** The person signed in at the provider: what its id_token and userinfo say about her. */
export type OidcIdentity = { sub: string; email: string; name: string; picture: string };

export type OidcProvider = {
  issuer: string;
  /** For OIDC_DISCOVERY_URL. */
  discoveryUrl: string;
  authorizeEndpoint: string;
  /** Who the provider vouches for on the next sign-ins. */
  signInAs(identity: OidcIdentity): void;
  /**
   * Plays the browser at the provider: opens the authorize URL over real HTTP and returns where
   * the provider redirects back to (the app's callback, with code and state).
   */
  authorize(url: string): Promise<URL>;
  stop(): Promise<void>;
};

/** A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server) that signs RS256 id_tokens. */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('oauth2-mock-server did not report its issuer URL');

  let identity: OidcIdentity | undefined;
  const current = (): OidcIdentity => {
    if (!identity) throw new Error('oidc-provider: call signInAs() before signing in');
    return identity;
  };
  // Fired for the access token and the id_token alike; the extra claims do no harm on the first.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    const { sub, email, name, picture } = current();
    Object.assign(token.payload, { sub, email, name, picture, email_verified: true });
  });
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    const { sub, email, name, picture } = current();
    response.body = { sub, email, name, picture, email_verified: true };
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizeEndpoint: `${issuer}/authorize`,
    signInAs(next) {
      identity = next;
    },
    async authorize(url) {
      const res = await fetch(url, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
      return new URL(location);
    },
    stop: () => server.stop(),
  };
}
