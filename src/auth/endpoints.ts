/**
 * Where a profile's OAuth endpoints are: under `auth_url` when the profile sets one (an
 * authorization server apart from the API), else under `base_url`; the device
 * authorization endpoint may be set on its own (`device_url`), for a hosted service that
 * keeps it elsewhere.
 */
import { OAUTH_PATHS } from "../model/oauth.js";

export interface OAuthAddresses {
  readonly baseUrl: string;
  readonly authUrl?: string | undefined;
  readonly deviceUrl?: string | undefined;
}

export interface OAuthEndpoints {
  readonly deviceUrl: string;
  readonly tokenUrl: string;
}

/** `https://host/prefix` + `/oauth/token`: a path prefix of the address is kept. */
function under(address: string, path: string): string {
  const url = new URL(address);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  url.search = "";
  url.hash = "";
  return url.toString();
}

export function oauthEndpoints(addresses: OAuthAddresses): OAuthEndpoints {
  const server = addresses.authUrl ?? addresses.baseUrl;
  return {
    deviceUrl: addresses.deviceUrl ?? under(server, OAUTH_PATHS.deviceCode),
    tokenUrl: under(server, OAUTH_PATHS.token),
  };
}
